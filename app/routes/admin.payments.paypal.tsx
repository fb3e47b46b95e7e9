import { useActionData } from 'react-router';
import type { Route } from './+types/admin.payments.paypal';
import { requireStaff, SETTINGS_ROLES } from '../features/admin/admin.server.ts';
import { paypalAdminView } from '../features/payments/paypal/paypal-admin.server.ts';
import { paypalSectionAction } from '../features/payments/paypal/paypal-admin-action.server.ts';
import { PayPalSection } from '../features/payments/paypal/components/paypal-section.tsx';
import { formAction } from '../lib/action.server.ts';
import { isActionError, type ActionError } from '../lib/action.ts';
import { formToObject } from '../lib/validate.ts';
import { t } from '../i18n/t-admin.ts';

export const meta: Route.MetaFunction = () => [{ title: `PayPal · ${t('admin.nav.payments')} · ${t('admin.title')}` }];

export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request, SETTINGS_ROLES);
  return { view: await paypalAdminView(context.services, context.requestOrigin) };
}

export async function action({ context, request }: Route.ActionArgs) {
  requireStaff(context, request, SETTINGS_ROLES);
  const values = formToObject(await request.formData());
  return formAction(() => paypalSectionAction(context.services, values, context.requestOrigin), values);
}

export default function PayPalSettingsPage({ loaderData }: Route.ComponentProps) {
  const result = useActionData<ActionError | { view: unknown; done: string }>();
  const error = isActionError(result) ? result : undefined;
  return (
    <>
      <h1>{t('admin.nav.payments')}</h1>
      <p>
        <a href="/admin/payments">{t('admin.paypal.allMethods')}</a>
      </p>
      <PayPalSection view={loaderData.view} error={error} done={result && !isActionError(result) ? result.done : undefined} />
    </>
  );
}
