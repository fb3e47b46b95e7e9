import { Form, Link, redirect, useActionData } from 'react-router';
import type { Route } from './+types/account.register';
import { register } from '../features/account/account.server.ts';
import { sessionCookie } from '../features/account/session.server.ts';
import { welcomeCookie } from '../features/account/welcome.server.ts';
import { CsrfField, Field, FormErrors, NewPasswordField, fieldError } from '../features/account/components/form-parts.tsx';
import { formAction } from '../lib/action.server.ts';
import type { ActionError } from '../lib/action.ts';
import { formToObject } from '../lib/validate.ts';
import { t } from '../i18n/t.ts';
import { mergeGuestWishlists } from '../features/wishlist/wishlist-lists.server.ts';
import { wishlistTokenFromCookies } from '../features/wishlist/wishlist-http.server.ts';

export const meta: Route.MetaFunction = () => [{ title: t('account.registerTitle') }, { name: 'robots', content: 'noindex' }];

export function loader({ context }: Route.LoaderArgs) {
  if (context.user) throw redirect('/my-account');
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = formToObject(await request.formData());
  return formAction(async () => {
    const { user, token } = await register(context.services, values, context.sessionToken);
    await mergeGuestWishlists(context.services, wishlistTokenFromCookies(request.headers.get('cookie')), user.id);
    const headers = new Headers();
    headers.append('set-cookie', sessionCookie(token, context.secure));
    headers.append('set-cookie', welcomeCookie(context.secure));
    return redirect('/my-account', { headers });
  }, values);
}

export default function Register() {
  const result = useActionData<ActionError>();
  const labels = { name: t('account.name'), email: t('account.email'), password: t('account.password') };
  return (
    <div className="page container">
      <div className="form-card">
        <h1>{t('account.registerTitle')}</h1>
        <FormErrors result={result} labels={labels} />
        <Form method="post" noValidate>
          <CsrfField />
          <Field name="name" label={labels.name} autoComplete="name" defaultValue={result?.values?.name} error={fieldError(result, 'name')} />
          <Field name="email" type="email" label={labels.email} autoComplete="email" required defaultValue={result?.values?.email} error={fieldError(result, 'email')} />
          <NewPasswordField label={labels.password} error={fieldError(result, 'password')} />
          <button type="submit" className="button">
            {t('account.register')}
          </button>
        </Form>
        <p className="form-links">
          {t('account.haveAccount')} <Link to="/account/login">{t('account.login')}</Link>
        </p>
      </div>
    </div>
  );
}
