import { randomBytes } from 'node:crypto';
import { Link, data, redirect, useActionData } from 'react-router';
import type { Route } from './+types/admin.orders.new';
import { requireStaff } from '../features/admin/admin.server.ts';
import { getSettings } from '../features/settings/settings.server.ts';
import { ORDER_ROLES } from '../features/checkout/admin-roles.ts';
import { createAdminOrder } from '../features/orders/admin-order-create.server.ts';
import { CREATE_STATUSES, draftFromForm, emptyDraft } from '../features/orders/order-draft.server.ts';
import { draftIntent, draftStates, priceForForm, type DraftAnswer } from '../features/orders/order-draft-page.server.ts';
import { OrderDraftAnswer } from '../features/orders/components/order-draft-answer.tsx';
import { HttpError } from '../lib/http-error.ts';
import { formToObject } from '../lib/validate.ts';
import { t } from '../i18n/t-admin.ts';
import '../styles/orders.css';

/* /admin/orders/new: "Add order", an order made by hand (a phone order), as plain form posts. */

export const meta: Route.MetaFunction = () => [{ title: `${t('admin.orderForm.newTitle')} · ${t('admin.title')}` }];

export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request, ORDER_ROLES);
  const settings = await getSettings(context.services.db);
  const draft = emptyDraft();
  draft.billing.country = settings.baseCountry;
  draft.shipping.country = settings.baseCountry;
  const answer: DraftAnswer = { draft, priced: null, quotes: [], found: {}, errors: {} };
  return { answer, states: draftStates(draft), currency: settings.currency, statuses: CREATE_STATUSES, idempotencyKey: randomBytes(12).toString('base64url') };
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireStaff(context, request, ORDER_ROLES);
  const { db } = context.services;
  const values = formToObject(await request.formData());
  const draft = draftFromForm(values);
  const settings = await getSettings(db);
  const intent = values.intent ?? 'recalculate';
  try {
    const answer = await draftIntent(db, settings, intent, draft);
    if (answer) return { answer, states: draftStates(answer.draft), idempotencyKey: values.idempotency_key ?? '' };
    const { orderId } = await createAdminOrder(context.services, draft, user, values.idempotency_key || null);
    return redirect(`/admin/orders/${orderId}?created=1`);
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    const p = await priceForForm(db, draft, settings).catch(() => ({ priced: null, quotes: [], errors: {} }));
    const answer: DraftAnswer = { draft, ...p, found: {}, errors: { ...p.errors, ...(err.fields ?? {}) }, message: err.message };
    return data({ answer, states: draftStates(draft), idempotencyKey: values.idempotency_key ?? '' }, { status: err.status });
  }
}

export default function AdminOrderNew({ loaderData }: Route.ComponentProps) {
  const posted = useActionData<typeof action>();
  const current = posted && 'answer' in posted ? posted : loaderData;
  const { answer } = current;
  return (
    <>
      <p>
        <Link to="/admin/orders">{t('admin.orderForm.back')}</Link>
      </p>
      <h1>{t('admin.orderForm.newTitle')}</h1>
      <OrderDraftAnswer
        mode="create"
        answer={answer}
        states={current.states}
        statuses={loaderData.statuses}
        currency={loaderData.currency}
        idempotencyKey={current.idempotencyKey || loaderData.idempotencyKey}
      />
    </>
  );
}
