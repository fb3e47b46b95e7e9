import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { DB } from '../../../db/client.ts';
import { isPostgres } from '../../../db/dialect.ts';
import type { Database } from '../../../db/schema.ts';
import type { AttributeFilters } from './listing.schema.ts';

/** Facets shown beside a search's results: where its products are and what values they have. */
export interface Facets {
  /** The subcategories of the listing's category (top-level ones on the shop) holding results, with how many. */
  categories: { id: number; name: string; path: string; count: number }[];
  /** Attributes of the results with their values and how many results have each. */
  attributes: { slug: string; name: string; values: { value: string; count: number; selected: boolean }[] }[];
}

/** At most this many attributes, and values per attribute, are offered. */
export const FACET_MAX_ATTRIBUTES = 8;
export const FACET_MAX_VALUES = 20;

/** Attribute rows a shopper can see: shown on the product page or used by its variations. */
const SHOWN = sql`(pa.visible = 1 or pa.variation = 1)`;

/** One value per row of an attribute's JSON list of values, as `j.value` (per dialect). */
function valuesOf(db: DB): RawBuilder<unknown> {
  return isPostgres(db) ? sql`cross join lateral jsonb_array_elements_text(pa.options::jsonb) as j(value)` : sql`cross join json_each(pa.options) as j`;
}

/** The product (`products.id`) has the attribute `slug` with one of `values`. */
export function attributeCondition(db: DB, slug: string, values: string[]): RawBuilder<boolean> {
  if (!values.length) return sql<boolean>`1 = 1`;
  return sql<boolean>`exists (select 1 from product_attributes pa ${valuesOf(db)}
    where pa.product_id = products.id and pa.slug = ${slug} and ${SHOWN} and j.value in (${sql.join(values)}))`;
}

type IdQuery = SelectQueryBuilder<Database, 'products', { id: number }>;

interface FacetInput {
  /** The category whose subcategories are counted; null on the shop (top-level categories). */
  parentId: number | null;
  filters: AttributeFilters;
  /** Ids of the results with these attribute filters (and every other condition of the listing). */
  matching: (filters: AttributeFilters) => IdQuery;
}

const byCountThenText = <T extends { count: number }>(key: (x: T) => string) => (a: T, b: T) => b.count - a.count || (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);

/**
 * Counts over the whole result set, in the database, the same on both dialects. An
 * attribute's values are counted with the other attributes' filters only (its own values
 * are alternatives: choosing "Navy" does not make "Crimson" count zero); categories with
 * every filter. A product counts once per category, its subcategories' products included.
 */
export async function listingFacets(db: DB, input: FacetInput): Promise<Facets> {
  const all = input.matching(input.filters);
  const parent = input.parentId === null ? sql`a.parent_id is null` : sql`a.parent_id = ${input.parentId}`;
  const categoryRows = await sql<{ id: number; name: string; path: string; n: number | string }>`
    select a.id, a.name, a.path, count(distinct pc.product_id) as n
    from categories a
    join categories c on c.path = a.path or c.path like a.path || '/%'
    join product_categories pc on pc.category_id = c.id
    where ${parent} and pc.product_id in (${all})
    group by a.id, a.name, a.path`.execute(db);
  const categories = categoryRows.rows
    .map((r) => ({ id: Number(r.id), name: r.name, path: r.path, count: Number(r.n) }))
    .filter((c) => c.count > 0)
    .sort(byCountThenText((c) => c.name));

  const active = Object.keys(input.filters);
  const counted = async (ids: IdQuery, only?: string) =>
    (
      await sql<{ slug: string; name: string; value: string; n: number | string }>`
        select pa.slug, min(pa.name) as name, j.value as value, count(distinct pa.product_id) as n
        from product_attributes pa ${valuesOf(db)}
        where ${SHOWN} and pa.product_id in (${ids}) ${only === undefined ? sql`` : sql`and pa.slug = ${only}`}
        group by pa.slug, j.value`.execute(db)
    ).rows;
  const [plain, ...own] = await Promise.all([
    counted(all),
    ...active.map((slug) => {
      const others = Object.fromEntries(Object.entries(input.filters).filter(([k]) => k !== slug));
      return counted(input.matching(others), slug);
    }),
  ]);
  const rows = [...plain.filter((r) => !active.includes(r.slug)), ...own.flat()];
  interface Entry {
    name: string;
    names: Map<string, number>;
    total: number;
    values: Facets['attributes'][number]['values'];
  }
  const bySlug = new Map<string, Entry>();
  for (const r of rows) {
    if (typeof r.value !== 'string' || r.value === '') continue;
    const entry: Entry = bySlug.get(r.slug) ?? { name: r.name, names: new Map<string, number>(), total: 0, values: [] };
    const count = Number(r.n);
    entry.values.push({ value: r.value, count, selected: input.filters[r.slug]?.includes(r.value) ?? false });
    entry.total += count;
    entry.names.set(r.name, (entry.names.get(r.name) ?? 0) + count);
    bySlug.set(r.slug, entry);
  }
  // Products may name one attribute differently ("Size", "Age"): the name most results use.
  for (const entry of bySlug.values()) {
    entry.name = [...entry.names].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))[0][0];
  }
  // A chosen value stays offered (to be unticked) even if nothing has it any more.
  for (const [slug, values] of Object.entries(input.filters)) {
    const entry = bySlug.get(slug);
    if (!entry) continue;
    for (const value of values) if (!entry.values.some((v) => v.value === value)) entry.values.push({ value, count: 0, selected: true });
  }
  const attributes = [...bySlug.entries()]
    // Attributes with a filter first, then the most common.
    .sort(([sa, a], [sb, b]) => Number(active.includes(sb)) - Number(active.includes(sa)) || b.total - a.total || (sa < sb ? -1 : sa > sb ? 1 : 0))
    .slice(0, FACET_MAX_ATTRIBUTES)
    .map(([slug, a]) => ({
      slug,
      name: a.name,
      values: a.values
        .sort(byCountThenText((v) => v.value))
        .filter((v, i) => v.selected || i < FACET_MAX_VALUES),
    }));
  return { categories, attributes };
}
