import type { ProductDetail } from './product.server.ts';
import { currencyInfo } from '../../lib/money.ts';

const AVAILABILITY = {
  instock: 'https://schema.org/InStock',
  outofstock: 'https://schema.org/OutOfStock',
  onbackorder: 'https://schema.org/BackOrder',
} as const;

/** schema.org Product: one Offer, or an AggregateOffer with one Offer per variation. */
export function productJsonLd(p: ProductDetail, origin: string, currency: string) {
  const unit = 10 ** currencyInfo(currency).exponent;
  const amount = (minor: number | null) => (minor === null ? undefined : (minor / unit).toFixed(currencyInfo(currency).exponent));
  const url = `${origin}${p.url}`;
  const base = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    url,
    sku: p.sku ?? undefined,
    image: p.images.map((i) => `${origin}${i.fullSrc}`),
    description: p.shortDescription.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim() || undefined,
    aggregateRating:
      p.rating.count > 0 ? { '@type': 'AggregateRating', ratingValue: p.rating.average.toFixed(2), reviewCount: p.rating.count } : undefined,
  };
  if (p.type === 'variable') {
    return {
      ...base,
      offers: {
        '@type': 'AggregateOffer',
        priceCurrency: currency,
        lowPrice: amount(p.prices.min),
        highPrice: amount(p.prices.max),
        offerCount: p.variations.length,
        offers: p.variations.map((v) => ({
          '@type': 'Offer',
          sku: v.sku ?? undefined,
          price: amount(v.prices.sale ?? v.prices.regular),
          priceCurrency: currency,
          availability: AVAILABILITY[v.stockStatus as keyof typeof AVAILABILITY] ?? AVAILABILITY.instock,
          url: `${url}?${Object.entries(v.attributes).filter(([, val]) => val).map(([k, val]) => `attribute_${encodeURIComponent(k)}=${encodeURIComponent(val)}`).join('&')}`,
        })),
      },
    };
  }
  return {
    ...base,
    offers: {
      '@type': 'Offer',
      price: amount(p.prices.min ?? p.prices.regular),
      priceCurrency: currency,
      availability: AVAILABILITY[p.stockStatus],
      url,
    },
  };
}
