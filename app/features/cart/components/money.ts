import { useRouteLoaderData } from 'react-router';
import { formatPrice, type PriceFormat } from '../../../lib/money.ts';

/**
 * Formats cart amounts with the store's price format (root loader settings) in the cart's
 * own currency, so an answer priced in another currency is never shown with the wrong sign.
 */
export function useMoney(currency: string | undefined): (minor: number) => string {
  const root = useRouteLoaderData('root') as { settings: PriceFormat } | undefined;
  const format: PriceFormat = {
    currency: currency || root?.settings.currency || 'GBP',
    currencyPosition: root?.settings.currencyPosition ?? 'left',
    pricePrecision: root?.settings.pricePrecision ?? 2,
    thousandSeparator: root?.settings.thousandSeparator ?? ',',
    decimalPoint: root?.settings.decimalPoint ?? '.',
  };
  return (minor) => formatPrice(minor, format);
}
