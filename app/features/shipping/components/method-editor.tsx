import { Form } from 'react-router';
import { CsrfField } from '../../account/components/form-parts.tsx';
import { METHOD_LABELS, minorToDecimal, type FlatRateSettings, type FreeShippingSettings } from '../shipping.schema.ts';

interface Method {
  id: number;
  type: 'flat_rate' | 'free_shipping' | 'local_pickup';
  title: string;
  enabled: boolean;
  settings: Record<string, unknown>;
}

interface Props {
  method: Method;
  classes: { slug: string; name: string }[];
  /** Minor-unit exponent of the store currency (2 for GBP). */
  exponent: number;
}

function Money({ id, name, label, value, exponent }: { id: string; name: string; label: string; value: number; exponent: number }) {
  return (
    <div className="form-row">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} inputMode="decimal" defaultValue={minorToDecimal(value, exponent)} />
    </div>
  );
}

function Choice({ id, name, label, value, options }: { id: string; name: string; label: string; value: string; options: [string, string][] }) {
  return (
    <div className="form-row">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** One shipping method: its settings form, plus enable/disable and delete. */
export function MethodEditor({ method, classes, exponent }: Props) {
  const p = `m${method.id}-`;
  const flat = method.settings as FlatRateSettings;
  const free = method.settings as FreeShippingSettings;
  return (
    <details className="method-editor">
      <summary>
        {method.title} — {METHOD_LABELS[method.type]}
        {method.enabled ? '' : ' (disabled)'}
      </summary>
      <Form method="post" className="admin-form">
        <CsrfField />
        <input type="hidden" name="methodId" value={method.id} />
        <div className="form-row">
          <label htmlFor={`${p}title`}>Title shoppers see</label>
          <input id={`${p}title`} name="title" required defaultValue={method.title} />
        </div>
        <div className="form-row">
          <input type="hidden" name="enabled" value="0" />
          <label>
            <input type="checkbox" name="enabled" value="1" defaultChecked={method.enabled} /> Enabled
          </label>
        </div>
        {method.type === 'flat_rate' ? (
          <>
            <Money id={`${p}cost`} name="cost" label="Cost" value={flat.cost} exponent={exponent} />
            <Choice id={`${p}costType`} name="costType" label="Charge the cost" value={flat.costType} options={[['per_order', 'Once per order'], ['per_item', 'For each item']]} />
            {classes.map((c) => (
              <Money key={c.slug} id={`${p}class-${c.slug}`} name={`classCost.${c.slug}`} label={`Extra for “${c.name}” items`} value={flat.classCosts[c.slug] ?? 0} exponent={exponent} />
            ))}
            <Money id={`${p}noClassCost`} name="noClassCost" label="Extra for items without a shipping class" value={flat.noClassCost} exponent={exponent} />
            <Choice
              id={`${p}calculationType`}
              name="calculationType"
              label="Shipping-class costs"
              value={flat.calculationType}
              options={[['per_class', 'Add up every class in the cart'], ['per_order', 'Charge only the most expensive class']]}
            />
          </>
        ) : method.type === 'free_shipping' ? (
          <>
            <Choice
              id={`${p}requires`}
              name="requires"
              label="Free shipping requires"
              value={free.requires}
              options={[
                ['', 'Nothing'],
                ['coupon', 'A free-shipping coupon'],
                ['min_amount', 'A minimum order amount'],
                ['either', 'A minimum amount or a coupon'],
                ['both', 'A minimum amount and a coupon'],
              ]}
            />
            <Money id={`${p}minAmount`} name="minAmount" label="Minimum order amount" value={free.minAmount} exponent={exponent} />
            <div className="form-row">
              <input type="hidden" name="ignoreDiscounts" value="0" />
              <label>
                <input type="checkbox" name="ignoreDiscounts" value="1" defaultChecked={free.ignoreDiscounts} /> Compare the minimum with the
                amount before coupon discounts
              </label>
            </div>
          </>
        ) : (
          <Money id={`${p}cost`} name="cost" label="Cost" value={Number(method.settings.cost ?? 0)} exponent={exponent} />
        )}
        <button type="submit" className="button" name="intent" value="save-method">
          Save method
        </button>
      </Form>
      <Form method="post">
        <CsrfField />
        <input type="hidden" name="methodId" value={method.id} />
        <button type="submit" name="intent" value={method.enabled ? 'disable-method' : 'enable-method'}>
          {method.enabled ? 'Disable' : 'Enable'}
        </button>{' '}
        <button type="submit" name="intent" value="delete-method">
          Delete method
        </button>
      </Form>
    </details>
  );
}
