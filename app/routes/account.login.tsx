import { Form, Link, redirect, useActionData, useSearchParams } from 'react-router';
import type { Route } from './+types/account.login';
import { login } from '../features/account/account.server.ts';
import { sessionCookie } from '../features/account/session.server.ts';
import { cartTokenFromCookies, mergeGuestCartAtLogin } from '../features/cart/cart-http.server.ts';
import { CsrfField, Field, FormErrors, fieldError } from '../features/account/components/form-parts.tsx';
import { formAction } from '../lib/action.server.ts';
import type { ActionError } from '../lib/action.ts';
import { formToObject } from '../lib/validate.ts';
import { safeRedirect } from '../lib/redirect.ts';
import { t } from '../i18n/t.ts';
import { mergeGuestWishlists } from '../features/wishlist/wishlist-lists.server.ts';
import { wishlistTokenFromCookies } from '../features/wishlist/wishlist-http.server.ts';

export const meta: Route.MetaFunction = () => [{ title: t('account.loginTitle') }, { name: 'robots', content: 'noindex' }];

export function loader({ context }: Route.LoaderArgs) {
  if (context.user) throw redirect('/my-account');
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = formToObject(await request.formData());
  return formAction(async () => {
    const { user, token } = await login(context.services, values, context.clientIp, context.sessionToken);
    await mergeGuestCartAtLogin(context.services.db, cartTokenFromCookies(request.headers.get('cookie')), user.id);
    await mergeGuestWishlists(context.services, wishlistTokenFromCookies(request.headers.get('cookie')), user.id);
    return redirect(safeRedirect(values.redirect, '/my-account'), {
      headers: { 'set-cookie': sessionCookie(token, context.secure) },
    });
  }, values);
}

export default function Login() {
  const result = useActionData<ActionError>();
  const [params] = useSearchParams();
  const labels = { email: t('account.email'), password: t('account.password') };
  return (
    <div className="page container">
      <div className="form-card">
        <h1>{t('account.loginTitle')}</h1>
        {params.get('reset') === '1' ? <p className="notice" role="status">{t('account.resetDone')}</p> : null}
        <FormErrors result={result} labels={labels} />
        <Form method="post" noValidate>
          <CsrfField />
          <input type="hidden" name="redirect" value={params.get('redirect') ?? ''} />
          <Field name="email" type="email" label={labels.email} autoComplete="email" required defaultValue={result?.values?.email} error={fieldError(result, 'email')} />
          <Field name="password" type="password" label={labels.password} autoComplete="current-password" required error={fieldError(result, 'password')} />
          <button type="submit" className="button">
            {t('account.login')}
          </button>
        </Form>
        <p className="form-links">
          <Link to="/account/lost-password">{t('account.lostPassword')}</Link>
          <br />
          {t('account.noAccount')} <Link to="/account/register">{t('account.register')}</Link>
        </p>
      </div>
    </div>
  );
}
