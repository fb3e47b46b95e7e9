import { t } from '../../../i18n/t-admin.ts';

/**
 * The editor's shipping class field: the classes of /admin/shipping-classes in a select. A
 * class the product already has that is not one of them any more (an import's) stays offered,
 * marked, so saving the rest of the product does not drop it.
 */
export function ShippingClassSelect({ id, name, value, classes, blank, error }: { id: string; name: string; value: string; classes: { name: string; slug: string }[]; blank: string; error?: string }) {
  const unknown = value && !classes.some((c) => c.slug === value);
  return (
    <div className="field">
      <label htmlFor={id}>{t('products.shippingClass')}</label>
      <select id={id} name={name} defaultValue={value} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
        <option value="">{blank}</option>
        {classes.map((c) => (
          <option key={c.slug} value={c.slug}>
            {c.name}
          </option>
        ))}
        {unknown ? <option value={value}>{t('products.shippingClass.unknown', { slug: value })}</option> : null}
      </select>
      {error ? (
        <span className="error" id={`${id}-error`}>
          {error}
        </span>
      ) : null}
    </div>
  );
}
