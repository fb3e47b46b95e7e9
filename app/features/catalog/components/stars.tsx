import { t } from '../../../i18n/t.ts';
import { formatNumber } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';

/** Star rating out of 5, read out as text. */
export function Stars({ rating }: { rating: number }) {
  const label = t('product.rated', { rating: formatNumber(rating, useLocale(), 2) });
  return (
    <span className="stars" role="img" aria-label={label} title={label}>
      <span className="stars__fill" style={{ inlineSize: `${(Math.min(5, Math.max(0, rating)) / 5) * 100}%` }} />
    </span>
  );
}
