import { useId, useState } from 'react';
import { Form } from 'react-router';
import { t } from '../../../i18n/t.ts';
import { formatPrice, currencyInfo, type PriceFormat } from '../../../lib/money.ts';
import { PRICE_SLIDER_STEP } from '../../../config/constants.ts';

interface Props {
  bounds: { min: number; max: number };
  current: { min?: number; max?: number };
  format: PriceFormat;
  keep: Record<string, string>;
  step?: number;
  action: string;
}

/**
 * Price filter: a two-handle range slider (two native range inputs, each a labelled slider
 * for keyboards and screen readers) kept in step with two number inputs. A GET form, so it
 * works without scripts; amounts are shown in the store's price format.
 */
export function PriceFilter({ bounds, current, format, keep, step = PRICE_SLIDER_STEP, action }: Props) {
  const id = useId();
  const [lo, setLo] = useState(clamp(current.min ?? bounds.min, bounds));
  const [hi, setHi] = useState(clamp(current.max ?? bounds.max, bounds));
  const unit = 10 ** currencyInfo(format.currency).exponent;
  const money = (major: number) => formatPrice(major * unit, { ...format, pricePrecision: 0 });
  const span = Math.max(1, bounds.max - bounds.min);
  const pct = (v: number) => ((v - bounds.min) / span) * 100;
  const active = current.min !== undefined || current.max !== undefined;
  return (
    <section className="price-filter" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('shop.filterTitle')}</h2>
      <Form method="get" action={action}>
        {Object.entries(keep).map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
        <div className="price-filter__slider" style={{ '--lo': `${pct(lo)}%`, '--hi': `${pct(hi)}%` } as React.CSSProperties}>
          <input
            type="range"
            aria-label={t('shop.filterMin')}
            min={bounds.min}
            max={bounds.max}
            step={step}
            value={lo}
            aria-valuetext={money(lo)}
            onChange={(e) => setLo(Math.min(Number(e.target.value), hi))}
          />
          <input
            type="range"
            aria-label={t('shop.filterMax')}
            min={bounds.min}
            max={bounds.max}
            step={step}
            value={hi}
            aria-valuetext={money(hi)}
            onChange={(e) => setHi(Math.max(Number(e.target.value), lo))}
          />
        </div>
        <div className="price-filter__inputs">
          <label>
            <span className="visually-hidden">{t('shop.filterMin')}</span>
            <input
              type="number"
              name="min_price"
              inputMode="numeric"
              min={bounds.min}
              max={bounds.max}
              step={step}
              value={lo}
              onChange={(e) => setLo(clamp(Number(e.target.value) || bounds.min, bounds))}
            />
          </label>
          <label>
            <span className="visually-hidden">{t('shop.filterMax')}</span>
            <input
              type="number"
              name="max_price"
              inputMode="numeric"
              min={bounds.min}
              max={bounds.max}
              step={step}
              value={hi}
              onChange={(e) => setHi(clamp(Number(e.target.value) || bounds.max, bounds))}
            />
          </label>
        </div>
        <p className="price-filter__label" aria-live="polite">
          {t('shop.filterRange', { min: money(lo), max: money(hi) })}
        </p>
        <div className="price-filter__actions">
          <button type="submit" className="button">
            {t('shop.filterApply')}
          </button>
          {active ? (
            <a href={`${action}${query(keep)}`} className="button button--ghost">
              {t('shop.filterReset')}
            </a>
          ) : null}
        </div>
      </Form>
    </section>
  );
}

function clamp(v: number, b: { min: number; max: number }) {
  return Math.min(b.max, Math.max(b.min, v));
}

export function query(params: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}
