import { Form } from 'react-router';
import type { Route } from './+types/wishlist.alerts.$token';
import { alertsByToken, unsubscribeAlerts } from '../features/wishlist/wishlist-alerts.server.ts';
import { CsrfField } from '../features/account/components/form-parts.tsx';
import { HttpError } from '../lib/http-error.ts';
import { t } from '../i18n/t-wishlist.ts';
import '../features/wishlist/wishlist.css';

/*
 * The unsubscribe link of wishlist alert e-mails: works without signing in (the token in the
 * address is the key). Opening it changes nothing (link checkers open links); the button does.
 */

export const meta: Route.MetaFunction = () => [{ title: t('wishlist.alertsUnsubTitle') }, { name: 'robots', content: 'noindex' }];

export const headers = () => ({ 'cache-control': 'private, no-store', 'referrer-policy': 'no-referrer' });

async function orNotFound<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof HttpError && err.status === 404) throw new Response(err.message, { status: 404 });
    throw err;
  }
}

export const loader = ({ context, params }: Route.LoaderArgs) => orNotFound(alertsByToken(context.services.db, params.token));

export const action = async ({ context, params }: Route.ActionArgs) => orNotFound(unsubscribeAlerts(context.services.db, params.token));

export default function WishlistAlerts({ loaderData, actionData }: Route.ComponentProps) {
  const off = actionData ?? (!loaderData.alerts ? { message: t('wishlist.alertsAlreadyOff', { list: loaderData.name }) } : null);
  return (
    <section className="wl-alerts-unsub">
      <h1>{t('wishlist.alertsUnsubTitle')}</h1>
      {off ? (
        <p className="notice notice--success" role="status">{off.message}</p>
      ) : (
        <Form method="post">
          <CsrfField />
          <p>{t('wishlist.alertsUnsubAsk', { list: loaderData.name })}</p>
          <button type="submit" className="button">{t('wishlist.alertsUnsubButton')}</button>
        </Form>
      )}
      <p><a href="/shop">{t('wishlist.emptyLink')}</a></p>
    </section>
  );
}
