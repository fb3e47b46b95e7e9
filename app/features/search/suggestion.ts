/** The suggestion API's answer rows, shared by the server, the header box and tests. */
/** One row of the suggestion list (shop.md §3); id -1 marks the "no products" row. */
export interface Suggestion {
  value: string;
  id: number;
  url: string;
  img?: string;
  price?: string;
  type: 'product' | 'category';
}
