import { Link, data, redirect, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { requireStaff } from '../features/admin/admin.server.ts';
import { addressLines } from '../features/address/address.server.ts';
import type { Address } from '../features/address/address.ts';
import { CustomerNotes } from '../features/customers/components/customer-edit.tsx';
import { CustomerAddresses, CustomerOrders, FactList, useFigureFacts } from '../features/customers/components/customer-view.tsx';
import { addCustomerNote } from '../features/customers/customer-notes.server.ts';
import { guestByOrder } from '../features/customers/guest-customer.server.ts';
import { CUSTOMER_ADMIN_ROLES } from '../features/customers/roles.ts';
import { formAction } from '../lib/action.server.ts';
import { isActionError, type ActionError } from '../lib/action.ts';
import { ActionNotice } from '../features/admin/components/action-notice.tsx';
import { HttpError } from '../lib/http-error.ts';
import { formToObject, idFromText } from '../lib/validate.ts';
import { t } from '../i18n/t-admin.ts';
import '../features/customers/customers.css';
import '../styles/orders.css';

/*
 * /admin/customers/guest/:ref: a guest buyer — every order placed without an account with
 * the e-mail of order :ref — with their figures, the addresses of their latest order and
 * private notes. The address names an order, never the e-mail (guest-customer.server.ts).
 * A guest who has registered since is their account: the page sends there.
 */

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: `${d ? d.guest.name || d.guest.email : t('admin.nav.customers')} · ${t('admin.title')}` }];

async function lookUp(context: LoaderFunctionArgs['context'], ref: string | undefined) {
  const id = idFromText(ref);
  const found = id === null ? null : await guestByOrder(context.services.db, id);
  if (!found) throw data(null, { status: 404 });
  if (found.kind === 'account') throw redirect(`/admin/customers/${found.userId}`);
  return found.guest;
}

const lines = (a: Address | null, contact: boolean) => (a ? [...addressLines(a), ...(contact ? [a.phone, a.email] : [])].filter(Boolean) : []);

export async function loader({ context, request, params }: LoaderFunctionArgs) {
  requireStaff(context, request, CUSTOMER_ADMIN_ROLES);
  const guest = await lookUp(context, params.ref);
  return { guest, billing: lines(guest.billing, true), shipping: lines(guest.shipping, false) };
}

export async function action({ context, request, params }: ActionFunctionArgs) {
  const user = requireStaff(context, request, CUSTOMER_ADMIN_ROLES);
  const guest = await lookUp(context, params.ref);
  const values = formToObject(await request.formData());
  return formAction(async () => {
    if (values.intent !== 'note') throw new HttpError(400, 'invalid', t('admin.unknownRequest'));
    await addCustomerNote(context.services.db, { userId: null, email: guest.email }, user, values);
    return { done: t('admin.customers.noteAdded') };
  }, values);
}

export default function AdminGuestCustomer() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<ActionError | { done: string }>();
  const { guest } = d;
  const facts: [string, React.ReactNode][] = [
    [t('admin.customers.email'), <a href={`mailto:${guest.email}`}>{guest.email}</a>],
    [t('admin.customers.name'), guest.name || t('admin.customers.noName')],
    [t('admin.customers.role'), t('admin.role.guest')],
    ...useFigureFacts(guest),
  ];
  return (
    <>
      <p>
        <Link to="/admin/customers">{t('admin.customers.back')}</Link>
      </p>
      <h1>{guest.name || guest.email}</h1>
      <p>{t('admin.customers.guestIntro')}</p>
      <ActionNotice result={result} />
      <div className="customer-page">
        <FactList id="customer-guest" title={t('admin.customers.guestHeading')} facts={facts} />
        <CustomerAddresses billing={d.billing} shipping={d.shipping} title={t('admin.customers.latestAddresses')} />
        <CustomerOrders customer={guest} />
        <CustomerNotes notes={guest.notes} error={isActionError(result) ? (result.error.fields?.note ?? result.error.message) : undefined} />
      </div>
    </>
  );
}
