import { Form, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { requireStaff } from '../features/admin/admin.server.ts';
import { CsrfField } from '../features/account/components/form-parts.tsx';
import { ESTIMATE_STATUSES } from '../features/wishlist/wishlist.schema.ts';
import { WISHLIST_ADMIN_ROLES, estimateInbox, listsByShopper, mostWished, setEstimateStatus } from '../features/wishlist/wishlist-admin.server.ts';
import { formAction } from '../lib/action.server.ts';
import { isActionError } from '../lib/action.ts';
import { formToObject } from '../lib/validate.ts';
import { t } from '../i18n/t.ts';
import { plural } from '../i18n/t-admin.ts';

/* Wishlists for staff: the most wished-for products, the estimate requests (read / replied), every list by shopper. */

export const meta: MetaFunction = () => [{ title: `Wishlists · ${t('admin.title')}` }];

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
    return { done: `Request marked ${values.status}.` };
  });
}

export default function AdminWishlists() {
  const { top, estimates, lists } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <>
      <h1>Wishlists</h1>
      {result && isActionError(result) ? <p className="notice notice--error" role="alert">{result.error.message}</p> : result ? <p className="notice" role="status">{(result as { done: string }).done}</p> : null}
      <h2>Estimate requests</h2>
      {estimates.length === 0 ? <p>No requests yet.</p> : (
        <table>
          <thead><tr><th scope="col">Date</th><th scope="col">From</th><th scope="col">Items and message</th><th scope="col">Status</th></tr></thead>
          <tbody>
            {estimates.map((e) => (
              <tr key={e.id}>
                <td>{e.created_at.slice(0, 16).replace('T', ' ')}</td>
                <td>{e.name}<br /><a href={`mailto:${e.email}`}>{e.email}</a>{e.mail_sent ? null : <><br /><small>(e-mail not delivered)</small></>}</td>
                <td>
                  <ul>{e.items.map((i, n) => <li key={n}>{i.quantity} × {i.name}</li>)}</ul>
                  {Object.entries(e.extra).map(([k, v]) => <p key={k}>{k}: {v}</p>)}
                  {e.message ? <p>{e.message}</p> : null}
                </td>
                <td>
                  <Form method="post">
                    <CsrfField />
                    <input type="hidden" name="id" value={e.id} />
                    <label htmlFor={`status-${e.id}`} className="visually-hidden">Status of the request from {e.name}</label>
                    <select id={`status-${e.id}`} name="status" defaultValue={e.status}>
                      {ESTIMATE_STATUSES.map((s) => <option key={s} value={s}>{s}</option>)}
                    </select>
                    <button type="submit" className="button">Save</button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h2>Most wished-for products</h2>
      {top.length === 0 ? <p>No wishlists yet.</p> : (
        <ol>{top.map((p) => <li key={p.id}><a href={`/product/${p.slug}`}>{p.name}</a> — {plural('admin.wishlists.inLists', p.lists)}</li>)}</ol>
      )}
      <h2>Lists by shopper</h2>
      {lists.length === 0 ? <p>No wishlists yet.</p> : (
        <table>
          <thead><tr><th scope="col">Shopper</th><th scope="col">List</th><th scope="col">Items</th></tr></thead>
          <tbody>
            {lists.map((l) => (
              <tr key={l.id}>
                <td>{l.owner}</td>
                <td><a href={`/wishlist/view/${l.token}`}>{l.name}</a> ({l.visibility}{l.is_default ? ', default' : ''})</td>
                <td>{l.items.map((i) => `${i.quantity} × ${i.name}`).join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
