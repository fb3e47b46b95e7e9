import { useEffect, useState } from 'react';
import { data, Form, Link, redirect, useActionData, useBlocker, useLoaderData, useNavigation, useSearchParams, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, type ShouldRevalidateFunction } from 'react-router';
import { requireStaff } from '../features/admin/admin.server.ts';
import { getSettings } from '../features/settings/settings.server.ts';
import { CsrfField } from '../features/account/components/form-parts.tsx';
import { attributeKey, emptyValues, FieldErrors, formToValues, LINK_KINDS, PRODUCT_STATUS_ORDER, splitOptions, VARIATION_MORE, type EditorImage, type EditorValues, type LinkedProduct, type LinkKind } from '../features/catalog-admin/product-form.ts';
import { addGlobalAttribute, addVariation, bulkEditVariations, editorOptions, generateVariations, loadEditorValues, mediaForIds, saveEditorValues } from '../features/catalog-admin/product-editor.server.ts';
import { PRODUCT_ADMIN_ROLES } from '../features/catalog-admin/products-admin.server.ts';
import { RichTextField } from '../features/catalog-admin/components/rich-text-field.tsx';
import { PictureUpload } from '../features/catalog-admin/components/picture-upload.tsx';
import { GalleryField } from '../features/catalog-admin/components/gallery-field.tsx';
import { useAutosave } from '../features/catalog-admin/components/use-autosave.ts';
import { ShippingClassSelect } from '../features/catalog-admin/components/shipping-class-select.tsx';
import { ProductPicker } from '../features/catalog-admin/components/product-picker.tsx';
import { lookupProducts, nameLinks } from '../features/catalog-admin/product-links.server.ts';
import { HttpError } from '../lib/http-error.ts';
import { idFromText } from '../lib/validate.ts';
import { plural, t } from '../i18n/t-admin.ts';
import { staffActor } from '../features/stock/stock-log.server.ts';
import { kickStockAlerts } from '../features/stock/stock-alerts.server.ts';
import '../features/catalog-admin/taxonomy.css';

/*
 * The product editor (/admin/products/new and /admin/products/:id). One form posting to this
 * action: "Save" writes the product; "Generate variations", "Add variation" and the
 * variations' bulk edit only change the form (nothing is saved until Save), so all of it
 * works without scripts. Pictures upload through /admin/products/images.
 */

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: `${d?.values.id ? t('products.metaEdit', { name: d.values.name }) : t('products.addTitle')} · ${t('admin.title')}` }];

export async function loader({ context, request, params }: LoaderFunctionArgs) {
  requireStaff(context, request, PRODUCT_ADMIN_ROLES);
  const { db } = context.services;
  const settings = await getSettings(db);
  let values: EditorValues;
  if (params.id === 'new') values = emptyValues();
  else {
    const id = idFromText(params.id);
    const found = id === null ? null : await loadEditorValues(db, id, settings.currency);
    if (!found) throw new Response('Not found', { status: 404 });
    values = found;
  }
  // Pictures uploaded without scripts come back as ?add=1,2: shown in the gallery, saved with the product.
  const added = (new URL(request.url).searchParams.get('add') ?? '')
    .split(',')
    .map((s) => idFromText(s))
    .filter((n): n is number => n !== null && !values.images.some((i) => i.id === n))
    .slice(0, 20);
  values.images = [...values.images, ...(await mediaForIds(db, added))];
  return { values, options: await editorOptions(db), currency: settings.currency };
}

/** The choices of the stock status and backorders selects, in the order shown. */
const STOCK_STATUSES = ['instock', 'outofstock', 'onbackorder'] as const;
const BACKORDERS = ['no', 'notify', 'yes'] as const;

type ActionResult = { values: EditorValues; stamp: number; notice?: string; found?: { kind: LinkKind; items: LinkedProduct[] }; error?: { code: string; message: string; fields?: Record<string, string> } };

export async function action({ context, request, params }: ActionFunctionArgs) {
  const user = requireStaff(context, request, PRODUCT_ADMIN_ROLES);
  const { db } = context.services;
  const form = await request.formData();
  const values = formToValues(form);
  // The address decides which product is written, not a field of the form.
  values.id = params.id === 'new' ? null : idFromText(params.id);
  if (params.id !== 'new' && values.id === null) throw new Response('Not found', { status: 404 });
  const intent = String(form.get('intent') ?? '');
  const stamp = Date.now();
  values.links = await nameLinks(db, values.links);
  try {
    const findKind = LINK_KINDS.find((k) => intent === `find:${k}`);
    if (findKind) {
      // The pickers' search without scripts: matches come back as unticked boxes beside the chosen ones.
      const q = String(form.get(`find.${findKind}`) ?? '').slice(0, 200);
      const items = await lookupProducts(db, q, { kind: findKind === 'grouped' ? 'grouped' : undefined, exclude: [...(values.id ? [values.id] : []), ...values.links[findKind].map((l) => l.id)] });
      return { values, stamp, found: { kind: findKind, items }, notice: items.length ? t('products.links.foundSome') : t('products.links.foundNone', { q }) } satisfies ActionResult;
    }
    if (intent === 'generate') {
      const { values: next, added } = generateVariations(values);
      return { values: next, stamp, notice: added ? plural('products.notice.generated', added) : t('products.notice.allGenerated') } satisfies ActionResult;
    }
    if (intent === 'add_global') {
      const { values: next, name } = await addGlobalAttribute(db, values, idFromText(String(form.get('global_attribute') ?? '')));
      return { values: next, stamp, notice: t('products.attr.globalAdded', { name }) } satisfies ActionResult;
    }
    if (intent === 'add_variation') return { values: addVariation(values), stamp, notice: t('products.notice.variationAdded') } satisfies ActionResult;
    if (intent === 'bulk_variations') {
      return { values: bulkEditVariations(values, String(form.get('bulk_field') ?? ''), String(form.get('bulk_value') ?? '')), stamp, notice: t('products.notice.bulkSet') } satisfies ActionResult;
    }
    if (intent === 'autosave') {
      // A stored draft's background save (components/use-autosave.ts): answered with the new version, never a redirect.
      const saved = await saveEditorValues(db, values, (await getSettings(db)).currency, staffActor(user), { autosave: true });
      return { autosaved: { version: saved.version } };
    }
    if (intent !== 'save') throw new HttpError(400, 'invalid', t('admin.unknownRequest'));
    const saved = await saveEditorValues(db, values, (await getSettings(db)).currency, staffActor(user));
    kickStockAlerts(context.services);
    return redirect(`/admin/products/${saved.id}?saved=1`);
  } catch (err) {
    const fields = err instanceof FieldErrors ? err.fields : err instanceof HttpError ? err.fields : undefined;
    if (!(err instanceof FieldErrors) && !(err instanceof HttpError)) throw err;
    const status = err instanceof HttpError ? err.status : 400;
    const code = err instanceof HttpError ? err.code : 'invalid';
    return data({ values, stamp, error: { code, message: err.message, fields } } satisfies ActionResult, { status });
  }
}

/** An autosave changes nothing the page shows but the version, which it hands to the form itself. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) => (formData?.get('intent') === 'autosave' ? false : defaultShouldRevalidate);

export default function ProductEditor() {
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<ActionResult>();
  const [params] = useSearchParams();
  const values = result?.values ?? loaded.values;
  const { options } = loaded;
  const errors = result?.error?.fields ?? {};
  const navigation = useNavigation();
  const [dirty, setDirty] = useState(false);
  const [images, setImages] = useState<EditorImage[]>(values.images);
  const [type, setType] = useState(values.type);
  const [status, setStatus] = useState(values.status);
  const [version, setVersion] = useState(values.version);
  useEffect(() => {
    setImages(values.images);
    setType(values.type);
    setStatus(values.status);
    setVersion(values.version);
  }, [values]);
  const editorPath = values.id ? `/admin/products/${values.id}` : '/admin/products/new';
  // Only a product stored as a draft is saved in the background.
  const autosave = useAutosave({
    formId: 'product-form',
    action: editorPath,
    enabled: loaded.values.id !== null && loaded.values.status === 'draft',
    onSaved: (next, clean) => {
      setVersion(next);
      if (clean) setDirty(false);
    },
  });
  const edited = () => {
    setDirty(true);
    autosave.edited();
  };
  // Leaving with unsaved changes asks first (links inside the app, and closing or reloading the tab).
  const submitting = navigation.state === 'submitting';
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && !submitting && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(t('products.leaveConfirm'))) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  useEffect(() => setDirty(!!result && !result.error ? true : dirty), [result]); // eslint-disable-line react-hooks/exhaustive-deps

  const fieldProps = (name: string) => ({
    id: `field-${name}`,
    name,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `field-${name}-error` : undefined,
  });
  const err = (name: string) =>
    errors[name] ? (
      <span className="error" id={`field-${name}-error`}>
        {errors[name]}
      </span>
    ) : null;
  const text = (name: keyof EditorValues & string, lbl: string, extra: Record<string, unknown> = {}) => (
    <div className="field">
      <label htmlFor={`field-${name}`}>{lbl}</label>
      <input {...fieldProps(name)} defaultValue={String(values[name] ?? '')} {...extra} />
      {err(name)}
    </div>
  );
  const select = (name: keyof EditorValues & string, lbl: string, choices: [string, string][], onChange?: (v: string) => void) => (
    <div className="field">
      <label htmlFor={`field-${name}`}>{lbl}</label>
      <select {...fieldProps(name)} defaultValue={String(values[name] ?? '')} onChange={onChange ? (e) => onChange(e.currentTarget.value) : undefined}>
        {choices.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
      {err(name)}
    </div>
  );
  const check = (name: keyof EditorValues & string, lbl: string) => (
    <div className="check">
      <input type="checkbox" id={`field-${name}`} name={name} defaultChecked={!!values[name]} />
      <label htmlFor={`field-${name}`}>{lbl}</label>
    </div>
  );
  const money = { inputMode: 'decimal', autoComplete: 'off' };
  const swatchError = (i: number) => {
    const hit = Object.entries(errors).find(([k]) => k === `attributes.${i}.swatches` || k.startsWith(`attributes.${i}.swatches.`));
    return hit ? (hit[0].length > `attributes.${i}.swatches`.length ? `${hit[0].slice(`attributes.${i}.swatches.`.length)}: ${hit[1]}` : hit[1]) : undefined;
  };
  const variationAttrs = values.attributes.filter((a) => a.variation);
  const conflict = result?.error?.code === 'conflict';

  return (
    <>
      <p>
        <Link to="/admin/products">← {t('admin.nav.products')}</Link>
      </p>
      <h1>{values.id ? t('products.editTitle', { name: loaded.values.name }) : t('products.addTitle')}</h1>
      {result?.error ? (
        <div className="notice notice--error" role="alert" tabIndex={-1}>
          <p style={{ margin: 0 }}>{result.error.message}</p>
          {conflict ? (
            <p style={{ margin: 0 }}>
              {t('products.notice.conflictKept')}{' '}
              <a href={editorPath} target="_blank" rel="noreferrer">
                {t('products.notice.conflictOpen')}
              </a>{' '}
              {t('products.notice.conflictCompare')}
            </p>
          ) : null}
          {Object.keys(errors).length > 1 ? (
            <ul>
              {Object.entries(errors).map(([k, m]) => (
                <li key={k}>
                  <a href={`#field-${k}`}>
                    {k}: {m}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : result?.notice ? (
        <p className="notice" role="status">
          {result.notice}
        </p>
      ) : params.get('saved') ? (
        <p className="notice" role="status">
          {t('products.notice.saved')} {loaded.values.status === 'publish' ? <a href={`/product/${loaded.values.slug}`}>{t('products.notice.view')}</a> : null}
        </p>
      ) : params.get('duplicated') ? (
        <p className="notice" role="status">
          {t('products.notice.duplicated')}
        </p>
      ) : null}

      <Form
        method="post"
        action={editorPath}
        className="admin-editor"
        id="product-form"
        key={result?.stamp ?? 'loaded'}
        onChange={edited}
        onSubmit={(e) => {
          if (autosave.beforeSubmit(e)) setDirty(false);
        }}
        noValidate
      >
        {/* Enter in a text field saves: the form's first submit button is Save, not a "Find" or "Generate" step further down. */}
        <button type="submit" name="intent" value="save" className="visually-hidden" tabIndex={-1} aria-hidden="true">
          {t('products.save')}
        </button>
        <CsrfField />
        <input type="hidden" name="version" value={version} />
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

        <fieldset>
          <legend>{t('products.legend.descriptions')}</legend>
          <RichTextField name="description" label={t('products.description')} defaultValue={values.description} error={errors.description} onEdit={edited} />
          <RichTextField name="short_description" label={t('products.shortDescription')} defaultValue={values.short_description} error={errors.short_description} small onEdit={edited} />
        </fieldset>

        {type === 'simple' || type === 'external' ? (
          <fieldset>
            <legend>{t('products.legend.price')}</legend>
            <div className="grid">
              {text('regular_price', t('products.regularPrice', { currency: loaded.currency }), money)}
              {text('sale_price', t('products.salePrice', { currency: loaded.currency }), money)}
              {text('sale_from', t('products.saleFrom'), { type: 'date' })}
              {text('sale_to', t('products.saleTo'), { type: 'date' })}
            </div>
          </fieldset>
        ) : null}
        {type === 'external' ? (
          <fieldset>
            <legend>{t('products.legend.external')}</legend>
            {text('external_url', t('products.externalUrl'), { type: 'url' })}
            {text('button_text', t('products.buttonText'))}
          </fieldset>
        ) : null}

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

        <fieldset>
          <legend>{t('products.advanced')}</legend>
          <div className="field">
            <label htmlFor="field-purchase_note">{t('products.purchaseNote')}</label>
            <textarea {...fieldProps('purchase_note')} defaultValue={values.purchase_note} rows={3} />
            {err('purchase_note')}
          </div>
          {text('menu_order', t('products.menuOrder'), { inputMode: 'numeric' })}
        </fieldset>

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

        <fieldset>
          <legend>{t('products.links.legend')}</legend>
          {(type === 'grouped' ? LINK_KINDS : LINK_KINDS.filter((k) => k !== 'grouped')).map((kind) => (
            <ProductPicker
              key={kind}
              kind={kind}
              label={t(`products.links.${kind}`)}
              hint={t(`products.links.${kind}Hint`)}
              chosen={values.links[kind]}
              found={result?.found?.kind === kind ? result.found.items : undefined}
              productId={values.id}
              error={errors[`links.${kind}`] ?? (kind === 'upsell' ? errors.links : undefined)}
              onChange={edited}
            />
          ))}
        </fieldset>

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

        {type === 'variable' ? (
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
                              ['regular_price', t('products.regularPrice', { currency: loaded.currency })],
                              ['sale_price', t('products.salePrice', { currency: loaded.currency })],
                              ['sku', t('products.sku')],
                              ['stock_quantity', t('products.stockQuantity')],
                            ] as const
                          ).map(([k, l]) => (
                            <div className="field" key={k}>
                              <label htmlFor={f(k)}>{l}</label>
                              <input
                                id={f(k)}
                                name={`var.${i}.${k}`}
                                defaultValue={v[k]}
                                inputMode={k.endsWith('price') ? 'decimal' : k === 'stock_quantity' ? 'numeric' : undefined}
                                aria-invalid={e(k) ? true : undefined}
                                aria-describedby={e(k) ? `${f(k)}-error` : undefined}
                              />
                              {e(k) ? (
                                <span className="error" id={`${f(k)}-error`}>
                                  {e(k)}
                                </span>
                              ) : null}
                            </div>
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
                              <div className="field" key={k}>
                                <label htmlFor={f(k)}>{l}</label>
                                <input
                                  id={f(k)}
                                  name={`var.${i}.${k}`}
                                  defaultValue={v[k]}
                                  {...extra}
                                  aria-invalid={e(k) ? true : undefined}
                                  aria-describedby={e(k) ? `${f(k)}-error` : undefined}
                                />
                                {e(k) ? (
                                  <span className="error" id={`${f(k)}-error`}>
                                    {e(k)}
                                  </span>
                                ) : null}
                              </div>
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
        ) : null}

        <div className="admin-editor__bar">
          <button type="submit" name="intent" value="save" className="button">
            {submitting ? t('products.saving') : t('products.save')}
          </button>
          {dirty ? <span className="hint">{t('products.unsaved')}</span> : null}
          <span className="admin-autosave" role="status">
            {autosave.message}
          </span>
        </div>
      </Form>

      <PictureUpload
        editorPath={editorPath}
        existing={images.map((i) => i.id)}
        defaultAlt={values.name}
        onAdded={(added) => {
          setImages((list) => [...list, ...added.filter((a) => !list.some((i) => i.id === a.id))]);
          edited();
        }}
      />
    </>
  );
}
