import { Form, useActionData } from 'react-router';
import type { Route } from './+types/account.lost-password';
import { requestPasswordReset } from '../features/account/account.server.ts';
import { CsrfField, Field, FormErrors, fieldError } from '../features/account/components/form-parts.tsx';
import { formAction } from '../lib/action.server.ts';
import { isActionError, type ActionError } from '../lib/action.ts';
import { formToObject } from '../lib/validate.ts';
import { t } from '../i18n/t.ts';

export const meta: Route.MetaFunction = () => [{ title: t('account.lostTitle') }, { name: 'robots', content: 'noindex' }];

export async function action({ request, context }: Route.ActionArgs) {
  const values = formToObject(await request.formData());
  return formAction(async () => {
    await requestPasswordReset(context.services, values, context.requestOrigin, context.clientIp);
    return { sent: true as const };
  }, values);
}

export default function LostPassword() {
  const result = useActionData<ActionError | { sent: true }>();
  const error = isActionError(result) ? result : undefined;
  const labels = { email: t('account.email') };
  return (
    <div className="page container">
      <div className="form-card">
        <h1>{t('account.lostTitle')}</h1>
        {result && !error ? (
          <p className="notice" role="status">
            {t('account.lostSent')}
          </p>
        ) : (
          <>
            <p>{t('account.lostText')}</p>
            <FormErrors result={error} labels={labels} />
            <Form method="post" noValidate>
              <CsrfField />
              <Field name="email" type="email" label={labels.email} autoComplete="email" required defaultValue={error?.values?.email} error={fieldError(error, 'email')} />
              <button type="submit" className="button">
                {t('account.lostSubmit')}
              </button>
            </Form>
          </>
        )}
      </div>
    </div>
  );
}
