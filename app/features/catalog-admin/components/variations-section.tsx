import { t } from '../../../i18n/t-admin.ts';
import { attributeKey, splitOptions, VARIATION_MORE, type EditorImage } from '../product-form.ts';
import { BACKORDERS, STOCK_STATUSES, type SectionProps } from './editor-fields.tsx';
import { ShippingClassSelect } from './shipping-class-select.tsx';

/*
 * A variable product's variations: generate them from the attributes, add one, set one field
 * on all of them, and each variation's own fields (the less used ones folded under "More").
 * The buttons post the form (nothing is saved until Save), so it all works without scripts.
 */

/** The variations fieldset; `images` are the gallery's pictures a variation may show. */
export function VariationsSection({ fields, values, options, errors, currency, images }: SectionProps & { images: EditorImage[] }) {
  const { err } = fields;
  const variationAttrs = values.attributes.filter((a) => a.variation);
  return (
    <fieldset>
      <legend>{t('products.legend.variations')}</legend>
      <div className="admin-actions">
        <button type="submit" name="intent" value="generate" className="button button--ghost button--small">
          {t('products.variations.generate')}
        </button>
        <button type="submit" name="intent" value="add_variation" className="button button--ghost button--small">
          {t('products.variations.add')}
        </button>
      </div>
      {err('variations')}
      {values.variations.length ? (
        <>
          <div className="admin-list__query" role="group" aria-label={t('products.variations.bulk')}>
            <div className="admin-list__field">
              <label htmlFor="bulk-field">{t('products.variations.bulkField')}</label>
              <select id="bulk-field" name="bulk_field" defaultValue="regular_price">
                <option value="regular_price">{t('products.variations.bulkRegularPrice')}</option>
                <option value="sale_price">{t('products.variations.bulkSalePrice')}</option>
                <option value="stock_quantity">{t('products.stockQuantity')}</option>
                <option value="stock_status">{t('products.variations.bulkStockStatus')}</option>
              </select>
            </div>
            <div className="admin-list__field">
              <label htmlFor="bulk-value">{t('products.variations.bulkValue')}</label>
              <input id="bulk-value" name="bulk_value" />
            </div>
            <button type="submit" name="intent" value="bulk_variations" className="button button--ghost button--small">
              {t('products.variations.bulkSet')}
            </button>
          </div>
          <div className="admin-variations">
            {values.variations.map((v, i) => {
              const title = variationAttrs.map((a) => v.attributes[attributeKey(a.name)] || t('products.variations.any', { name: a.name })).join(' / ') || t('products.variations.numbered', { n: i + 1 });
              const f = (k: string) => `var-${i}-${k}`;
              const e = (k: string) => errors[`variations.${i}.${k}`];
              return (
                <fieldset className="admin-variation" key={`${v.id ?? 'new'}-${i}`} id={`field-variations.${i}`}>
                  <legend>{title}</legend>
                  <input type="hidden" name={`var.${i}.present`} value="1" />
                  <input type="hidden" name={`var.${i}.id`} value={v.id ?? ''} />
                  <div className="grid">
                    {variationAttrs.map((a) => {
                      const key = attributeKey(a.name);
                      return (
                        <div className="field" key={key}>
                          <label htmlFor={f(`attr-${key}`)}>{a.name}</label>
                          <select id={f(`attr-${key}`)} name={`var.${i}.attr.${key}`} defaultValue={v.attributes[key] ?? ''}>
                            <option value="">{t('products.variations.any', { name: a.name })}</option>
                            {splitOptions(a.options).map((o) => (
                              <option key={o} value={o}>
                                {o}
                              </option>
                            ))}
                          </select>
                        </div>
                      );
                    })}
                    {(
                      [
                        ['regular_price', t('products.regularPrice', { currency: currency })],
                        ['sale_price', t('products.salePrice', { currency: currency })],
                        ['sku', t('products.sku')],
                        ['stock_quantity', t('products.stockQuantity')],
                      ] as const
                    ).map(([k, l]) => (
                      <VariationInput key={k} id={f(k)} name={`var.${i}.${k}`} label={l} value={v[k]} error={e(k)} inputMode={k.endsWith('price') ? 'decimal' : k === 'stock_quantity' ? 'numeric' : undefined} />
                    ))}
                    <div className="field">
                      <label htmlFor={f('stock_status')}>{t('products.stockStatus')}</label>
                      <select id={f('stock_status')} name={`var.${i}.stock_status`} defaultValue={v.stock_status}>
                        {STOCK_STATUSES.map((k) => (
                          <option key={k} value={k}>
                            {t(`products.stock.${k}`)}
                          </option>
                        ))}
                      </select>
                    </div>
                    <div className="field">
                      <label htmlFor={f('image')}>{t('products.variations.image')}</label>
                      <select id={f('image')} name={`var.${i}.image`} defaultValue={v.image}>
                        <option value="">{t('products.variations.productImage')}</option>
                        {images.map((img, n) => (
                          <option key={img.id} value={img.id}>
                            {t('products.variations.galleryPicture', { n: n + 1 })}
                            {img.alt ? ` (${img.alt})` : ''}
                          </option>
                        ))}
                      </select>
                    </div>
                  </div>
                  <details className="admin-variation__more" open={VARIATION_MORE.some((k) => e(k)) || undefined}>
                    <summary>{t('products.variation.more')}</summary>
                    <div className="grid">
                      {(
                        [
                          ['sale_from', t('products.variation.saleFrom'), { type: 'date' }],
                          ['sale_to', t('products.variation.saleTo'), { type: 'date' }],
                          ['weight', t('products.weight'), { inputMode: 'decimal' }],
                          ['length', t('products.length'), { inputMode: 'decimal' }],
                          ['width', t('products.width'), { inputMode: 'decimal' }],
                          ['height', t('products.height'), { inputMode: 'decimal' }],
                          ['min_qty', t('products.variation.minQty'), { inputMode: 'numeric' }],
                          ['max_qty', t('products.variation.maxQty'), { inputMode: 'numeric' }],
                        ] as const
                      ).map(([k, l, extra]) => (
                        <VariationInput key={k} id={f(k)} name={`var.${i}.${k}`} label={l} value={v[k]} error={e(k)} {...extra} />
                      ))}
                      <ShippingClassSelect id={f('shipping_class')} name={`var.${i}.shipping_class`} value={v.shipping_class} classes={options.shippingClasses} blank={t('products.shippingClass.same')} error={e('shipping_class')} />
                      <div className="field">
                        <label htmlFor={f('backorders')}>{t('products.backorders')}</label>
                        <select id={f('backorders')} name={`var.${i}.backorders`} defaultValue={v.backorders}>
                          {BACKORDERS.map((k) => (
                            <option key={k} value={k}>
                              {t(`products.backorders.${k}`)}
                            </option>
                          ))}
                        </select>
                      </div>
                      <div className="field">
                        <label htmlFor={f('tax_class')}>{t('products.taxClass')}</label>
                        <select id={f('tax_class')} name={`var.${i}.tax_class`} defaultValue={v.tax_class}>
                          <option value="parent">{t('products.variation.sameAsParent')}</option>
                          {options.taxClasses.map((c) => (
                            <option key={c} value={c}>
                              {c || t('products.taxClass.standard')}
                            </option>
                          ))}
                        </select>
                      </div>
                    </div>
                    <div className="field">
                      <label htmlFor={f('description')}>{t('products.variation.description')}</label>
                      <textarea id={f('description')} name={`var.${i}.description`} defaultValue={v.description} rows={3} />
                    </div>
                    <div className="check">
                      <input type="checkbox" id={f('virtual')} name={`var.${i}.virtual`} defaultChecked={v.virtual} />
                      <label htmlFor={f('virtual')}>{t('products.virtual')}</label>
                    </div>
                    <div className="check">
                      <input type="checkbox" id={f('downloadable')} name={`var.${i}.downloadable`} defaultChecked={v.downloadable} />
                      <label htmlFor={f('downloadable')}>{t('products.downloadable')}</label>
                    </div>
                  </details>
                  <div className="check">
                    <input type="checkbox" id={f('enabled')} name={`var.${i}.enabled`} defaultChecked={v.enabled} />
                    <label htmlFor={f('enabled')}>{t('products.variations.enabled')}</label>
                  </div>
                  <div className="check">
                    <input type="checkbox" id={f('manage')} name={`var.${i}.manage_stock`} defaultChecked={v.manage_stock} />
                    <label htmlFor={f('manage')}>{t('products.manageStock')}</label>
                  </div>
                  <div className="check">
                    <input type="checkbox" id={f('remove')} name={`var.${i}.remove`} />
                    <label htmlFor={f('remove')}>{t('products.variations.remove')}</label>
                  </div>
                </fieldset>
              );
            })}
          </div>
        </>
      ) : (
        <p className="hint">{t('products.variations.none')}</p>
      )}
    </fieldset>
  );
}

/** One labelled input of a variation, its error announced with it. */
function VariationInput({ id, name, label, value, error, type, inputMode }: { id: string; name: string; label: string; value: string; error?: string; type?: string; inputMode?: 'decimal' | 'numeric' }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} defaultValue={value} type={type} inputMode={inputMode} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
      {error ? (
        <span className="error" id={`${id}-error`}>
          {error}
        </span>
      ) : null}
    </div>
  );
}
