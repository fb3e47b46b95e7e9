/**
 * The search index's popularity order as one integer per product, smaller = better: in
 * stock before out of stock, then more sales, then the older id. Its low ID_BITS bits are
 * the product id, so on SQLite it serves as the FTS5 row id and the id is read back from it
 * (`rowid % ID_SPAN`) without a join. Sales above SALES_CAP count as SALES_CAP.
 * The same formula in JS (index writes) and SQL (triggers); below 2^53, exact in JS.
 */
export const ID_BITS = 30;
export const ID_SPAN = 2 ** ID_BITS;
const SALES_BITS = 22;
export const SALES_CAP = 2 ** SALES_BITS - 1;
/** Keys at or above this belong to products out of stock. */
export const OUT_OF_STOCK_KEY = 2 ** (ID_BITS + SALES_BITS);

export function rankKey(p: { id: number; stock_status: string; total_sales: number }): number {
  if (p.id >= ID_SPAN) throw new Error(`Product ids above ${ID_SPAN - 1} cannot be indexed for search`);
  const sales = Math.min(Math.max(Math.floor(p.total_sales), 0), SALES_CAP);
  return (p.stock_status === 'outofstock' ? OUT_OF_STOCK_KEY : 0) + (SALES_CAP - sales) * ID_SPAN + p.id;
}

/** The same key in SQL for the row `alias` (e.g. a trigger's `new`). */
export function rankKeySql(alias: string, dialect: 'sqlite' | 'postgres'): string {
  const clamp = dialect === 'postgres' ? `least(greatest(${alias}.total_sales, 0), ${SALES_CAP})` : `min(max(${alias}.total_sales, 0), ${SALES_CAP})`;
  return `(case when ${alias}.stock_status = 'outofstock' then ${OUT_OF_STOCK_KEY} else 0 end + (${SALES_CAP} - ${clamp})${dialect === 'postgres' ? '::bigint' : ''} * ${ID_SPAN} + ${alias}.id)`;
}
