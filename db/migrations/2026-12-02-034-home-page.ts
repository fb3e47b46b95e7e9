import { sql, type Generated, type Kysely } from 'kysely';
import { z } from 'zod';

/*
 * One content system: the home page is a block page (app/features/pages). Until now a shop
 * without a published page "home" showed its home layout, a list of sections stored under
 * the settings key `content.home_layout` (or a default one). This turns a stored layout into
 * the published page "home" with the same sections in the same order, as the blocks that
 * drew them (hero, benefits, category-tiles, product-grid, promo), and drops the key.
 *
 * - A shop that already publishes a page "home" showed that page: only the key goes.
 * - A page "home" kept as a draft (never published) keeps its draft; the layout becomes what
 *   visitors see, as if published.
 * - A shop without a stored layout (or with one that no longer parsed) showed the default
 *   layout, which the page route still shows as blocks while no page "home" is published
 *   (app/features/pages/home-blocks.ts): nothing to write.
 *
 * The layout's schema is copied here as it was when it went, so this migration does not
 * change with the code. One way: down leaves the page (the layout code is gone).
 */

const KEY = 'content.home_layout';
const HOME = 'home';

const text = (max: number) => z.string().trim().min(1).max(max);
const opt = (max: number) => z.string().trim().max(max).optional();
const href = z.string().trim().max(500).regex(/^(\/(?!\/)|https?:\/\/)/);
const link = z.object({ label: text(60), href });
const section = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hero'), eyebrow: opt(60), title: text(120), text: z.string().trim().max(300).default(''), cta: link, secondary: link.optional(), imageCategory: opt(200) }),
  z.object({ type: z.literal('categories'), title: text(120), paths: z.array(z.string().trim().min(1).max(200)).max(12).optional(), limit: z.number().int().min(1).max(12).default(6) }),
  z.object({
    type: z.literal('products'),
    title: text(120),
    source: z.enum(['featured', 'newest', 'on_sale', 'best_sellers']),
    limit: z.number().int().min(1).max(12).default(6),
    columns: z.union([z.literal(3), z.literal(4)]).default(3),
    more: link.optional(),
  }),
  z.object({ type: z.literal('promo'), eyebrow: opt(60), title: text(120), text: z.string().trim().max(300).default(''), cta: link }),
  z.object({
    type: z.literal('benefits'),
    items: z.array(z.object({ icon: z.enum(['truck', 'return', 'lock', 'chat']), title: text(60), text: z.string().trim().max(160).default('') })).min(1).max(4),
  }),
]);
const layoutSchema = z.array(section).max(30);
type Section = z.infer<typeof section>;

/** A section as the block that drew it (the page route's former `homeLayoutToBlocks`). */
function sectionToBlock(s: Section, i: number): { id: string; type: string; props: Record<string, unknown> } {
  const id = `home-${i}`;
  switch (s.type) {
    case 'hero':
      return {
        id,
        type: 'hero',
        props: { eyebrow: s.eyebrow ?? '', title: s.title, text: s.text, cta: s.cta, ...(s.secondary ? { secondary: s.secondary } : {}), ...(s.imageCategory ? { imageCategory: s.imageCategory } : {}) },
      };
    case 'benefits':
      return { id, type: 'benefits', props: { items: s.items } };
    case 'categories':
      return { id, type: 'category-tiles', props: { title: s.title, ...(s.paths ? { paths: s.paths } : {}), limit: s.limit } };
    case 'products':
      return {
        id,
        type: 'product-grid',
        props: { title: s.title, source: s.source, limit: s.limit, columns: { large: s.columns, medium: 3, small: 2 }, ...(s.more ? { more: s.more } : {}) },
      };
    case 'promo':
      return { id, type: 'promo', props: { eyebrow: s.eyebrow ?? '', title: s.title, text: s.text, cta: s.cta } };
  }
}

/** The stored layout's blocks, or null when none is stored or it no longer parses (the default showed). */
function storedBlocks(value: string | undefined): ReturnType<typeof sectionToBlock>[] | null {
  if (value === undefined) return null;
  try {
    const parsed = layoutSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data.map(sectionToBlock) : null;
  } catch {
    return null;
  }
}

interface Tables {
  settings: { key: string; value: string };
  pages: {
    id: Generated<number>;
    slug: string;
    title: string;
    status: string;
    blocks: string;
    published_blocks: string | null;
    version: number;
    created_at: string;
    updated_at: string;
    published_at: string | null;
  };
  page_revisions: { page_id: number; version: number; kind: string; title: string; blocks: string; created_at: string };
}

export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as unknown as Kysely<Tables>;
  const row = await db.selectFrom('settings').select('value').where('key', '=', KEY).executeTakeFirst();
  const blocks = storedBlocks(row?.value);
  if (blocks) {
    const json = JSON.stringify(blocks);
    const now = new Date().toISOString();
    const page = await db.selectFrom('pages').select(['id', 'status', 'published_blocks', 'version', 'title']).where('slug', '=', HOME).executeTakeFirst();
    if (!page) {
      const created = await db
        .insertInto('pages')
        .values({ slug: HOME, title: 'Home', status: 'published', blocks: json, published_blocks: json, version: 1, created_at: now, updated_at: now, published_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.insertInto('page_revisions').values({ page_id: created.id, version: 1, kind: 'published', title: 'Home', blocks: json, created_at: now }).execute();
    } else if (page.status !== 'published' || page.published_blocks === null) {
      const version = page.version + 1;
      await db.updateTable('pages').set({ status: 'published', published_blocks: json, version, updated_at: now, published_at: now }).where('id', '=', page.id).execute();
      await db.insertInto('page_revisions').values({ page_id: page.id, version, kind: 'published', title: page.title, blocks: json, created_at: now }).execute();
    }
  }
  await db.deleteFrom('settings').where('key', '=', KEY).execute();
  // Pages and settings cached from the old home page are stale.
  await sql`update settings set value = cast(cast(value as bigint) + 1 as text) where key = 'cache.store_version'`.execute(db);
}

export async function down(): Promise<void> {}
