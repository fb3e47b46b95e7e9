import { t } from '../../../i18n/t-orders.ts';

export type CheckoutStep = 'cart' | 'details' | 'payment' | 'done';

const STEPS: CheckoutStep[] = ['cart', 'details', 'payment', 'done'];

/**
 * Where the shopper is on the way to an order: cart → details → payment → done. The current
 * step carries aria-current="step"; the steps behind it are marked done, and the cart stays a
 * link while the order is not placed yet.
 */
export function CheckoutSteps({ current }: { current: CheckoutStep }) {
  const at = STEPS.indexOf(current);
  return (
    <nav aria-label={t('checkout.steps')} className="checkout-steps">
      <ol>
        {STEPS.map((step, i) => {
          const label = t(`checkout.step.${step}`);
          const state = i < at ? 'done' : i === at ? 'current' : 'next';
          return (
            <li key={step} className={`checkout-steps__step checkout-steps__step--${state}`} aria-current={i === at ? 'step' : undefined}>
              <span className="checkout-steps__number" aria-hidden="true">
                {i + 1}
              </span>
              {step === 'cart' && current !== 'done' ? <a href="/cart">{label}</a> : <span>{label}</span>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
