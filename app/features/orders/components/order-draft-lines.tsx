import { Field } from '../../account/components/form-parts.tsx';
import { described } from '../../../ui/form-kit.tsx';
import { t } from '../../../i18n/t-admin.ts';
import type { DraftFormProps } from './order-draft-form.tsx';

/*
 * The order form's lines: each product line with its quantity and own unit price (the
 * product's price as the placeholder), its amount once priced and a remove button; then the
 * product search and what it found, each an "Add" button. Plain form fields and buttons
 * with intents, as the rest of the form.
 */

type LinesProps = Pick<DraftFormProps, 'draft' | 'priced' | 'found' | 'errors' | 'money'>;

/** A line's quantity or price input, labelled for screen readers with the line's name, and its error below. */
function CellInput(props: { name: string; label: string; defaultValue: string; inputMode: 'numeric' | 'decimal'; size: number; placeholder?: string; error?: string }) {
  const { name, label, error, ...input } = props;
  const id = `field-${name}`;
  const { describedBy, lines } = described(id, undefined, error);
  return (
    <>
      <label className="visually-hidden" htmlFor={id}>
        {label}
      </label>
      <input id={id} name={name} {...input} aria-invalid={error ? true : undefined} aria-describedby={describedBy} />
      {lines}
    </>
  );
}

export function DraftLines({ draft, priced, found, errors, money }: LinesProps) {
  return (
    <fieldset>
      <legend>{t('admin.orderForm.items')}</legend>
      {draft.lines.length ? (
        <div className="order-draft__scroll" role="region" aria-label={t('admin.orderForm.items')} tabIndex={0}>
          <table className="admin-table order-draft__lines">
            <thead>
              <tr>
                <th scope="col">{t('admin.orderForm.product')}</th>
                <th scope="col">{t('admin.orderForm.quantityHead')}</th>
                <th scope="col">{t('admin.orderForm.priceHead')}</th>
                <th scope="col">{t('admin.orderForm.lineTotal')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('admin.orderForm.remove')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {draft.lines.map((l, i) => {
                const line = priced ? priced.lines[i] : undefined;
                return (
                  <tr key={`${l.productId}:${l.variationId}:${i}`}>
                    <th scope="row">
                      {l.name}
                      <input type="hidden" name={`line_product_${i}`} value={l.productId} />
                      <input type="hidden" name={`line_variation_${i}`} value={l.variationId ?? ''} />
                      <input type="hidden" name={`line_name_${i}`} value={l.name} />
                      <input type="hidden" name={`line_attributes_${i}`} value={JSON.stringify(l.attributes)} />
                      <input type="hidden" name={`line_item_${i}`} value={l.itemId ?? ''} />
                    </th>
                    <td>
                      <CellInput name={`line_qty_${i}`} label={t('admin.orderForm.quantity', { name: l.name })} defaultValue={l.quantity} inputMode="numeric" size={4} error={errors[`line_qty_${i}`]} />
                    </td>
                    <td>
                      <CellInput
                        name={`line_price_${i}`}
                        label={t('admin.orderForm.price', { name: l.name })}
                        defaultValue={l.price}
                        inputMode="decimal"
                        size={8}
                        placeholder={line ? money(line.unitPrice) : ''}
                        error={errors[`line_price_${i}`]}
                      />
                    </td>
                    <td>{line ? money(line.total) : ''}</td>
                    <td>
                      <button type="submit" name="intent" value={`remove:${i}`} className="link-button" aria-label={t('admin.orderForm.removeLabel', { name: l.name })}>
                        {t('admin.orderForm.remove')}
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : (
        <p>{t('admin.orderForm.noLines')}</p>
      )}
      <p className="hint">{t('admin.orderForm.priceHint')}</p>
      <div className="order-draft__search">
        <Field name="product_q" label={t('admin.orderForm.productSearch')} defaultValue={draft.productQuery} error={errors.product_q} />
        <button type="submit" name="intent" value="find_product" className="button button--ghost">
          {t('admin.orderForm.find')}
        </button>
      </div>
      {found.products ? (
        found.products.length ? (
          <ul className="order-draft__found">
            {found.products.map((p) => (
              <li key={`${p.productId}:${p.variationId}`}>
                <button type="submit" name="intent" value={`add:${p.productId}:${p.variationId ?? ''}`} className="link-button">
                  {t('admin.orderForm.addLine', { name: p.name })}
                </button>
                {p.sku ? <span className="hint"> {p.sku}</span> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p role="status">{t('admin.orderForm.noProducts', { q: draft.productQuery })}</p>
        )
      ) : null}
    </fieldset>
  );
}
