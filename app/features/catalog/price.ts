/** The price a shopper pays now: the sale price while its dates allow, else the regular price. Isomorphic. */
export function activePrice(
  p: { regular: number | null; sale: number | null; saleFrom: string | null; saleTo: string | null },
  now: Date = new Date(),
): { price: number | null; onSale: boolean } {
  const iso = now.toISOString();
  const saleOn =
    p.sale !== null &&
    (p.regular === null || p.sale < p.regular) &&
    (p.saleFrom === null || p.saleFrom <= iso) &&
    (p.saleTo === null || p.saleTo >= iso);
  return saleOn ? { price: p.sale, onSale: true } : { price: p.regular, onSale: false };
}
