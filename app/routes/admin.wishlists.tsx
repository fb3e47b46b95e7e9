import { Form, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { requireStaff } from '../features/admin/admin.server.ts';
import { CsrfField } from '../features/account/components/form-parts.tsx';
import { ActionNotice } from '../features/admin/components/action-notice.tsx';
import { TableScroll } from '../ui/table-scroll.tsx';
import { ESTIMATE_STATUSES } from '../features/wishlist/wishlist.schema.ts';
import { WISHLIST_ADMIN_ROLES, estimateInbox, listsByShopper, mostWished, setEstimateStatus } from '../features/wishlist/wishlist-admin.server.ts';
import { formAction } from '../lib/action.server.ts';
import { formToObject } from '../lib/validate.ts';
import { plural, t } from '../i18n/t-admin.ts';

/* Wishlists for staff: the most wished-for products, the estimate requests (read / replied), every list by shopper. */

export const meta: MetaFunction = () => [{ title: `${t('admin.nav.wishlists')} · ${t('admin.title')}` }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  requireStaff(context, request, WISHLIST_ADMIN_ROLES);
  const { db } = context.services;
  const [top, estimates, lists] = await Promise.all([mostWished(db), estimateInbox(db), listsByShopper(db)]);
  return { top, estimates, lists };
}

export async function action({ context, request }: ActionFunctionArgs) {
  requireStaff(context, request, WISHLIST_ADMIN_ROLES);
  const values = formToObject(await request.formData());
  return formAction(async () => {
    await setEstimateStatus(context.services.db, Number(values.id), values.status ?? '');
    return { done: t('admin.wishlists.marked', { status: statusLabel(values.status ?? '') }) };
  });
}

const statusLabel = (status: string) => ((ESTIMATE_STATUSES as readonly string[]).includes(status) ? t(`admin.wishlists.status.${status as (typeof ESTIMATE_STATUSES)[number]}`) : status);

export default function AdminWishlists() {
  const { top, estimates, lists } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <>
      <h1>{t('admin.nav.wishlists')}</h1>
      <ActionNotice result={result} />
      <h2>{t('admin.wishlists.estimates')}</h2>
      {estimates.length === 0 ? <p>{t('admin.wishlists.noRequests')}</p> : (
        <TableScroll label={t('admin.wishlists.estimates')}>
        <table>
          <thead><tr><th scope="col">{t('admin.wishlists.date')}</th><th scope="col">{t('admin.wishlists.from')}</th><th scope="col">{t('admin.wishlists.itemsMessage')}</th><th scope="col">{t('admin.wishlists.status')}</th></tr></thead>
          <tbody>
            {estimates.map((e) => (
              <tr key={e.id}>
                <td>{e.created_at.slice(0, 16).replace('T', ' ')}</td>
                <td>{e.name}<br /><a href={`mailto:${e.email}`}>{e.email}</a>{e.mail_sent ? null : <><br /><small>{t('admin.wishlists.notDelivered')}</small></>}</td>
                <td>
                  <ul>{e.items.map((i, n) => <li key={n}>{i.quantity} × {i.name}</li>)}</ul>
                  {Object.entries(e.extra).map(([k, v]) => <p key={k}>{k}: {v}</p>)}
                  {e.message ? <p>{e.message}</p> : null}
                </td>
                <td>
                  <Form method="post">
                    <CsrfField />
                    <input type="hidden" name="id" value={e.id} />
                    <label htmlFor={`status-${e.id}`} className="visually-hidden">{t('admin.wishlists.statusOf', { name: e.name })}</label>
                    <select id={`status-${e.id}`} name="status" defaultValue={e.status}>
                      {ESTIMATE_STATUSES.map((s) => <option key={s} value={s}>{statusLabel(s)}</option>)}
                    </select>
                    <button type="submit" className="button">{t('admin.wishlists.save')}</button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        </TableScroll>
      )}
      <h2>{t('admin.wishlists.mostWished')}</h2>
      {top.length === 0 ? <p>{t('admin.wishlists.none')}</p> : (
        <ol>{top.map((p) => <li key={p.id}><a href={`/product/${p.slug}`}>{p.name}</a> — {plural('admin.wishlists.inLists', p.lists)}</li>)}</ol>
      )}
      <h2>{t('admin.wishlists.byShopper')}</h2>
      {lists.length === 0 ? <p>{t('admin.wishlists.none')}</p> : (
        <TableScroll label={t('admin.wishlists.byShopper')}>
        <table>
          <thead><tr><th scope="col">{t('admin.wishlists.shopper')}</th><th scope="col">{t('admin.wishlists.list')}</th><th scope="col">{t('admin.wishlists.items')}</th></tr></thead>
          <tbody>
            {lists.map((l) => (
              <tr key={l.id}>
                <td>{l.owner}</td>
                <td><a href={`/wishlist/view/${l.token}`}>{l.name}</a> ({l.visibility}{l.is_default ? `, ${t('admin.wishlists.default')}` : ''})</td>
                <td>{l.items.map((i) => `${i.quantity} × ${i.name}`).join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
        </TableScroll>
      )}
    </>
  );
}
