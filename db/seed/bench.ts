import { sql } from 'kysely';
import type { DB } from '../client.ts';
import type { Insertable } from 'kysely';
import type { ProductsTable, ProductVariationsTable, ReviewsTable } from '../schema.ts';
import {
  createCategoryTree,
  ensureTag,
  recomputeProducts,
  recountCategories,
  slugify,
} from '../../app/features/catalog/catalog-write.server.ts';
import { generateVariants, insertMedia } from '../../app/lib/images.server.ts';
import { mediaStoreFor, type MediaStore } from '../../app/lib/media-store.server.ts';
import { seedDemoContactForm } from '../../app/features/forms/forms.server.ts';
import { HOME_SLUG } from '../../app/features/pages/blocks.schema.ts';
import { createPublishedPage } from '../../app/features/pages/pages-admin.server.ts';
import type { Services } from '../../app/lib/services.server.ts';
import { nowIso } from '../../app/lib/time.ts';
import { renderArt, type Shape } from './demo-images.ts';
import { PALETTE, prng } from './demo-kit.ts';
import { demoHomeBlocks } from './demo-pages.ts';

/*
 * A large generated catalog for benchmarks: rows are built in memory and written with
 * multi-row inserts, one transaction per batch; the listing columns (min/max price,
 * ratings, category counts) are computed once at the end in SQL, as a real import would.
 */

/** Products per batch: about 25 parameters a row keeps each insert under SQLite's 32,766. */
const BATCH = 1000;
const PLACEHOLDERS = 10;
const DAY = 86_400_000;

// Seven departments of six leaves: 49 categories. Each leaf names the noun of its products.
const TREE: Record<string, [string, string][]> = {
  Apparel: [['Shirts', 'Shirt'], ['Trousers', 'Trousers'], ['Dresses', 'Dress'], ['Jackets', 'Jacket'], ['Knitwear', 'Jumper'], ['Sportswear', 'Track Top']],
  Footwear: [['Sneakers', 'Sneaker'], ['Boots', 'Boot'], ['Sandals', 'Sandal'], ['Slippers', 'Slipper'], ['Formal Shoes', 'Loafer'], ['Kids Shoes', 'Kids Shoe']],
  Kitchen: [['Cookware', 'Pan'], ['Tableware', 'Plate'], ['Glassware', 'Glass'], ['Utensils', 'Spatula'], ['Storage', 'Jar'], ['Coffee & Tea', 'Teapot']],
  Living: [['Lighting', 'Lamp'], ['Cushions', 'Cushion'], ['Rugs', 'Rug'], ['Wall Art', 'Print'], ['Candles', 'Candle'], ['Vases', 'Vase']],
  Garden: [['Planters', 'Planter'], ['Tools', 'Trowel'], ['Seeds', 'Seed Kit'], ['Outdoor Furniture', 'Bench'], ['Watering', 'Watering Can'], ['Bird Care', 'Bird Feeder']],
  Office: [['Notebooks', 'Notebook'], ['Pens', 'Pen'], ['Desk Organisers', 'Desk Tray'], ['Bags', 'Messenger Bag'], ['Calendars', 'Calendar'], ['Cards', 'Card Set']],
  Outdoor: [['Tents', 'Tent'], ['Backpacks', 'Backpack'], ['Bottles', 'Bottle'], ['Camp Kitchen', 'Camp Stove'], ['Lights', 'Headlamp'], ['Hammocks', 'Hammock']],
};
const ADJECTIVES = ['Classic', 'Sturdy', 'Soft', 'Compact', 'Everyday', 'Vintage', 'Modern', 'Rustic', 'Light', 'Bold', 'Essential', 'Premium', 'Handmade', 'Slim', 'Cosy', 'Minimal', 'Bright', 'Nordic', 'Urban', 'Coastal'];
const MATERIALS = ['Cotton', 'Linen', 'Wool', 'Oak', 'Walnut', 'Ceramic', 'Steel', 'Copper', 'Bamboo', 'Leather', 'Canvas', 'Glass', 'Recycled', 'Stone', 'Rattan'];
const TAGS = ['New', 'Bestseller', 'Eco', 'Gift idea', 'Limited', 'Handmade', 'Sale', 'Organic', 'Vegan', 'Local', 'Classic', 'Outdoor', 'Kids', 'Premium', 'Compact', 'Travel', 'Winter', 'Summer', 'Set', 'Refill'];
const COLORS = ['Red', 'Blue', 'Green', 'Black', 'White', 'Yellow'] as const;
const SIZES = ['S', 'M', 'L', 'XL'];
const SHAPES: Shape[] = ['tshirt', 'hoodie', 'mug', 'poster', 'plant', 'tote', 'cap', 'beanie', 'tumbler', 'sleeve'];

/** The ten placeholder pictures every bench product shares, generated only once per data directory. */
async function placeholders(db: DB, store: MediaStore): Promise<number[]> {
  const existing = await db.selectFrom('media').select(['id', 'path']).where('path', 'like', 'bench/placeholder-%').orderBy('id').execute();
  if (existing.length >= PLACEHOLDERS) return existing.slice(0, PLACEHOLDERS).map((m) => m.id);
  const ids: number[] = [];
  for (let k = 0; k < PLACEHOLDERS; k++) {
    const path = `bench/placeholder-${k + 1}`;
    const made = await generateVariants(renderArt({ shape: SHAPES[k], color: Object.values(PALETTE)[k] }), store, path, { effort: 0, opaque: true });
    ids.push(await insertMedia(db, { ...made, path, alt: 'Product picture', title: 'Placeholder' }));
  }
  return ids;
}

interface Leaf { id: number; noun: string }

async function categories(db: DB, images: number[]): Promise<Leaf[]> {
  const departments = Object.entries(TREE).map(([name, leaves], i) => ({
    name,
    image_id: images[i % images.length],
    children: leaves.map(([leaf]) => ({ name: leaf })),
  }));
  const ids = await createCategoryTree(db, departments);
  return Object.entries(TREE).flatMap(([dep, leaves]) =>
    leaves.map(([leaf, noun]) => ({ id: ids[`${slugify(dep)}/${slugify(leaf)}`], noun })),
  );
}

/**
 * The demo home page (one block of every type, with the demo contact form) on the bench's
 * pictures, once: the home page the benchmarks load is the one the issue sets targets for.
 */
async function demoHome(db: DB, images: number[]): Promise<void> {
  if (await db.selectFrom('pages').select('id').where('slug', '=', HOME_SLUG).executeTakeFirst()) return;
  await seedDemoContactForm(db);
  const pictures = images.map((id, i) => ({ id, alt: `Product picture ${i + 1}` }));
  // The demo's category tiles name the demo catalog's categories; here they show the fullest ones.
  const blocks = demoHomeBlocks(pictures).map((b) => (b.type === 'category-tiles' ? { ...b, props: { ...b.props, paths: [] } } : b));
  await createPublishedPage(db, { slug: HOME_SLUG, title: 'Home', blocks });
}

/** Adds n generated products for benchmarks (and, the first time, the demo home page). */
export async function seedBench(services: Services, n: number, progress?: (done: number) => void): Promise<void> {
  const { db, config } = services;
  const images = await placeholders(db, mediaStoreFor(config));
  const leaves = await categories(db, images);
  await demoHome(db, images);
  const tagIds: number[] = [];
  for (const t of TAGS) tagIds.push(await ensureTag(db, t));
  const last = await db.selectFrom('products').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
  const offset = Number(last?.id ?? 0);
  const random = prng(7919 + offset);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const now = Date.now();
  const stamp = nowIso();

  for (let start = 0; start < n; start += BATCH) {
    const count = Math.min(BATCH, n - start);
    const products: Insertable<ProductsTable>[] = [];
    const extras: { leaf: Leaf; image: number; tags: number[]; variable: boolean; price: number }[] = [];
    for (let i = 0; i < count; i++) {
      const serial = offset + start + i + 1;
      const leaf = pick(leaves);
      const name = `${pick(ADJECTIVES)} ${pick(MATERIALS)} ${leaf.noun} ${serial}`;
      const variable = random() < 0.2;
      const price = (5 + Math.floor(random() ** 2 * 195)) * 100 - 1;
      const onSale = !variable && random() < 0.15;
      const managed = !variable && random() < 0.1;
      const quantity = managed ? Math.floor(random() * 40) : null;
      const created = new Date(now - Math.floor(random() * 730 * DAY)).toISOString();
      products.push({
        type: variable ? 'variable' : 'simple',
        name,
        slug: slugify(name),
        sku: `BN-${serial}`,
        featured: random() < 0.01 ? 1 : 0,
        short_description: `<p>A ${name.toLowerCase()} from our ${leaf.noun.toLowerCase()} range.</p>`,
        description: `<p>Generated product ${serial} for benchmarks.</p>`,
        regular_price: variable ? null : price,
        sale_price: onSale ? Math.round(price * (0.6 + random() * 0.3)) : null,
        // A third of the sales are dated: most running now, some already over.
        sale_from: onSale && random() < 0.33 ? new Date(now - 10 * DAY).toISOString() : null,
        sale_to: onSale && random() < 0.33 ? new Date(now + (random() < 0.8 ? 20 : -2) * DAY).toISOString() : null,
        manage_stock: managed ? 1 : 0,
        stock_quantity: quantity,
        stock_status: quantity === 0 || (!managed && random() < 0.05) ? 'outofstock' : 'instock',
        weight: Math.round(random() * 300) / 100,
        image_id: images[leaves.indexOf(leaf) % images.length],
        total_sales: Math.floor(random() ** 3 * 5000),
        created_at: created,
        updated_at: created,
      });
      const tags = random() < 0.6 ? [...new Set([pick(tagIds), pick(tagIds)])] : [];
      extras.push({ leaf, image: products[i].image_id!, tags, variable, price });
    }
    await db.transaction().execute(async (trx) => {
      const rows = await trx.insertInto('products').values(products).returning(['id', 'slug']).execute();
      const idOf = new Map(rows.map((r) => [r.slug, r.id]));
      const ids = products.map((p) => idOf.get(p.slug)!);
      await trx.insertInto('product_categories').values(ids.map((id, i) => ({ product_id: id, category_id: extras[i].leaf.id }))).execute();
      await trx.insertInto('product_images').values(ids.map((id, i) => ({ product_id: id, media_id: extras[i].image, position: 0 }))).execute();
      const tagRows = ids.flatMap((id, i) => extras[i].tags.map((t) => ({ product_id: id, tag_id: t })));
      if (tagRows.length) await trx.insertInto('product_tags').values(tagRows).execute();
      await writeVariable(trx, ids, extras, random, stamp);
      await writeReviews(trx, ids, random, now);
    });
    progress?.(start + count);
  }
  // Statistics first: without them PostgreSQL plans the correlated updates below as
  // scans per row (minutes instead of seconds); again after, for the benchmarks' queries.
  await analyze(db);
  await recomputeProducts(db, 'all');
  await recountCategories(db, 'all');
  await analyze(db);
}

// Table by table: a bare ANALYZE on PostgreSQL would scan every schema in the database.
async function analyze(db: DB): Promise<void> {
  for (const t of ['products', 'product_variations', 'product_attributes', 'product_categories', 'product_tags', 'product_images', 'reviews', 'categories']) {
    await sql`ANALYZE ${sql.table(t)}`.execute(db);
  }
}

async function writeVariable(
  trx: DB,
  ids: number[],
  extras: { variable: boolean; price: number }[],
  random: () => number,
  stamp: string,
): Promise<void> {
  const attributes = [];
  const variations: Insertable<ProductVariationsTable>[] = [];
  for (const [i, id] of ids.entries()) {
    if (!extras[i].variable) continue;
    const colors = COLORS.slice(0, 2 + Math.floor(random() * 3));
    const sizes = SIZES.slice(0, 1 + Math.floor(random() * 3));
    attributes.push(
      { product_id: id, name: 'Color', slug: 'color', options: JSON.stringify(colors), variation: 1 as const, position: 0, display: 'color' as const, swatches: JSON.stringify(Object.fromEntries(colors.map((c) => [c, PALETTE[c]]))) },
      { product_id: id, name: 'Size', slug: 'size', options: JSON.stringify(sizes), variation: 1 as const, position: 1, display: 'label' as const, swatches: '{}' },
    );
    for (const color of colors) {
      for (const [k, size] of sizes.entries()) {
        const regular = extras[i].price + k * 200;
        variations.push({
          product_id: id,
          sku: `BN-${id}-${color}-${size}`,
          attributes: JSON.stringify({ color, size }),
          regular_price: regular,
          sale_price: random() < 0.1 ? Math.round(regular * 0.8) : null,
          sale_from: null,
          sale_to: null,
          stock_quantity: null,
          stock_status: random() < 0.1 ? 'outofstock' : 'instock',
          image_id: null,
          weight: null,
          length: null,
          width: null,
          height: null,
          min_qty: null,
          max_qty: null,
          created_at: stamp,
          updated_at: stamp,
        });
      }
    }
  }
  if (attributes.length) await trx.insertInto('product_attributes').values(attributes).execute();
  for (let k = 0; k < variations.length; k += BATCH) await trx.insertInto('product_variations').values(variations.slice(k, k + BATCH)).execute();
}

const REVIEWERS = ['Alex', 'Sam', 'Kim', 'Noor', 'Jo', 'Ravi', 'Lena', 'Marco'];

async function writeReviews(trx: DB, ids: number[], random: () => number, now: number): Promise<void> {
  const reviews: Insertable<ReviewsTable>[] = [];
  for (const id of ids) {
    if (random() >= 0.3) continue;
    const count = 1 + Math.floor(random() * 4);
    for (let k = 0; k < count; k++) {
      const author = REVIEWERS[Math.floor(random() * REVIEWERS.length)];
      reviews.push({
        product_id: id,
        user_id: null,
        author,
        email: `${author.toLowerCase()}@example.com`,
        rating: Math.min(5, 2 + Math.floor(random() * 4) + (random() < 0.5 ? 1 : 0)),
        content: 'Does what it says. Would recommend.',
        status: random() < 0.9 ? 'approved' : 'pending',
        created_at: new Date(now - Math.floor(random() * 365 * DAY)).toISOString(),
      });
    }
  }
  if (reviews.length) await trx.insertInto('reviews').values(reviews).execute();
}
