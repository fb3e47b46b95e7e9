import { useState } from 'react';
import { cartText } from './cart-text.ts';

interface Props {
  name: string;
  id: string;
  productName: string;
  quantity: number;
  /** Most the line may hold; null = no limit. */
  max: number | null;
  /** Plus/minus buttons only do something with scripts, so they appear once hydrated. */
  enhanced: boolean;
}

/** A typed value as a quantity: a non-number counts as 0 (spec §5), fractions round down. */
export const parseQuantity = (raw: string) => {
  const n = Math.floor(Number(raw));
  return Number.isFinite(n) && n > 0 ? n : 0;
};

/**
 * A cart line's quantity with minus/plus buttons (spec §5 as the cart uses it): plus stops at
 * the line's maximum, minus at 1 (0 removes the line, and is reached by typing or the remove
 * link), the step is 1. Nothing is sent until "Update cart".
 */
export function QuantityInput({ name, id, productName, quantity, max, enhanced }: Props) {
  const [value, setValue] = useState(String(quantity));
  const n = parseQuantity(value);
  const step = (delta: number) => {
    const next = delta > 0 ? Math.min(n + 1, max ?? Number.POSITIVE_INFINITY) : Math.max(n - 1, 1);
    setValue(String(next));
  };
  return (
    <div className="quantity">
      {enhanced ? (
        <button type="button" className="quantity__step" aria-label={cartText.less(productName)} disabled={n <= 1} onClick={() => step(-1)}>
          −
        </button>
      ) : null}
      <label htmlFor={id} className="visually-hidden">
        {cartText.quantityOf(productName)}
      </label>
      <input
        id={id}
        type="number"
        name={name}
        value={value}
        min={0}
        max={max ?? undefined}
        step={1}
        inputMode="numeric"
        onChange={(e) => setValue(e.target.value)}
      />
      {enhanced ? (
        <button type="button" className="quantity__step" aria-label={cartText.more(productName)} disabled={max !== null && n >= max} onClick={() => step(1)}>
          +
        </button>
      ) : null}
    </div>
  );
}
