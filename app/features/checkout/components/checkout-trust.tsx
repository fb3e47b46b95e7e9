import { t } from '../../../i18n/t-orders.ts';

/**
 * Under "Place order": what a shopper looks for before paying — that the checkout is secure,
 * which payment methods the shop takes (its enabled methods) and where returns are explained.
 */
export function CheckoutTrust({ methods, termsUrl }: { methods: string[]; termsUrl: string | null }) {
  return (
    <ul className="checkout-trust" aria-label={t('checkout.trust')}>
      <li>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
          <rect x="5" y="11" width="14" height="10" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M8 11V8a4 4 0 0 1 8 0v3" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
        {t('checkout.secure')}
      </li>
      {methods.length ? (
        <li>
          <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
            <rect x="3" y="6" width="18" height="13" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M3 10h18" stroke="currentColor" strokeWidth="2" />
          </svg>
          {t('checkout.accepted', { methods: methods.join(', ') })}
        </li>
      ) : null}
      {termsUrl ? (
        <li>
          <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
            <path d="M4 12a8 8 0 1 0 2.3-5.6M4 4v4h4" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
          <a href={termsUrl}>{t('checkout.returns')}</a>
        </li>
      ) : null}
    </ul>
  );
}
