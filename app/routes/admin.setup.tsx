import { Form, redirect, useActionData } from 'react-router';
import type { Route } from './+types/admin.setup';
import { adminExists, setupFirstAdmin } from '../features/account/account.server.ts';
import { createSession, sessionCookie } from '../features/account/session.server.ts';
import { CsrfField, Field, FormErrors, NewPasswordField, fieldError } from '../features/account/components/form-parts.tsx';
import { formAction } from '../lib/action.server.ts';
import type { ActionError } from '../lib/action.ts';
import { formToObject } from '../lib/validate.ts';
import { t } from '../i18n/t.ts';

export const meta: Route.MetaFunction = () => [{ title: t('admin.setupTitle') }, { name: 'robots', content: 'noindex' }];

export async function loader({ context }: Route.LoaderArgs) {
  return { done: await adminExists(context.services) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = formToObject(await request.formData());
  return formAction(async () => {
    const user = await setupFirstAdmin(context.services, values);
    const token = await createSession(context.services.db, user.id);
    return redirect('/admin', { headers: { 'set-cookie': sessionCookie(token, context.secure) } });
  }, values);
}

export default function AdminSetup({ loaderData }: Route.ComponentProps) {
  const result = useActionData<ActionError>();
  const labels = { name: t('account.name'), email: t('account.email'), password: t('account.password') };
  return (
    <div className="page container">
      <div className="form-card">
        <h1>{t('admin.setupTitle')}</h1>
        {loaderData.done ? (
          <p className="notice" role="status">
            {t('admin.setupDone')} <a href="/account/login?redirect=/admin">{t('account.login')}</a>
          </p>
        ) : (
          <>
            <p>{t('admin.setupText')}</p>
            <FormErrors result={result} labels={labels} />
            <Form method="post" noValidate>
              <CsrfField />
              <Field name="name" label={labels.name} autoComplete="name" defaultValue={result?.values?.name} error={fieldError(result, 'name')} />
              <Field name="email" type="email" label={labels.email} autoComplete="email" required defaultValue={result?.values?.email} error={fieldError(result, 'email')} />
              <NewPasswordField label={labels.password} error={fieldError(result, 'password')} />
              <button type="submit" className="button">
                {t('admin.setupSubmit')}
              </button>
            </Form>
          </>
        )}
      </div>
    </div>
  );
}
