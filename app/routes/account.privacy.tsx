import { data, Form, redirect, useSearchParams } from 'react-router';
import type { Route } from './+types/account.privacy';
import { requestErasure } from '../features/orders/privacy.server.ts';
import { CsrfField } from '../features/account/components/form-parts.tsx';
import { formToObject } from '../lib/validate.ts';
import { requireUser } from '../features/account/require-user.server.ts';
import { t } from '../i18n/t-orders.ts';

export const meta: Route.MetaFunction = () => [{ title: t('myaccount.privacyTitle') }, { name: 'robots', content: 'noindex' }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const pending = await context.services.db
    .selectFrom('privacy_requests')
    .select('created_at')
    .where('user_id', '=', requireUser(context, request).id)
    .where('type', '=', 'erasure')
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return { erasurePending: pending?.created_at ?? null };
}

/** "Request erasure" records the request and confirms ("Download my data" posts to ./export). */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const { intent } = formToObject(await request.formData());
  if (intent === 'erase') {
    await requestErasure(context.services.db, user.id);
    return redirect('/my-account/privacy?requested=1');
  }
  // A post this page never sends: a client error, not a failure of ours.
  throw data(null, { status: 400 });
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  return (
    <>
      <h1>{t('myaccount.privacyTitle')}</h1>
      {params.get('requested') === '1' ? (
        <p className="notice" role="status">
          {t('myaccount.erasureRequested')}
        </p>
      ) : null}
      <section aria-labelledby="privacy-export" className="privacy-section">
        <h2 id="privacy-export">{t('myaccount.exportTitle')}</h2>
        <p>{t('myaccount.exportText')}</p>
        {/* A plain form post: the answer is a file download, not a page. */}
        <Form method="post" action="/my-account/privacy/export" reloadDocument>
          <CsrfField />
          <button type="submit" name="intent" value="export" className="button button--ghost">
            {t('myaccount.exportSubmit')}
          </button>
        </Form>
      </section>
      <section aria-labelledby="privacy-erase" className="privacy-section">
        <h2 id="privacy-erase">{t('myaccount.erasureTitle')}</h2>
        <p>{t('myaccount.erasureText')}</p>
        {loaderData.erasurePending ? (
          <p>{t('myaccount.erasurePending', { date: loaderData.erasurePending.slice(0, 10) })}</p>
        ) : (
          <Form method="post">
            <CsrfField />
            <button type="submit" name="intent" value="erase" className="button button--ghost">
              {t('myaccount.erasureSubmit')}
            </button>
          </Form>
        )}
      </section>
    </>
  );
}
