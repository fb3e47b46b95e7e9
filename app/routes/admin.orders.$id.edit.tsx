import { Link, data, redirect, useActionData } from 'react-router';
import type { Route } from './+types/admin.orders.$id.edit';
import { requireStaff } from '../features/admin/admin.server.ts';
import { getSettings } from '../features/settings/settings.server.ts';
import { ORDER_ROLES } from '../features/checkout/admin-roles.ts';
import { draftFromOrder, editProblem, saveOrderEdit, withLineOptions } from '../features/orders/admin-order-edit.server.ts';
import { draftFromForm } from '../features/orders/order-draft.server.ts';
import { draftIntent, draftStates, priceForForm, type DraftAnswer } from '../features/orders/order-draft-page.server.ts';
import { getOrderAdmin } from '../features/orders/orders.server.ts';
import { OrderDraftAnswer } from '../features/orders/components/order-draft-answer.tsx';
import { HttpError } from '../lib/http-error.ts';
import { formToObject, idFromText } from '../lib/validate.ts';
import { t } from '../i18n/t-admin.ts';
import '../styles/orders.css';

/* /admin/orders/:id/edit: an order's lines, prices, addresses and shipping changed by staff, as plain form posts. */

export const meta: Route.MetaFunction = ({ params }) => [{ title: `${t('admin.orderForm.editTitle', { id: params.id ?? '' })} · ${t('admin.title')}` }];

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireStaff(context, request, ORDER_ROLES);
  const { db } = context.services;
  const id = idFromText(params.id);
  const order = id === null ? null : await getOrderAdmin(db, id);
  if (!order) throw data(null, { status: 404 });
  const settings = await getSettings(db);
  const row = await db.selectFrom('orders').select('updated_at').where('id', '=', order.id).executeTakeFirstOrThrow();
  const problem = await editProblem(db, order);
  const draft = await withLineOptions(db, draftFromOrder(order, row, settings));
  const answer: DraftAnswer = { draft, found: {}, ...(problem ? { priced: null, quotes: [], errors: {} } : await priceForForm(db, draft, settings)) };
  return { id: order.id, problem, answer, states: draftStates(draft), currency: order.currency };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const user = requireStaff(context, request, ORDER_ROLES);
  const { db } = context.services;
  const id = idFromText(params.id);
  if (id === null) throw data(null, { status: 404 });
  const values = formToObject(await request.formData());
  const draft = draftFromForm(values);
  const settings = await getSettings(db);
  try {
    const answer = await draftIntent(db, settings, values.intent ?? 'recalculate', draft);
    if (answer) return { answer, states: draftStates(answer.draft) };
    await saveOrderEdit(context.services, id, draft, user);
    return redirect(`/admin/orders/${id}?edited=1`);
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    if (err.status === 404) throw data(null, { status: 404 });
    const p = await priceForForm(db, draft, settings).catch(() => ({ priced: null, quotes: [], errors: {} }));
    const answer: DraftAnswer = { draft, ...p, found: {}, errors: { ...p.errors, ...(err.fields ?? {}) }, message: err.message };
    return data({ answer, states: draftStates(draft) }, { status: err.status });
  }
}

export default function AdminOrderEdit({ loaderData }: Route.ComponentProps) {
  const posted = useActionData<typeof action>();
  const current = posted && 'answer' in posted ? posted : loaderData;
  const { answer } = current;
  return (
    <>
      <p>
        <Link to={`/admin/orders/${loaderData.id}`}>{t('admin.orderForm.backToOrder', { id: loaderData.id })}</Link>
      </p>
      <h1>{t('admin.orderForm.editTitle', { id: loaderData.id })}</h1>
      {loaderData.problem ? (
        <p className="notice" role="status">
          {t('admin.orderForm.cannotEdit', { reason: loaderData.problem })}
        </p>
      ) : (
        <OrderDraftAnswer mode="edit" answer={answer} states={current.states} statuses={[]} currency={loaderData.currency} idempotencyKey="" />
      )}
    </>
  );
}
