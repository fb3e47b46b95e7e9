import { Form, redirect, useActionData, useSearchParams } from 'react-router';
import type { Route } from './+types/account.reset-password';
import { resetPassword } from '../features/account/account.server.ts';
import { CsrfField, FormErrors, NewPasswordField, fieldError } from '../features/account/components/form-parts.tsx';
import { formAction } from '../lib/action.server.ts';
import type { ActionError } from '../lib/action.ts';
import { formToObject } from '../lib/validate.ts';
import { t } from '../i18n/t.ts';

export const meta: Route.MetaFunction = () => [
  { title: t('account.resetTitle') },
  { name: 'robots', content: 'noindex' },
  // The token is in the URL: never send it to other sites in the Referer header (same-site
  // posts keep their Origin, which the form's own post needs).
  { name: 'referrer', content: 'same-origin' },
];

export async function action({ request, context }: Route.ActionArgs) {
  const values = formToObject(await request.formData());
  return formAction(async () => {
    await resetPassword(context.services, values);
    return redirect('/account/login?reset=1');
  }, values);
}

export default function ResetPassword() {
  const result = useActionData<ActionError>();
  const [params] = useSearchParams();
  const labels = { password: t('account.newPassword'), token: 'Link' };
  return (
    <div className="page container">
      <div className="form-card">
        <h1>{t('account.resetTitle')}</h1>
        <FormErrors result={result} labels={labels} />
        <Form method="post" noValidate>
          <CsrfField />
          <input type="hidden" name="token" value={params.get('token') ?? ''} />
          <NewPasswordField label={labels.password} error={fieldError(result, 'password')} />
          <button type="submit" className="button">
            {t('account.resetSubmit')}
          </button>
        </Form>
      </div>
    </div>
  );
}
