/** A product as a listing box shows it (isomorphic). */
export interface ProductCard {
  id: number;
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
  /** JSON array of generated widths. */
  image_widths: string | null;
}
