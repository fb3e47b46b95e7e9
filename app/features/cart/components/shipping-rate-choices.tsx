import type { Cart } from '../cart.schema.ts';
import type { PresentedAmounts } from '../../../lib/amounts.ts';

interface Props {
  pkg: Cart['shipping']['packages'][number];
  /** The package's row of the presentation: each rate's cost as offered. */
  shown: PresentedAmounts['shipping'][number] | undefined;
  /** The radios' name (the cart's form and the checkout's post their choice under their own). */
  name: string;
  legend: string;
  money: (minor: number) => string;
  onChoose: (rateId: string) => void;
}

/**
 * A package's shipping rates as radios with their costs (the cart page and the checkout).
 * Callers key it by the saved choice: the shopper's click shows at once, the answer re-syncs it.
 */
export function ShippingRateChoices({ pkg, shown, name, legend, money, onChoose }: Props) {
  return (
    <fieldset className="shipping-rates">
      <legend className="visually-hidden">{legend}</legend>
      {pkg.rates.map((r) => {
        const cost = shown?.rates.find((x) => x.id === r.id)?.amount ?? 0;
        const id = `rate-${pkg.id}-${r.id.replace(/[^a-z0-9_-]/gi, '-')}`;
        return (
          <div key={r.id} className="shipping-rates__option">
            <input type="radio" id={id} name={name} value={r.id} defaultChecked={pkg.selected === r.id} onChange={() => onChoose(r.id)} />
            <label htmlFor={id}>
              {r.title}
              {cost > 0 ? `: ${money(cost)}` : ''}
            </label>
          </div>
        );
      })}
    </fieldset>
  );
}
