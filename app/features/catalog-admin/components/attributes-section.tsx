import { t } from '../../../i18n/t-admin.ts';
import type { EditorValues } from '../product-form.ts';
import type { SectionProps } from './editor-fields.tsx';

/** The product's attributes (two blank rows to add more), their swatches, and adding a global attribute. */
export function AttributesSection({ fields, values, options, errors, type }: SectionProps & { type: EditorValues['type'] }) {
  const { fieldProps, err } = fields;
  const swatchError = (i: number) => {
    const hit = Object.entries(errors).find(([k]) => k === `attributes.${i}.swatches` || k.startsWith(`attributes.${i}.swatches.`));
    return hit ? (hit[0].length > `attributes.${i}.swatches`.length ? `${hit[0].slice(`attributes.${i}.swatches.`.length)}: ${hit[1]}` : hit[1]) : undefined;
  };
  return (
    <fieldset>
      <legend>{t('products.legend.attributes')}</legend>
      <p className="hint">{t('products.attr.hint')}</p>
      <p className="hint" id="attr-swatches-hint">
        {t('products.attr.swatchesHint')}
      </p>
      <div id="field-attributes">
        {[...values.attributes, ...[0, 1].map(() => ({ name: '', options: '', visible: true, variation: type === 'variable', display: 'select', swatches: '', is_global: false }))].map((a, i) => (
          <div className="grid" key={i} style={{ marginBlockEnd: 'var(--space-3)' }}>
            <div className="field">
              <label htmlFor={`attr-${i}-name`}>{t('products.attr.name', { n: i + 1 })}</label>
              <input id={`attr-${i}-name`} name={`attr.${i}.name`} defaultValue={a.name} />
            </div>
            <div className="field" style={{ gridColumn: 'span 2' }}>
              <label htmlFor={`attr-${i}-options`}>{t('products.attr.options', { n: i + 1 })}</label>
              <input id={`attr-${i}-options`} name={`attr.${i}.options`} defaultValue={a.options} />
            </div>
            <div className="check">
              <input type="checkbox" id={`attr-${i}-visible`} name={`attr.${i}.visible`} defaultChecked={a.visible} />
              <label htmlFor={`attr-${i}-visible`}>{t('products.attr.visible', { n: i + 1 })}</label>
            </div>
            <div className="check">
              <input type="checkbox" id={`attr-${i}-variation`} name={`attr.${i}.variation`} defaultChecked={a.variation} />
              <label htmlFor={`attr-${i}-variation`}>{t('products.attr.variation', { n: i + 1 })}</label>
            </div>
            <div className="field">
              <label htmlFor={`attr-${i}-display`}>{t('products.attr.display', { n: i + 1 })}</label>
              <select id={`attr-${i}-display`} name={`attr.${i}.display`} defaultValue={a.display}>
                {(['select', 'color', 'label', 'image'] as const).map((d) => (
                  <option key={d} value={d}>
                    {t(`products.attr.display.${d}`)}
                  </option>
                ))}
              </select>
            </div>
            <div className="field" style={{ gridColumn: 'span 2' }}>
              <label htmlFor={`attr-${i}-swatches`}>{t('products.attr.swatches', { n: i + 1 })}</label>
              <input
                id={`attr-${i}-swatches`}
                name={`attr.${i}.swatches`}
                defaultValue={a.swatches}
                aria-describedby={`attr-swatches-hint${errors[`attributes.${i}.swatches`] ? ` attr-${i}-swatches-error` : ''}`}
                aria-invalid={errors[`attributes.${i}.swatches`] ? true : undefined}
              />
              {swatchError(i) ? (
                <span className="error" id={`attr-${i}-swatches-error`}>
                  {swatchError(i)}
                </span>
              ) : null}
            </div>
            {a.is_global ? (
              <p className="hint" style={{ gridColumn: '1 / -1', margin: 0 }}>
                <input type="hidden" name={`attr.${i}.is_global`} value="1" />
                {t('products.attr.global')}
              </p>
            ) : null}
          </div>
        ))}
        {err('attributes')}
      </div>
      {options.globalAttributes.length ? (
        <div className="admin-list__query" role="group" aria-label={t('products.attr.addGlobal')}>
          <div className="admin-list__field">
            <label htmlFor="field-global_attribute">{t('products.attr.addGlobal')}</label>
            <select {...fieldProps('global_attribute')} defaultValue="">
              <option value="">—</option>
              {options.globalAttributes.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name}
                </option>
              ))}
            </select>
            {err('global_attribute')}
          </div>
          <button type="submit" name="intent" value="add_global" className="button button--ghost button--small">
            {t('products.attr.addGlobalButton')}
          </button>
        </div>
      ) : null}
    </fieldset>
  );
}
