import type { Cart } from '../../cart/cart.schema.ts';
import { useCartAction } from '../../cart/client/cart-queue.ts';
import { displayOf } from '../../cart/display.ts';
import { ShippingRateChoices } from '../../cart/components/shipping-rate-choices.tsx';
import { t } from '../../../i18n/t-orders.ts';
import { LinesTable } from './lines-table.tsx';

/**
 * The checkout's order review: the cart's lines and live totals in the one lines table, with
 * a choice of shipping rate per package (posted with the form; with scripts, a choice
 * re-prices the cart at once).
 */
export function CheckoutReview({ cart, money }: { cart: Cart; money: (minor: number) => string }) {
  const run = useCartAction();
  const display = displayOf(cart);
  const rows = cart.items.map((i, n) => ({ key: i.key, name: i.name, quantity: i.quantity, attributes: i.attributes, amount: display.lines[n]?.amount ?? 0 }));
  const packages = cart.shipping.packages;
  const shipping = packages.map((pkg, n) => (
    <tr key={pkg.id} data-row="shipping" data-amount={display.shipping[n]?.amount ?? 0}>
      <th scope="row">{packages.length > 1 ? pkg.name : t('order.shipping')}</th>
      <td>
        {pkg.rates.length ? (
          <ShippingRateChoices
            key={`${pkg.id}:${pkg.selected}`}
            pkg={pkg}
            shown={display.shipping[n]}
            name={`rate[${pkg.id}]`}
            legend={t('checkout.shippingMethod')}
            money={money}
            onChoose={(rateId) => void run({ type: 'rate', packageId: pkg.id, rateId }).catch(() => undefined)}
          />
        ) : (
          <p className="shipping-none">{t('checkout.noShipping')}</p>
        )}
      </td>
    </tr>
  ));
  return (
    <LinesTable
      className="checkout-review__table"
      labelledBy="order-review-title"
      review
      rows={rows}
      amounts={display}
      money={money}
      amountHeading={t('checkout.subtotal')}
      subtotalLabel={t('checkout.subtotal')}
      shipping={shipping}
      liveTotal
    />
  );
}
