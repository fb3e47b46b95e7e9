import { Form, redirect, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { CsrfField, Field, FormErrors, NewPasswordField, fieldError } from '../features/account/components/form-parts.tsx';
import { sessionCookie } from '../features/account/session.server.ts';
import { acceptInvite, inviteByToken } from '../features/customers/staff-invites.server.ts';
import { formAction } from '../lib/action.server.ts';
import type { ActionError } from '../lib/action.ts';
import { formToObject } from '../lib/validate.ts';
import { t } from '../i18n/t-admin.ts';
import '../features/customers/customers.css';

/*
 * /account/invite?token=…: where a staff invitation's link leads. The invitee chooses a
 * password (and may correct their name) and is signed in with the role they were given; the
 * link then stops working. An unknown, used, revoked or expired link says so.
 */

export const meta: MetaFunction = () => [
  { title: t('admin.invite.title') },
  { name: 'robots', content: 'noindex' },
  // The token is in the address: never send it to other sites in the Referer header.
  { name: 'referrer', content: 'same-origin' },
];

export async function loader({ context, request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const invite = await inviteByToken(context.services.db, token);
  return { token: invite ? token : '', invite, signedInAs: context.user?.email ?? null };
}

export async function action({ context, request }: ActionFunctionArgs) {
  const values = formToObject(await request.formData());
  return formAction(async () => {
    const { token } = await acceptInvite(context.services, values, context.sessionToken);
    return redirect('/admin', { headers: { 'set-cookie': sessionCookie(token, context.secure) } });
  }, values);
}

export default function AcceptInvite() {
  const { token, invite, signedInAs } = useLoaderData<typeof loader>();
  const result = useActionData<ActionError>();
  const labels = { name: t('admin.customers.name'), password: t('admin.invite.password'), token: t('admin.invite.link'), email: t('admin.customers.email') };
  return (
    <div className="page container">
      <div className="form-card">
        <h1>{t('admin.invite.title')}</h1>
        {invite ? (
          <>
            <p>{t('admin.invite.text', { email: invite.email, role: t(`admin.role.${invite.role}`) })}</p>
            {signedInAs && signedInAs !== invite.email ? <p className="notice">{t('admin.invite.signedIn', { email: signedInAs })}</p> : null}
            <FormErrors result={result} labels={labels} />
            <Form method="post" noValidate>
              <CsrfField />
              <input type="hidden" name="token" value={token} />
              <div className="form-row">
                <label htmlFor="invite-email">{labels.email}</label>
                <input id="invite-email" type="email" value={invite.email} readOnly autoComplete="username" />
              </div>
              <Field name="name" label={labels.name} autoComplete="name" defaultValue={result?.values?.name ?? invite.name} error={fieldError(result, 'name')} />
              <NewPasswordField label={labels.password} error={fieldError(result, 'password')} />
              <button type="submit" className="button">
                {t('admin.invite.submit')}
              </button>
            </Form>
          </>
        ) : (
          <p className="notice notice--error" role="alert">
            {t('admin.invite.invalid')}
          </p>
        )}
      </div>
    </div>
  );
}
