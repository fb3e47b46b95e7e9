import { Form } from 'react-router';
import { CsrfField, Field } from '../../account/components/form-parts.tsx';
import { t } from '../../../i18n/t-admin.ts';
import { METHOD_LABELS, minorToDecimal, type FlatRateSettings, type FreeShippingSettings } from '../shipping.schema.ts';
import { CheckField, SelectField } from '../../../ui/form-kit.tsx';

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

/** One shipping method: its settings form, plus enable/disable and delete. */
export function MethodEditor({ method, classes, exponent }: Props) {
  const p = `m${method.id}-`;
  const flat = method.settings as FlatRateSettings;
  const free = method.settings as FreeShippingSettings;
  return (
    <details className="method-editor">
      <summary>
        {method.title} — {METHOD_LABELS[method.type]}
        {method.enabled ? '' : t('admin.shipping.method.disabled')}
      </summary>
      <Form method="post" className="admin-form">
        <CsrfField />
        <input type="hidden" name="methodId" value={method.id} />
        <Field id={`${p}title`} name="title" label={t('admin.shipping.method.title')} required defaultValue={method.title} />
        <CheckField name="enabled" label={t('admin.shipping.method.enabled')} checked={method.enabled} />
        {method.type === 'flat_rate' ? (
          <>
            <Money id={`${p}cost`} name="cost" label={t('admin.shipping.method.cost')} value={flat.cost} exponent={exponent} />
            <SelectField
              id={`${p}costType`}
              name="costType"
              label={t('admin.shipping.method.costType')}
              value={flat.costType}
              options={[
                ['per_order', t('admin.shipping.method.perOrder')],
                ['per_item', t('admin.shipping.method.perItem')],
              ]}
            />
            {classes.map((c) => (
              <Money key={c.slug} id={`${p}class-${c.slug}`} name={`classCost.${c.slug}`} label={t('admin.shipping.method.classCost', { name: c.name })} value={flat.classCosts[c.slug] ?? 0} exponent={exponent} />
            ))}
            <Money id={`${p}noClassCost`} name="noClassCost" label={t('admin.shipping.method.noClassCost')} value={flat.noClassCost} exponent={exponent} />
            <SelectField
              id={`${p}calculationType`}
              name="calculationType"
              label={t('admin.shipping.method.calculation')}
              value={flat.calculationType}
              options={[
                ['per_class', t('admin.shipping.method.perClass')],
                ['per_order', t('admin.shipping.method.mostExpensive')],
              ]}
            />
          </>
        ) : method.type === 'free_shipping' ? (
          <>
            <SelectField
              id={`${p}requires`}
              name="requires"
              label={t('admin.shipping.method.requires')}
              value={free.requires}
              options={[
                ['', t('admin.shipping.method.requires.none')],
                ['coupon', t('admin.shipping.method.requires.coupon')],
                ['min_amount', t('admin.shipping.method.requires.min_amount')],
                ['either', t('admin.shipping.method.requires.either')],
                ['both', t('admin.shipping.method.requires.both')],
              ]}
            />
            <Money id={`${p}minAmount`} name="minAmount" label={t('admin.shipping.method.minAmount')} value={free.minAmount} exponent={exponent} />
            <CheckField name="ignoreDiscounts" label={t('admin.shipping.method.ignoreDiscounts')} checked={free.ignoreDiscounts} />
          </>
        ) : (
          <Money id={`${p}cost`} name="cost" label={t('admin.shipping.method.cost')} value={Number(method.settings.cost ?? 0)} exponent={exponent} />
        )}
        <button type="submit" className="button" name="intent" value="save-method">
          {t('admin.shipping.method.save')}
        </button>
      </Form>
      <Form method="post">
        <CsrfField />
        <input type="hidden" name="methodId" value={method.id} />
        <button type="submit" name="intent" value={method.enabled ? 'disable-method' : 'enable-method'}>
          {t(method.enabled ? 'admin.shipping.method.disable' : 'admin.shipping.method.enable')}
        </button>{' '}
        <button type="submit" name="intent" value="delete-method">
          {t('admin.shipping.method.delete')}
        </button>
      </Form>
    </details>
  );
}
