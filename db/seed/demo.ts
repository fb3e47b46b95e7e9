import type { DB } from '../client.ts';
import {
  createCategoryTree,
  createProduct,
  inTransaction,
  setProductLinks,
  type CategoryNode,
  type ProductInput,
} from '../../app/features/catalog/catalog-write.server.ts';
import { generateVariants, insertMedia, type VariantResult } from '../../app/lib/images.server.ts';
import { mediaStoreFor, type MediaStore } from '../../app/lib/media-store.server.ts';
import type { Services } from '../../app/lib/services.server.ts';
import { seedDemoContactForm } from '../../app/features/forms/forms.server.ts';
import { saveSettings } from '../../app/features/settings/settings.server.ts';
import { seedDemoCommerce } from './demo-commerce.ts';
import { seedDemoPages } from './demo-pages.ts';
import { DEMO_CATEGORIES, DEMO_PRODUCTS, type DemoCategory } from './demo-data.ts';
import { seedDemoMenus } from './demo-menus.ts';
import { reviewPicker } from './demo-reviews.ts';
import { artKey, renderArt, type Art, type View } from './demo-images.ts';
import { PALETTE, prng, type ColorName, type DemoProduct } from './demo-kit.ts';
import { seedDemoWishlist } from './demo-wishlist.ts';
import { getSettings } from '../../app/features/settings/settings.server.ts';

// The artwork is flat colour, so the fastest WebP effort loses nothing visible.
const DEMO_WEBP_EFFORT = 0;
const DAY = 86_400_000;

async function hasProducts(db: DB): Promise<boolean> {
  return !!(await db.selectFrom('products').select('id').limit(1).executeTakeFirst());
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const art = (p: DemoProduct, color: ColorName, view?: View): Art => ({ shape: p.shape, color: PALETTE[color], view });

/** Every picture a product uses, with the alt text of each use. */
function productArts(p: DemoProduct) {
  const main = { art: art(p, p.color), alt: p.name };
  const gallery = p.gallery
    ? [{ art: art(p, p.color, 'detail'), alt: `${p.name}, close-up` }, { art: art(p, p.color, 'alt'), alt: `${p.name} on a striped backdrop` }]
    : [];
  const byOption = new Map<string, { art: Art; alt: string }>();
  const colours = p.attributes?.find((a) => a.slug === 'color')?.options ?? [];
  for (const c of colours) byOption.set(`color:${c}`.toLowerCase(), { art: art(p, c as ColorName), alt: `${p.name} in ${c}` });
  for (const [option, c] of Object.entries(p.imageSwatches?.art ?? {})) {
    byOption.set(`${p.imageSwatches!.attribute}:${option}`.toLowerCase(), { art: art(p, c), alt: `${p.name}: ${option}` });
  }
  return { main, gallery, byOption };
}

async function eachLimited<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: limit }, async () => {
    while (next < items.length) await fn(items[next++]);
  }));
}

/** Draws and writes each distinct picture once; the media rows are added later, per use. */
async function renderAll(store: MediaStore): Promise<Map<string, VariantResult>> {
  const arts = new Map<string, Art>();
  const add = (a: Art) => arts.set(artKey(a), a);
  const walk = (cats: DemoCategory[]) => cats.forEach((c) => (add({ ...c.art, color: PALETTE[c.art.color] }), walk(c.children ?? [])));
  walk(DEMO_CATEGORIES);
  for (const p of DEMO_PRODUCTS) {
    const { main, gallery, byOption } = productArts(p);
    [main, ...gallery, ...byOption.values()].forEach((u) => add(u.art));
  }
  const made = new Map<string, VariantResult>();
  await eachLimited([...arts], 2, async ([key, a]) => {
    made.set(key, await generateVariants(renderArt(a), store, `demo/${key}`, { effort: DEMO_WEBP_EFFORT, opaque: true }));
  });
  return made;
}

type PickReviews = ReturnType<typeof reviewPicker>;

function reviewsFor(p: DemoProduct, random: () => number, pickReviews: PickReviews, now: number): NonNullable<ProductInput['reviews']> {
  const list = [...(p.reviews?.approved ?? []).map((r) => [r, 'approved'] as const), ...(p.reviews?.pending ?? []).map((r) => [r, 'pending'] as const)];
  const picked = pickReviews(p.shape, list.map(([rating]) => rating));
  return list.map(([rating, status], i) => {
    // Names and texts come from their own sequence; these two draws keep the rest of the demo
    // (verified marks, dates, sales counts) what it was.
    random();
    random();
    const { author, content } = picked[i];
    return {
      author,
      email: `${author.split(' ')[0].normalize('NFKD').replace(/[^a-z]/gi, '').toLowerCase()}@example.com`,
      rating,
      content,
      status,
      verified: status === 'approved' && random() < 0.7,
      created_at: new Date(now - (list.length - i) * 3 * DAY - Math.floor(random() * DAY)).toISOString(),
    };
  });
}

/** Seeds the demo catalog; returns null when the database already has products. */
export async function seedDemo(services: Services): Promise<{ products: number } | null> {
  const { db, config, log } = services;
  if (await hasProducts(db)) return null;
  const started = Date.now();
  const files = await renderAll(mediaStoreFor(config));
  const rendered = Date.now();
  const result = await inTransaction(db, async (trx) => {
    if (await hasProducts(trx)) return null; // another process seeded meanwhile
    const media = async (a: Art, alt: string, title: string) => {
      const key = artKey(a);
      return insertMedia(trx, { ...files.get(key)!, path: `demo/${key}`, alt, title });
    };
    const toNodes = async (cats: DemoCategory[]): Promise<CategoryNode[]> => {
      const nodes: CategoryNode[] = [];
      for (const c of cats) {
        const image_id = await media({ ...c.art, color: PALETTE[c.art.color] }, c.name, c.name);
        nodes.push({ name: c.name, description: c.description, image_id, children: await toNodes(c.children ?? []) });
      }
      return nodes;
    };
    const categoryIds = await createCategoryTree(trx, await toNodes(DEMO_CATEGORIES));

    const random = prng(20261121);
    const pickReviews = reviewPicker(prng(20261124));
    const now = Date.now();
    const ids = new Map<string, number>();
    const ordered = [...DEMO_PRODUCTS.filter((p) => p.type !== 'grouped'), ...DEMO_PRODUCTS.filter((p) => p.type === 'grouped')];
    for (const [i, p] of ordered.entries()) {
      const { main, gallery, byOption } = productArts(p);
      const images = [];
      for (const u of [main, ...gallery]) images.push(await media(u.art, u.alt, p.name));
      const optionMedia = new Map<string, number>();
      for (const [k, u] of byOption) optionMedia.set(k, await media(u.art, u.alt, p.name));
      const { category, shape: _s, color: _c, blurb, details, gallery: _g, reviews: _r, upsells: _u, crosssells: _x, children, imageSwatches, ...fields } = p;
      const input: ProductInput = {
        ...fields,
        short_description: `<p>${escapeHtml(blurb)}</p>`,
        description: `<p>${escapeHtml(blurb)}</p><h3>Details</h3><ul>${details.map((d) => `<li>${escapeHtml(d)}</li>`).join('')}</ul>`,
        categories: [category],
        images,
        attributes: p.attributes?.map((a) =>
          imageSwatches && a.name.toLowerCase() === imageSwatches.attribute
            ? { ...a, swatches: Object.fromEntries(a.options!.map((o) => [o, optionMedia.get(`${imageSwatches.attribute}:${o}`.toLowerCase())!])) }
            : a),
        variations: p.variations?.map((v) => {
          const key = Object.entries(v.attributes).map(([k, val]) => `${k}:${val}`.toLowerCase()).find((k) => optionMedia.has(k));
          return key ? { ...v, image: optionMedia.get(key) } : v;
        }),
        links: children ? { grouped: children.map((n) => ids.get(n)!) } : {},
        reviews: reviewsFor(p, random, pickReviews, now),
        total_sales: Math.floor(random() * 400),
        created_at: new Date(now - (ordered.length - i) * DAY).toISOString(),
      };
      ids.set(p.name, (await createProduct(trx, input)).id);
    }
    for (const p of DEMO_PRODUCTS) {
      if (!p.upsells && !p.crosssells) continue;
      await setProductLinks(trx, ids.get(p.name)!, {
        upsell: (p.upsells ?? []).map((n) => ids.get(n)!),
        crosssell: (p.crosssells ?? []).map((n) => ids.get(n)!),
      });
    }
    await seedDemoCommerce(trx);
    await seedDemoWishlist(trx, (await getSettings(trx)).currency);
    await seedDemoContactForm(trx);
    await seedDemoPages(trx);
    // The live chat's widget is on in the demo shop.
    await trx.insertInto('settings').values({ key: 'chat.enabled', value: 'true' }).onConflict((oc) => oc.column('key').doNothing()).execute();
    await seedDemoMenus(trx, categoryIds);
    return { products: ids.size };
  });
  // The demo shows the header search box's category select (off in a new shop).
  if (result) await saveSettings(db, { searchCategorySelect: true });
  if (result) log.info({ products: result.products, images: files.size, imagesMs: rendered - started, dbMs: Date.now() - rendered }, 'seeded the demo shop');
  return result;
}

/** Seeds the demo catalog on first start, when the database has no products. */
export async function seedDemoIfEmpty(services: Services): Promise<boolean> {
  return (await seedDemo(services)) !== null;
}
