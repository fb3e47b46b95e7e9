import { imageSources } from '../../lib/image.ts';

/** A product row as listing queries select it (server side). */
export interface ProductCardRow {
  id: number;
  /** Migration 018; read with the card so a shared page knows what it showed. */
  stock_version?: number;
  name: string;
  slug: string;
  type: 'simple' | 'variable' | 'grouped' | 'external';
  regular_price: number | null;
  sale_price: number | null;
  min_price: number | null;
  max_price: number | null;
  stock_status: 'instock' | 'outofstock' | 'onbackorder';
  average_rating: number;
  review_count: number;
  button_text: string | null;
  external_url: string | null;
  image_path: string | null;
  image_alt: string | null;
  image_width: number | null;
  image_height: number | null;
  image_widths: string | null;
}

/** A product as a listing box shows it, and as `GET /api/products` returns it. Isomorphic. */
export interface ProductSummary {
  id: number;
  name: string;
  slug: string;
  type: ProductCardRow['type'];
  url: string;
  /** Minor units. `min`/`max` span the variations of a variable product. */
  prices: { regular: number | null; sale: number | null; min: number | null; max: number | null };
  onSale: boolean;
  stockStatus: ProductCardRow['stock_status'];
  rating: { average: number; count: number };
  image: { src: string; srcset: string; alt: string; width: number; height: number } | null;
  externalUrl: string | null;
  buttonText: string | null;
}

export function toSummary(row: ProductCardRow): ProductSummary {
  const img = imageSources(row.image_path, row.image_widths);
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    type: row.type,
    url: `/product/${row.slug}`,
    prices: { regular: row.regular_price, sale: row.sale_price, min: row.min_price, max: row.max_price },
    onSale: row.sale_price !== null && row.regular_price !== null && row.sale_price < row.regular_price && row.min_price === row.sale_price,
    stockStatus: row.stock_status,
    rating: { average: Number(row.average_rating), count: row.review_count },
    image: img
      ? { src: img.src, srcset: img.srcSet, alt: row.image_alt ?? '', width: row.image_width || 600, height: row.image_height || 600 }
      : null,
    externalUrl: row.external_url,
    buttonText: row.button_text,
  };
}
