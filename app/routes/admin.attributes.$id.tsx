import { Form, Link, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { requireStaff } from '../features/admin/admin.server.ts';
import { CsrfField } from '../features/account/components/form-parts.tsx';
import { ActionNotice } from '../features/admin/components/action-notice.tsx';
import { AdminList } from '../features/admin/components/admin-list.tsx';
import { addTerm, deleteTerms, getAttribute, moveTerm, setTermSwatch, updateAttribute } from '../features/catalog-admin/attributes-admin.server.ts';
import { DISPLAYS } from '../features/catalog-admin/product-form.ts';
import { PRODUCT_ADMIN_ROLES } from '../features/catalog-admin/roles.ts';
import { formAction } from '../lib/action.server.ts';
import type { ActionError } from '../lib/action.ts';
import { HttpError } from '../lib/http-error.ts';
import { formToObject, idFromText } from '../lib/validate.ts';
import { plural, t } from '../i18n/t-admin.ts';

/*
 * /admin/attributes/:id: a shop-wide attribute's name and display, and its terms in order
 * (add with a swatch, change a swatch, move up or down, bulk delete). Changes reach the
 * products using the attribute in the same transaction.
 */

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: `${d?.attribute.name ?? ''} · ${t('admin.nav.attributes')} · ${t('admin.title')}` }];

async function load(context: LoaderFunctionArgs['context'], idText: string | undefined) {
  const id = idFromText(idText);
  const found = id === null ? null : await getAttribute(context.services.db, id);
  if (!found) throw new Response('Not found', { status: 404 });
  return found;
}

export async function loader({ context, request, params }: LoaderFunctionArgs) {
  requireStaff(context, request, PRODUCT_ADMIN_ROLES);
  return load(context, params.id);
}

export async function action({ context, request, params }: ActionFunctionArgs) {
  requireStaff(context, request, PRODUCT_ADMIN_ROLES);
  const { attribute } = await load(context, params.id);
  const form = await request.formData();
  // The address names the attribute, not a field of the form.
  const values: Record<string, string> = { ...formToObject(form), attribute_id: String(attribute.id), id: String(attribute.id) };
  const { db } = context.services;
  return formAction(async () => {
    const intent = values.intent ?? '';
    if (intent === 'settings') return { done: t('attributes.saved', { name: (await updateAttribute(db, values)).name }) };
    if (intent === 'add_term') return { done: t('attributes.termAdded', { name: (await addTerm(db, values)).name }) };
    if (intent.startsWith('swatch:')) {
      const term = intent.slice(7);
      return { done: t('attributes.swatchSaved', { name: (await setTermSwatch(db, { ...values, term, swatch: values[`swatch.${term}`] ?? '' })).name }) };
    }
    const move = /^(up|down):(\d{1,10})$/.exec(intent);
    if (move) return { done: t('attributes.moved', { name: (await moveTerm(db, { ...values, dir: move[1], term: move[2] })).name }) };
    if (intent === 'bulk' && values.action === 'delete') return { done: plural('attributes.termsDeleted', (await deleteTerms(db, { ...values, ids: form.getAll('ids').map(String) })).count) };
    throw new HttpError(400, 'invalid', t('admin.unknownRequest'));
  }, values);
}

export default function AdminAttribute() {
  const { attribute, terms } = useLoaderData<typeof loader>();
  const result = useActionData<ActionError | { done: string }>();
  const swatchHint = attribute.display === 'color' ? t('attributes.swatchColour') : attribute.display === 'image' ? t('attributes.swatchImage') : attribute.display === 'label' ? t('attributes.swatchLabel') : t('attributes.swatchNone');
  const path = `/admin/attributes/${attribute.id}`;
  return (
    <>
      <p>
        <Link to="/admin/attributes">← {t('admin.nav.attributes')}</Link>
      </p>
      <h1>{attribute.name}</h1>
      <ActionNotice result={result} />
      <Form method="post" action={path} className="admin-list__query" aria-label={t('attributes.settings')} key={`s-${attribute.name}-${attribute.display}`}>
        <CsrfField />
        <input type="hidden" name="intent" value="settings" />
        <div className="admin-list__field">
          <label htmlFor="attribute-name">{t('attributes.name')}</label>
          <input id="attribute-name" name="name" defaultValue={attribute.name} required maxLength={100} />
        </div>
        <div className="admin-list__field">
          <label htmlFor="attribute-display">{t('attributes.display')}</label>
          <select id="attribute-display" name="display" defaultValue={attribute.display}>
            {DISPLAYS.map((d) => (
              <option key={d} value={d}>
                {t(`products.attr.display.${d}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button--small">
          {t('attributes.save')}
        </button>
      </Form>

      <h2>{t('attributes.terms')}</h2>
      <p className="hint" id="swatch-hint">
        {swatchHint}
      </p>
      <Form method="post" action={path} className="admin-list__query" aria-label={t('attributes.addTerm')}>
        <CsrfField />
        <input type="hidden" name="intent" value="add_term" />
        <div className="admin-list__field">
          <label htmlFor="term-name">{t('attributes.termName')}</label>
          <input id="term-name" name="name" required maxLength={200} />
        </div>
        <div className="admin-list__field">
          <label htmlFor="term-swatch">{t('attributes.swatch')}</label>
          <input id="term-swatch" name="swatch" maxLength={200} aria-describedby="swatch-hint" />
        </div>
        <button type="submit" className="button button--small">
          {t('attributes.addTerm')}
        </button>
      </Form>
      <AdminList
        label={t('attributes.terms')}
        path={path}
        rows={terms}
        rowKey={(term) => term.id}
        page={1}
        pages={1}
        total={terms.length}
        pageHref={() => path}
        bulk={{ action: path, id: (term) => String(term.id), label: (term) => t('attributes.select', { name: term.name }), actions: [{ value: 'delete', label: t('attributes.delete') }] }}
        empty={<p>{t('attributes.noTerms')}</p>}
        columns={[
          {
            header: t('attributes.termName'),
            rowHeader: true,
            cell: (term) => (
              <span className="admin-term">
                {attribute.display === 'color' && term.swatch ? <span className="admin-term__swatch" style={{ background: term.swatch }} aria-hidden="true" /> : null}
                {term.name}
              </span>
            ),
          },
          {
            header: t('attributes.swatch'),
            cell: (term) => (
              <Form method="post" action={path} className="admin-quick" key={`${term.id}-${term.swatch}`}>
                <CsrfField />
                <label>
                  <span className="visually-hidden">{t('attributes.swatchOf', { name: term.name })}</span>
                  <input name={`swatch.${term.id}`} defaultValue={term.swatch} maxLength={200} aria-describedby="swatch-hint" />
                </label>
                <button type="submit" name="intent" value={`swatch:${term.id}`} className="button button--ghost button--small">
                  {t('attributes.save')}
                  <span className="visually-hidden"> {term.name}</span>
                </button>
              </Form>
            ),
          },
          {
            header: t('attributes.order'),
            cell: (term) => (
              <Form method="post" action={path} className="admin-quick">
                <CsrfField />
                <button type="submit" name="intent" value={`up:${term.id}`} className="button button--ghost button--small" disabled={terms.indexOf(term) === 0}>
                  {t('attributes.up')}
                  <span className="visually-hidden"> {term.name}</span>
                </button>
                <button type="submit" name="intent" value={`down:${term.id}`} className="button button--ghost button--small" disabled={terms.indexOf(term) === terms.length - 1}>
                  {t('attributes.down')}
                  <span className="visually-hidden"> {term.name}</span>
                </button>
              </Form>
            ),
          },
        ]}
      />
    </>
  );
}
