import { Link, data, redirect, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { requireStaff } from '../features/admin/admin.server.ts';
import { erasurePreview } from '../features/account/customer.server.ts';
import { CustomerActions, DeleteConfirm } from '../features/customers/components/customer-actions.tsx';
import { CustomerFacts, CustomerOrders } from '../features/customers/components/customer-view.tsx';
import { CustomerEditForm, CustomerNotes } from '../features/customers/components/customer-edit.tsx';
import { customerVersion, saveCustomerDetails } from '../features/customers/customer-edit.server.ts';
import { addCustomerNote } from '../features/customers/customer-notes.server.ts';
import { statesFor } from '../features/checkout/address-form.server.ts';
import { addressFromForm } from '../features/checkout/components/address-fields.tsx';
import { changeRole, deleteCustomer, sendPasswordReset } from '../features/customers/customer-actions.server.ts';
import { customerDetail } from '../features/customers/customers-admin.server.ts';
import { CUSTOMER_ADMIN_ROLES, CUSTOMER_DELETE_ROLES, ROLE_ADMIN_ROLES } from '../features/customers/roles.ts';
import { formAction } from '../lib/action.server.ts';
import { isActionError, type ActionError } from '../lib/action.ts';
import { ActionNotice } from '../features/admin/components/action-notice.tsx';
import { HttpError } from '../lib/http-error.ts';
import { formToObject, idFromText } from '../lib/validate.ts';
import { t } from '../i18n/t-admin.ts';
import '../features/customers/customers.css';
import '../styles/orders.css';

/*
 * /admin/customers/:id: one account — its figures, orders (its own and those placed as a
 * guest with its e-mail) and wishlists — with its details and saved addresses editable
 * (refused when changed since the page was opened), private notes, the password-reset
 * e-mail, the role (administrators) and deletion by the privacy tool's rules
 * (administrators; a confirmation step at ?delete=1 first). Plain forms.
 */

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: `${d ? d.customer.name || d.customer.email : t('admin.nav.customers')} · ${t('admin.title')}` }];

export async function loader({ context, request, params }: LoaderFunctionArgs) {
  const user = requireStaff(context, request, CUSTOMER_ADMIN_ROLES);
  const id = idFromText(params.id);
  const customer = id === null ? null : await customerDetail(context.services.db, id);
  if (!customer) throw data(null, { status: 404 });
  const canDelete = CUSTOMER_DELETE_ROLES.includes(user.role);
  const confirming = canDelete && customer.role === 'customer' && new URL(request.url).searchParams.get('delete') === '1';
  const { billing, shipping } = customer.addresses;
  return {
    customer,
    version: (await customerVersion(context.services.db, customer.id)) ?? '',
    billing: billing ?? {},
    shipping: shipping ?? {},
    states: { billing: statesFor(billing?.country), shipping: statesFor(shipping?.country) },
    canRoles: ROLE_ADMIN_ROLES.includes(user.role),
    canDelete,
    isSelf: user.id === customer.id,
    // The privacy tool's own preview: it counts the guest orders placed with the address too.
    erasure: confirming ? await erasurePreview(context.services.db, customer.email) : null,
  };
}

export async function action({ context, request, params }: ActionFunctionArgs) {
  const user = requireStaff(context, request, CUSTOMER_ADMIN_ROLES);
  const id = idFromText(params.id);
  if (id === null) throw data(null, { status: 404 });
  const values = formToObject(await request.formData());
  return formAction(async () => {
    switch (values.intent) {
      case 'details': {
        await saveCustomerDetails(context.services.db, id, values);
        return { done: t('admin.customers.saved') };
      }
      case 'note': {
        const customer = await customerDetail(context.services.db, id);
        if (!customer) throw new HttpError(404, 'not_found', 'This account no longer exists.');
        await addCustomerNote(context.services.db, { userId: id, email: customer.email }, user, values);
        return { done: t('admin.customers.noteAdded') };
      }
      case 'reset': {
        const { email } = await sendPasswordReset(context.services, id, context.requestOrigin);
        return { done: t('admin.customers.resetSent', { email }) };
      }
      case 'role': {
        requireStaff(context, request, ROLE_ADMIN_ROLES);
        const r = await changeRole(context.services, user, id, values);
        return { done: t(r.changed ? 'admin.customers.roleChanged' : 'admin.customers.roleSame', { role: t(`admin.role.${r.role}`) }) };
      }
      case 'delete': {
        requireStaff(context, request, CUSTOMER_DELETE_ROLES);
        const { orders } = await deleteCustomer(context.services, id, user, values.confirm === '1');
        return redirect(`/admin/customers?deleted=1&orders=${orders}`);
      }
      default:
        throw new HttpError(400, 'invalid', t('admin.unknownRequest'));
    }
  }, values);
}

export default function AdminCustomer() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<ActionError | { done: string }>();
  const { customer } = d;
  const posted = (isActionError(result) ? result.values : undefined) ?? {};
  const editFailed = isActionError(result) && posted.intent === 'details';
  const noteFailed = isActionError(result) && posted.intent === 'note';
  return (
    <>
      <p>
        <Link to="/admin/customers">{t('admin.customers.back')}</Link>
      </p>
      <h1>{customer.name || customer.email}</h1>
      <ActionNotice result={result} />
      {d.erasure ? <DeleteConfirm customerId={customer.id} email={customer.email} orders={d.erasure.orders} /> : null}
      <div className="customer-page">
        <CustomerFacts customer={customer} />
        <CustomerOrders customer={customer} />
        <CustomerEditForm
          // A refused save shows what was typed; a done one (or a reload) what is stored.
          key={editFailed ? 'again' : d.version}
          values={editFailed ? { name: posted.name ?? '', email: posted.email ?? '', version: posted.version ?? d.version } : { name: customer.name, email: customer.email, version: d.version }}
          billing={editFailed ? addressFromForm(posted, 'billing') : d.billing}
          shipping={editFailed ? addressFromForm(posted, 'shipping') : d.shipping}
          states={d.states}
          errors={editFailed ? result.error.fields : undefined}
        />
        <CustomerNotes notes={customer.notes} error={noteFailed ? (result.error.fields?.note ?? result.error.message) : undefined} />
        <CustomerActions customer={customer} canRoles={d.canRoles} canDelete={d.canDelete} isSelf={d.isSelf} confirming={!!d.erasure} />
      </div>
    </>
  );
}
