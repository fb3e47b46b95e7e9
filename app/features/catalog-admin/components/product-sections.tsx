import { Link } from 'react-router';
import { t } from '../../../i18n/t-admin.ts';
import { LINK_KINDS, PRODUCT_STATUS_ORDER, type EditorImage, type EditorValues, type LinkedProduct, type LinkKind } from '../product-form.ts';
import { BACKORDERS, STOCK_STATUSES, type SectionProps } from './editor-fields.tsx';
import { GalleryField } from './gallery-field.tsx';
import { ProductPicker } from './product-picker.tsx';
import { RichTextField } from './rich-text-field.tsx';
import { ShippingClassSelect } from './shipping-class-select.tsx';

/*
 * The product editor's sections, one fieldset each, in the order the page shows them (the
 * route admin.products.$id.tsx composes them into its one form). Attributes and variations,
 * the two long ones, have files of their own.
 */

/** Name, address, type, status and visibility. */
export function GeneralSection({ fields, values, setType, status, setStatus }: SectionProps & { setType: (type: EditorValues['type']) => void; status: EditorValues['status']; setStatus: (status: EditorValues['status']) => void }) {
  const { text, select, check } = fields;
  return (
    <fieldset>
      <legend>{t('products.legend.product')}</legend>
      {text('name', t('products.name'), { required: true, maxLength: 200 })}
      {text('slug', t('products.slug'), { maxLength: 200, 'aria-description': t('products.slugHint') })}
      <div className="grid">
        {select('type', t('products.type'), (['simple', 'variable', 'grouped', 'external'] as const).map((k) => [k, t(`products.typeChoice.${k}`)]), (v) => setType(v as EditorValues['type']))}
        {select('status', t('products.status'), PRODUCT_STATUS_ORDER.filter((k) => k !== 'trash' || values.status === 'trash').map((k) => [k, t(`products.status.${k}`)]), setStatus)}
        {status === 'future' ? text('publish_at', t('products.publishAt'), { type: 'datetime-local' }) : null}
        {select('catalog_visibility', t('products.visibility'), (['visible', 'catalog', 'search', 'hidden'] as const).map((k) => [k, t(`products.visibility.${k}`)]))}
      </div>
      {check('featured', t('products.featured'))}
      {check('reviews_allowed', t('products.reviewsAllowed'))}
    </fieldset>
  );
}

/** The long and short descriptions (rich text). */
export function DescriptionsSection({ values, errors, edited }: SectionProps & { edited: () => void }) {
  return (
    <fieldset>
      <legend>{t('products.legend.descriptions')}</legend>
      <RichTextField name="description" label={t('products.description')} defaultValue={values.description} error={errors.description} onEdit={edited} />
      <RichTextField name="short_description" label={t('products.shortDescription')} defaultValue={values.short_description} error={errors.short_description} small onEdit={edited} />
    </fieldset>
  );
}

/** Regular and sale price with the sale dates (simple and external products; variations carry their own). */
export function PriceSection({ fields, currency }: SectionProps) {
  const { text } = fields;
  const money = { inputMode: 'decimal', autoComplete: 'off' };
  return (
    <fieldset>
      <legend>{t('products.legend.price')}</legend>
      <div className="grid">
        {text('regular_price', t('products.regularPrice', { currency: currency }), money)}
        {text('sale_price', t('products.salePrice', { currency: currency }), money)}
        {text('sale_from', t('products.saleFrom'), { type: 'date' })}
        {text('sale_to', t('products.saleTo'), { type: 'date' })}
      </div>
    </fieldset>
  );
}

/** Where an external product links to, and its button. */
export function ExternalSection({ fields }: SectionProps) {
  const { text } = fields;
  return (
    <fieldset>
      <legend>{t('products.legend.external')}</legend>
      {text('external_url', t('products.externalUrl'), { type: 'url' })}
      {text('button_text', t('products.buttonText'))}
    </fieldset>
  );
}

/** SKU and stock. */
export function InventorySection({ fields, values }: SectionProps) {
  const { text, select, check } = fields;
  return (
    <fieldset>
      <legend>{t('products.legend.inventory')}</legend>
      <div className="grid">
        {text('sku', t('products.sku'), { maxLength: 100 })}
        {text('stock_quantity', t('products.stockQuantity'), { inputMode: 'numeric' })}
        {select('stock_status', t('products.stockStatus'), STOCK_STATUSES.map((k) => [k, t(`products.stock.${k}`)]))}
        {select('backorders', t('products.backorders'), BACKORDERS.map((k) => [k, t(`products.backorders.${k}`)]))}
        {text('low_stock_amount', t('products.lowStock'), { inputMode: 'numeric' })}
      </div>
      {check('manage_stock', t('products.manageStock'))}
      {check('sold_individually', t('products.soldIndividually'))}
      {values.id ? (
        // Back office: dashboard and stock.
        <p className="hint">
          <Link to={`/admin/products/${values.id}/stock`}>{t('admin.dash.stockHistory')}</Link>
        </p>
      ) : null}
    </fieldset>
  );
}

/** Weight, dimensions, shipping and tax classes. */
export function ShippingSection({ fields, values, options, errors }: SectionProps) {
  const { text, select, check } = fields;
  return (
    <fieldset>
      <legend>{t('products.legend.shipping')}</legend>
      <div className="grid">
        {text('weight', t('products.weight'), { inputMode: 'decimal' })}
        {text('length', t('products.length'), { inputMode: 'decimal' })}
        {text('width', t('products.width'), { inputMode: 'decimal' })}
        {text('height', t('products.height'), { inputMode: 'decimal' })}
        <ShippingClassSelect id="field-shipping_class" name="shipping_class" value={values.shipping_class} classes={options.shippingClasses} blank={t('products.shippingClass.none')} error={errors.shipping_class} />
        {select('tax_status', t('products.taxStatus'), (['taxable', 'shipping', 'none'] as const).map((k) => [k, t(`products.taxStatus.${k}`)]))}
        {select('tax_class', t('products.taxClass'), options.taxClasses.map((c) => [c, c || t('products.taxClass.standard')]))}
      </div>
      {check('virtual', t('products.virtual'))}
      {check('downloadable', t('products.downloadable'))}
    </fieldset>
  );
}

/** Purchase note and menu order. */
export function AdvancedSection({ fields, values }: SectionProps) {
  const { text, fieldProps, err } = fields;
  return (
    <fieldset>
      <legend>{t('products.advanced')}</legend>
      <div className="field">
        <label htmlFor="field-purchase_note">{t('products.purchaseNote')}</label>
        <textarea {...fieldProps('purchase_note')} defaultValue={values.purchase_note} rows={3} />
        {err('purchase_note')}
      </div>
      {text('menu_order', t('products.menuOrder'), { inputMode: 'numeric' })}
    </fieldset>
  );
}

/** Categories (a tree of boxes) and tags. */
export function CategoriesSection({ fields, values, options }: SectionProps) {
  const { text, err } = fields;
  return (
    <fieldset>
      <legend>{t('products.legend.categories')}</legend>
      <div className="field" id="field-categories" role="group" aria-labelledby="categories-label">
        <span id="categories-label">{t('products.categories')}</span>
        <div style={{ maxBlockSize: '14rem', overflow: 'auto' }}>
          {options.categories.map((c) => (
            <div className="check" key={c.id} style={{ paddingInlineStart: `${c.depth * 1.25}rem` }}>
              <input type="checkbox" id={`cat-${c.id}`} name="categories" value={c.id} defaultChecked={values.categories.includes(c.id)} />
              <label htmlFor={`cat-${c.id}`}>{c.label.split(' › ').pop()}</label>
            </div>
          ))}
        </div>
        {err('categories')}
      </div>
      {text('tags', t('products.tags'))}
    </fieldset>
  );
}

/** Upsells, cross-sells and (for a grouped product) its children, each a product picker. */
export function LinkedProductsSection({ values, errors, type, found, edited }: SectionProps & { type: EditorValues['type']; found?: { kind: LinkKind; items: LinkedProduct[] }; edited: () => void }) {
  return (
    <fieldset>
      <legend>{t('products.links.legend')}</legend>
      {(type === 'grouped' ? LINK_KINDS : LINK_KINDS.filter((k) => k !== 'grouped')).map((kind) => (
        <ProductPicker
          key={kind}
          kind={kind}
          label={t(`products.links.${kind}`)}
          hint={t(`products.links.${kind}Hint`)}
          chosen={values.links[kind]}
          found={found?.kind === kind ? found.items : undefined}
          productId={values.id}
          error={errors[`links.${kind}`] ?? (kind === 'upsell' ? errors.links : undefined)}
          onChange={edited}
        />
      ))}
    </fieldset>
  );
}

/** The product's pictures in order (drag or buttons to reorder). */
export function GallerySection({ fields, images, setImages, edited }: SectionProps & { images: EditorImage[]; setImages: (images: EditorImage[]) => void; edited: () => void }) {
  const { err } = fields;
  return (
    <fieldset>
      <legend>{t('products.legend.gallery')}</legend>
      <GalleryField
        images={images}
        onReorder={(next) => {
          setImages(next);
          edited();
        }}
      />
      {err('images')}
    </fieldset>
  );
}
