import { data } from 'react-router';
import type { Route } from './+types/checkout.terms';
import { getTermsText } from '../features/checkout/terms.server.ts';
import { t } from '../i18n/t-orders.ts';

export const meta: Route.MetaFunction = () => [{ title: t('checkout.termsTitle') }];

/** The shop's terms and conditions as a page (the checkout's lightbox shows the same text). */
export async function loader({ context }: Route.LoaderArgs) {
  const text = await getTermsText(context.services.db);
  if (!text) throw data(null, { status: 404 });
  return { text };
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page container terms-page">
      <h1>{t('checkout.termsTitle')}</h1>
      {loaderData.text
        .split(/\n\s*\n/)
        .filter((p) => p.trim())
        .map((p, i) => (
          <p key={i}>{p.trim()}</p>
        ))}
    </div>
  );
}
