import { Link, data, redirect, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { requireStaff } from '../features/admin/admin.server.ts';
import { addressLines } from '../features/address/address.server.ts';
import { erasurePreview } from '../features/account/customer.server.ts';
import { CustomerActions, DeleteConfirm } from '../features/customers/components/customer-actions.tsx';
import { CustomerAddresses, CustomerFacts, CustomerOrders } from '../features/customers/components/customer-view.tsx';
import { changeRole, deleteCustomer, sendPasswordReset } from '../features/customers/customer-actions.server.ts';
import { customerDetail } from '../features/customers/customers-admin.server.ts';
import { CUSTOMER_ADMIN_ROLES, CUSTOMER_DELETE_ROLES, ROLE_ADMIN_ROLES } from '../features/customers/roles.ts';
import { formAction } from '../lib/action.server.ts';
import { isActionError, type ActionError } from '../lib/action.ts';
import { HttpError } from '../lib/http-error.ts';
import { formToObject, idFromText } from '../lib/validate.ts';
import { t } from '../i18n/t-admin.ts';
import '../features/customers/customers.css';
import '../styles/orders.css';

/*
 * /admin/customers/:id: one account — its details, saved addresses, orders and wishlists —
 * with the password-reset e-mail, the role (administrators) and deletion by the privacy
 * tool's rules (administrators; a confirmation step at ?delete=1 first). Plain forms.
 */

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: `${d ? d.customer.name || d.customer.email : t('admin.nav.customers')} · ${t('admin.title')}` }];

export async function loader({ context, request, params }: LoaderFunctionArgs) {
  const user = requireStaff(context, request, CUSTOMER_ADMIN_ROLES);
  const id = idFromText(params.id);
  const customer = id === null ? null : await customerDetail(context.services.db, id);
  if (!customer) throw data(null, { status: 404 });
  const canDelete = CUSTOMER_DELETE_ROLES.includes(user.role);
  const confirming = canDelete && customer.role === 'customer' && new URL(request.url).searchParams.get('delete') === '1';
  const billing = customer.addresses.billing;
  const shipping = customer.addresses.shipping;
  return {
    customer,
    billing: billing ? [...addressLines(billing), billing.phone, billing.email].filter(Boolean) : [],
    shipping: shipping ? addressLines(shipping) : [],
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
  return (
    <>
      <p>
        <Link to="/admin/customers">{t('admin.customers.back')}</Link>
      </p>
      <h1>{customer.name || customer.email}</h1>
      {isActionError(result) ? (
        <p className="notice notice--error" role="alert">
          {result.error.message}
        </p>
      ) : result ? (
        <p className="notice" role="status">
          {result.done}
        </p>
      ) : null}
      {d.erasure ? <DeleteConfirm customerId={customer.id} email={customer.email} orders={d.erasure.orders} /> : null}
      <div className="customer-page">
        <CustomerFacts customer={customer} />
        <CustomerAddresses billing={d.billing} shipping={d.shipping} />
        <CustomerOrders customer={customer} />
        <CustomerActions customer={customer} canRoles={d.canRoles} canDelete={d.canDelete} isSelf={d.isSelf} confirming={!!d.erasure} />
      </div>
    </>
  );
}
