import type { MouseEvent } from 'react';
import type { Cart, CustomerAddress } from '../cart.schema.ts';
import type { CartOp } from '../client/cart-api.ts';
import { countries } from '../../shipping/countries.ts';
import { cartText } from './cart-text.ts';
import { displayOf } from '../display.ts';
import { includedTaxText } from '../../../lib/amounts.ts';
import { ShippingCalculator, type Region } from './shipping-calculator.tsx';
import { ShippingRateChoices } from './shipping-rate-choices.tsx';

interface Props {
  cart: Cart;
  csrf: string;
  money: (minor: number) => string;
  enhanced: boolean;
  calculatorEnabled: boolean;
  calculatorOpen: boolean;
  region: Region;
  onRegion: (region: Region) => void;
  /** Runs a change through the queue and shows the notice for `done`. */
  act: (op: CartOp, done: string) => void;
  /** Scripted link: runs the change, follows the link when it fails. */
  actLink: (op: CartOp, done: string, href: string) => void;
}

export const removeCouponHref = (code: string, csrf: string) => `/cart?remove_coupon=${encodeURIComponent(code)}&_csrf=${encodeURIComponent(csrf)}`;

function destinationOf(a: CustomerAddress, region: Region): string {
  const state = region.country === a.country ? (region.states.find((s) => s.code === a.state)?.name ?? a.state) : a.state;
  const country = countries().find((c) => c.code === a.country)?.name ?? a.country;
  return [state, a.postcode, country].filter(Boolean).join(', ');
}

/**
 * Cart totals: subtotal, a row per coupon (with its remove link), shipping (each package's
 * rates as radio buttons, the destination and the calculator), a row per tax, the total,
 * and "Proceed to checkout".
 */
export function CartTotals({ cart, csrf, money, enhanced, calculatorEnabled, calculatorOpen, region, onRegion, act, actLink }: Props) {
  const { shipping } = cart;
  const display = displayOf(cart);
  const link = (op: CartOp, done: string) => (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    actLink(op, done, e.currentTarget.href);
  };
  return (
    <section className="cart-totals" aria-labelledby="cart-totals-title">
      <h2 id="cart-totals-title">{cartText.totals}</h2>
      <table>
        <tbody>
          <tr data-row="subtotal" data-amount={display.subtotal}>
            <th scope="row">{cartText.subtotal}</th>
            <td>{money(display.subtotal)}</td>
          </tr>
          {display.discounts.map((c) => (
            <tr key={c.code} className="cart-totals__coupon" data-row="discount" data-amount={-c.amount}>
              <th scope="row">{cartText.couponRow(c.code)}</th>
              <td>
                −{money(c.amount)}{' '}
                <a href={removeCouponHref(c.code, csrf)} rel="nofollow" aria-label={cartText.removeCoupon(c.code)} onClick={link({ type: 'remove_coupon', code: c.code }, 'coupon_removed')}>
                  [{cartText.removeShort}]
                </a>
              </td>
            </tr>
          ))}
          {shipping.packages.map((pkg, i) => (
            <tr key={pkg.id} className="cart-totals__shipping" data-row="shipping" data-amount={display.shipping[i]?.amount ?? 0}>
              <th scope="row">{shipping.packages.length > 1 ? pkg.name : cartText.shipping}</th>
              <td>
                {pkg.rates.length > 0 ? (
                  <form method="post" action="/cart">
                    <input type="hidden" name="_csrf" value={csrf} />
                    <ShippingRateChoices
                      key={`${pkg.id}:${pkg.selected}`}
                      pkg={pkg}
                      shown={display.shipping[i]}
                      name={`shipping_method[${pkg.id}]`}
                      legend={cartText.shipping}
                      money={money}
                      onChoose={(rateId) => act({ type: 'rate', packageId: pkg.id, rateId }, 'rate')}
                    />
                    {enhanced ? null : (
                      <button type="submit" className="button button--ghost" name="intent" value="choose_rate">
                        {cartText.chooseRate}
                      </button>
                    )}
                  </form>
                ) : (
                  <p className="shipping-none">{cartText.noRates}</p>
                )}
                {i === 0 ? (
                  <>
                    <p className="shipping-destination">{shipping.address ? cartText.shippingTo(destinationOf(shipping.address, region)) : cartText.shippingEstimate}</p>
                    {calculatorEnabled ? (
                      <ShippingCalculator
                        csrf={csrf}
                        region={region}
                        address={shipping.address}
                        initiallyOpen={calculatorOpen}
                        enhanced={enhanced}
                        onRegion={onRegion}
                        onSubmit={(address) => act({ type: 'customer', address }, 'shipping')}
                      />
                    ) : null}
                  </>
                ) : null}
              </td>
            </tr>
          ))}
          {display.taxes.map((t) => (
            <tr key={t.label} data-row="tax" data-amount={t.amount}>
              <th scope="row">{t.label}</th>
              <td>{money(t.amount)}</td>
            </tr>
          ))}
          <tr className="cart-totals__total" data-row="total" data-amount={display.total}>
            <th scope="row">{cartText.total}</th>
            <td>
              <strong>{money(display.total)}</strong>
              {display.includedTaxes.length ? (
                <small className="cart-totals__incl" data-row="included-tax" data-amount={display.includedTaxes.reduce((a, x) => a + x.amount, 0)}>
                  {' '}
                  ({cartText.inclTax} {includedTaxText(display, money)})
                </small>
              ) : null}
            </td>
          </tr>
        </tbody>
      </table>
      <p className="cart-totals__proceed">
        <a href="/checkout" className="button checkout-button">
          {cartText.proceed}
        </a>
      </p>
    </section>
  );
}
