import { useId } from 'react';
import { useHydrated } from '../../cart/client/cart-queue.ts';
import { t } from '../../../i18n/t.ts';
import { canStepDown, canStepUp, raiseToMin, stepDown, stepUp, type QuantityLimits } from '../quantity.ts';

export interface ProductQuantityProps {
  /** Form field name: "quantity", or "quantity[12]" in a grouped product's rows. */
  name: string;
  /** The field's text, kept as typed until it leaves the field. */
  value: string;
  onChange(value: string): void;
  /** Product name, for the accessible labels. */
  productName: string;
  min: number | null;
  max: number | null;
  step?: number | string | null;
  /** Sold individually: no field, the quantity is always 1. */
  hidden?: boolean;
  className?: string;
}

/**
 * A quantity field with minus/plus buttons (spec §5): plus stops at the maximum if set,
 * minus at the minimum or 0, the step defaults to 1, a non-numeric value counts as 0, and a
 * value typed below the minimum is raised to it when the field is left. Without scripts it is
 * a plain number field with the same min/max/step; the buttons appear once hydrated.
 */
export function ProductQuantity({ name, value, onChange, productName, min, max, step = 1, hidden = false, className = '' }: ProductQuantityProps) {
  const hydrated = useHydrated();
  const id = useId();
  if (hidden) return <input type="hidden" name={name} value="1" />;
  const limits: QuantityLimits = { min, max, step };
  return (
    <div className={`product-quantity ${className}`}>
      <label htmlFor={id} className="visually-hidden">
        {t('product.quantityOf', { name: productName })}
      </label>
      {hydrated ? (
        <button
          type="button"
          className="product-quantity__step"
          aria-label={t('product.less', { name: productName })}
          aria-controls={id}
          // aria-disabled, not disabled: a button that disables itself would drop the keyboard focus.
          aria-disabled={!canStepDown(value, limits)}
          onClick={() => onChange(String(stepDown(value, limits)))}
        >
          <span aria-hidden="true">−</span>
        </button>
      ) : null}
      <input
        id={id}
        className="product-quantity__input"
        type="number"
        name={name}
        value={value}
        min={min ?? 0}
        max={max ?? undefined}
        step={step ?? 1}
        inputMode="numeric"
        onChange={(e) => onChange(e.target.value)}
        onBlur={() => {
          const raised = raiseToMin(value, min);
          if (String(raised) !== value) onChange(String(raised));
        }}
      />
      {hydrated ? (
        <button
          type="button"
          className="product-quantity__step"
          aria-label={t('product.more', { name: productName })}
          aria-controls={id}
          aria-disabled={!canStepUp(value, limits)}
          onClick={() => onChange(String(stepUp(value, limits)))}
        >
          <span aria-hidden="true">+</span>
        </button>
      ) : null}
    </div>
  );
}
