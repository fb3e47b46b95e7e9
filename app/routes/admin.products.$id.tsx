import { useEffect, useState } from 'react';
import { data, Form, Link, redirect, useActionData, useBlocker, useLoaderData, useNavigation, useSearchParams, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, type ShouldRevalidateFunction } from 'react-router';
import { requireStaff } from '../features/admin/admin.server.ts';
import { getSettings } from '../features/settings/settings.server.ts';
import { CsrfField } from '../features/account/components/form-parts.tsx';
import { emptyValues, FieldErrors, formToValues, LINK_KINDS, type EditorImage, type EditorValues, type LinkedProduct, type LinkKind } from '../features/catalog-admin/product-form.ts';
import { addGlobalAttribute, addVariation, bulkEditVariations, editorOptions, generateVariations, loadEditorValues, mediaForIds, saveEditorValues } from '../features/catalog-admin/product-editor.server.ts';
import { PRODUCT_ADMIN_ROLES } from '../features/catalog-admin/products-admin.server.ts';
import { PictureUpload } from '../features/catalog-admin/components/picture-upload.tsx';
import { useAutosave } from '../features/catalog-admin/components/use-autosave.ts';
import { editorFields } from '../features/catalog-admin/components/editor-fields.tsx';
import { AdvancedSection, CategoriesSection, DescriptionsSection, ExternalSection, GallerySection, GeneralSection, InventorySection, LinkedProductsSection, PriceSection, ShippingSection } from '../features/catalog-admin/components/product-sections.tsx';
import { AttributesSection } from '../features/catalog-admin/components/attributes-section.tsx';
import { VariationsSection } from '../features/catalog-admin/components/variations-section.tsx';
import { lookupProducts, nameLinks } from '../features/catalog-admin/product-links.server.ts';
import { HttpError } from '../lib/http-error.ts';
import { idFromText } from '../lib/validate.ts';
import { plural, t } from '../i18n/t-admin.ts';
import { staffActor } from '../features/stock/stock-log.server.ts';
import { kickStockAlerts } from '../features/stock/stock-alerts.server.ts';
import { ProductFiles } from '../features/downloads/components/product-files.tsx';
import { loadProductDownloads } from '../features/downloads/files.server.ts';
import { DOWNLOAD_FILE_BYTES } from '../features/downloads/limits.ts';
import '../features/catalog-admin/taxonomy.css';

/*
 * The product editor (/admin/products/new and /admin/products/:id). One form posting to this
 * action: "Save" writes the product; "Generate variations", "Add variation" and the
 * variations' bulk edit only change the form (nothing is saved until Save), so all of it
 * works without scripts. Pictures upload through /admin/products/images. The form's sections
 * are components in features/catalog-admin/components/ (product-sections, attributes-section,
 * variations-section); this file keeps the loading, the action and the form's state.
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
  const downloads = values.id ? await loadProductDownloads(db, values.id) : null;
  return { values, options: await editorOptions(db), currency: settings.currency, downloads };
}

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

  const fields = editorFields(values, errors);
  const common = { fields, values, errors, options, currency: loaded.currency };
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
        <GeneralSection {...common} setType={setType} status={status} setStatus={setStatus} />
        <DescriptionsSection {...common} edited={edited} />
        {type === 'simple' || type === 'external' ? <PriceSection {...common} /> : null}
        {type === 'external' ? <ExternalSection {...common} /> : null}
        <InventorySection {...common} />
        <ShippingSection {...common} />
        <AdvancedSection {...common} />
        <CategoriesSection {...common} />
        <LinkedProductsSection {...common} type={type} found={result?.found} edited={edited} />
        <GallerySection {...common} images={images} setImages={setImages} edited={edited} />
        <AttributesSection {...common} type={type} />
        {type === 'variable' ? <VariationsSection {...common} images={images} /> : null}

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
      <ProductFiles productId={loaded.values.id} downloads={loaded.downloads} maxBytes={DOWNLOAD_FILE_BYTES} done={params.get('downloads')} />
    </>
  );
}
