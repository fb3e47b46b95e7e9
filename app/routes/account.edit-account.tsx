import { Form, redirect, useActionData, useSearchParams } from 'react-router';
import type { Route } from './+types/account.edit-account';
import { updateAccountDetails } from '../features/account/customer.server.ts';
import { sessionCookie } from '../features/account/session.server.ts';
import { CsrfField, Field, FormErrors, fieldError } from '../features/account/components/form-parts.tsx';
import { useScrollToNotices } from '../ui/scroll-to-notices.tsx';
import { LIMITS } from '../config/constants.ts';
import { formAction } from '../lib/action.server.ts';
import type { ActionError } from '../lib/action.ts';
import { formToObject } from '../lib/validate.ts';
import { requireUser } from '../features/account/require-user.server.ts';
import { t } from '../i18n/t-orders.ts';

export const meta: Route.MetaFunction = () => [{ title: t('myaccount.detailsTitle') }, { name: 'robots', content: 'noindex' }];

export function loader({ context, request }: Route.LoaderArgs) {
  // The shell's loader has already sent anyone signed out to the login form.
  const user = requireUser(context, request);
  return { name: user.name, email: user.email };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireUser(context, request);
  const values = formToObject(await request.formData());
  return formAction(async () => {
    const { token } = await updateAccountDetails(context.services, requireUser(context, request), values);
    const headers = token ? { 'set-cookie': sessionCookie(token, context.secure) } : undefined;
    return redirect('/my-account/edit-account?saved=1', { headers });
  }, values);
}

export default function EditAccount({ loaderData }: Route.ComponentProps) {
  const result = useActionData<ActionError>();
  const [params] = useSearchParams();
  const notices = useScrollToNotices(result);
  const labels = {
    name: t('account.name'),
    email: t('account.email'),
    current_password: t('myaccount.currentPassword'),
    new_password: t('account.newPassword'),
  };
  return (
    <>
      <h1>{t('myaccount.detailsTitle')}</h1>
      {params.get('saved') === '1' && !result ? (
        <p className="notice" role="status">
          {t('myaccount.detailsSaved')}
        </p>
      ) : null}
      <div ref={notices}>
        <FormErrors result={result} labels={labels} />
      </div>
      <Form method="post" noValidate className="account-form">
        <CsrfField />
        <Field name="name" label={labels.name} autoComplete="name" defaultValue={result?.values?.name ?? loaderData.name} error={fieldError(result, 'name')} />
        <Field
          name="email"
          type="email"
          label={labels.email}
          autoComplete="email"
          required
          defaultValue={result?.values?.email ?? loaderData.email}
          error={fieldError(result, 'email')}
        />
        <fieldset className="account-form__passwords">
          <legend>{t('myaccount.passwordChange')}</legend>
          <Field
            name="current_password"
            type="password"
            label={labels.current_password}
            autoComplete="current-password"
            hint={t('myaccount.currentPasswordHint')}
            error={fieldError(result, 'current_password')}
          />
          <Field
            name="new_password"
            type="password"
            label={labels.new_password}
            autoComplete="new-password"
            minLength={LIMITS.passwordMinLength}
            hint={t('myaccount.newPasswordHint', { min: LIMITS.passwordMinLength })}
            error={fieldError(result, 'new_password')}
          />
        </fieldset>
        <button type="submit" className="button">
          {t('myaccount.saveChanges')}
        </button>
      </Form>
    </>
  );
}
