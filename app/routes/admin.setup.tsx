import { useEffect } from 'react';
import { Form, redirect, useActionData } from 'react-router';
import type { Route } from './+types/admin.setup';
import { adminExists, setupFirstAdmin } from '../features/account/account.server.ts';
import { createSession, sessionCookie } from '../features/account/session.server.ts';
import { CsrfField, Field, FormErrors, NewPasswordField, fieldError } from '../features/account/components/form-parts.tsx';
import { configuredOrigin } from '../features/settings/origin.server.ts';
import { formAction } from '../lib/action.server.ts';
import type { ActionError } from '../lib/action.ts';
import { formToObject } from '../lib/validate.ts';
import { t } from '../i18n/t-admin.ts';

export const meta: Route.MetaFunction = () => [{ title: t('admin.setupTitle') }, { name: 'robots', content: 'noindex' }];

export async function loader({ context, request }: Route.LoaderArgs) {
  return {
    done: await adminExists(context.services),
    /** Links use PUBLIC_URL when it is set: no store address to ask for. */
    publicUrl: configuredOrigin(context.services.config),
    // Only a suggestion for the owner to confirm; the browser puts its own address in.
    suggestedUrl: new URL(request.url).origin,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = formToObject(await request.formData());
  return formAction(async () => {
    const input = configuredOrigin(context.services.config) ? { ...values, storeUrl: undefined } : values;
    const user = await setupFirstAdmin(context.services, input, context.clientIp);
    const token = await createSession(context.services.db, user.id);
    return redirect('/admin', { headers: { 'set-cookie': sessionCookie(token, context.secure) } });
  }, values);
}

export default function AdminSetup({ loaderData }: Route.ComponentProps) {
  const result = useActionData<ActionError>();
  const labels = { setupCode: t('admin.setupCode'), name: t('account.name'), email: t('account.email'), password: t('account.password'), storeUrl: t('admin.storeUrl'), shopEmail: t('admin.setupShopEmail') };
  const { suggestedUrl } = loaderData;
  useEffect(() => {
    // The address this browser reached the shop at (behind a TLS proxy the server may not know it).
    const input = document.getElementById('field-storeUrl') as HTMLInputElement | null;
    if (input && input.value === suggestedUrl) input.value = window.location.origin;
  }, [suggestedUrl]);
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
              <Field name="setupCode" label={labels.setupCode} hint={t('admin.setupCodeHint')} autoComplete="off" required defaultValue={result?.values?.setupCode} error={fieldError(result, 'setupCode')} />
              <Field name="name" label={labels.name} autoComplete="name" defaultValue={result?.values?.name} error={fieldError(result, 'name')} />
              <Field name="email" type="email" label={labels.email} autoComplete="email" required defaultValue={result?.values?.email} error={fieldError(result, 'email')} />
              <NewPasswordField label={labels.password} error={fieldError(result, 'password')} />
              <Field name="shopEmail" type="email" label={labels.shopEmail} hint={t('admin.setupShopEmailHint')} autoComplete="off" defaultValue={result?.values?.shopEmail} error={fieldError(result, 'shopEmail')} />
              {loaderData.publicUrl ? (
                <p className="hint">{t('admin.storeUrlFromEnv', { url: loaderData.publicUrl })}</p>
              ) : (
                <Field name="storeUrl" type="url" label={labels.storeUrl} hint={t('admin.storeUrlHint')} required defaultValue={result?.values?.storeUrl ?? suggestedUrl} error={fieldError(result, 'storeUrl')} />
              )}
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
