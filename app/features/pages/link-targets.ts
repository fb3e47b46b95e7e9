/** One of a picker's matches: a page, product or category (or a form), and the value choosing it sets. */
export interface LinkTarget {
  kind: 'page' | 'product' | 'category' | 'form';
  label: string;
  value: string;
  detail: string;
}
