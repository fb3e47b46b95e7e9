import { z } from 'zod';
import { BLOCK_MAX_COUNT, BLOCK_MAX_DEPTH } from './constants.ts';
import { embedSource, videoSource } from './embeds.ts';

/*
 * A page is a tree of typed blocks: each block has an id (unique in the page), a type, the
 * props of that type and, for containers, children. The schema is isomorphic (the backend
 * editor and the visual builder use it in the browser; the API validates every save with
 * it). `parsePageBlocks` first walks the raw JSON without recursion to enforce the depth
 * and count limits, then parses with zod; a failure names the path of the first problem
 * (`blocks.2.children.0.props.autoplay`).
 *
 * Rich text (the text block's `html`) is sanitised on the server when saved and again when
 * read (rich-text.server.ts); every other prop is plain text that React escapes, or a value
 * checked here (addresses, colours, ids, numbers).
 */

// ── Shared pieces ──────────────────────────────────────────────────────────────────────

const text = (max: number) => z.string().trim().min(1).max(max);
const optText = (max: number) => z.string().trim().max(max).default('');
/** A link: a path in the shop, an anchor on the page, an http(s) address, mailto: or tel:. */
export const hrefSchema = z
  .string()
  .trim()
  .min(1)
  .max(500)
  .regex(/^(\/(?!\/)|#[A-Za-z][\w-]*$|https?:\/\/|mailto:|tel:)/, 'a path starting with /, an #anchor, an http(s) address, mailto: or tel:');
/** An id for the page's DOM (anchors, tab hashes, lightboxes): letters, digits, - and _. */
export const anchorSchema = z.string().trim().regex(/^[A-Za-z][A-Za-z0-9_-]{0,63}$/, 'letters, digits, - and _, starting with a letter');
/** CSS colours only, since they end up in style attributes. */
export const colourSchema = z.string().trim().regex(/^(#[0-9a-f]{3,8}|[a-z]{3,30}|(rgb|hsl)a?\([\d\s.,%/]+\))$/i, 'a CSS colour');
const mediaId = z.number().int().positive().max(2_147_483_647);
/** A picture from the media library; alt text is required (decorative pictures are backgrounds). */
const picture = z.object({ mediaId, alt: text(200) });
const link = z.object({ label: text(60), href: hrefSchema });
const buttonStyle = z.enum(['primary', 'secondary', 'ghost', 'link']).default('primary');
const span = z.number().int().min(1).max(12);
/** Columns per breakpoint (shop spec §9: large ≥ 850 px, medium ≥ 550 px, small below). */
const gridColumns = z
  .object({ large: z.number().int().min(1).max(6).default(3), medium: z.number().int().min(1).max(6).default(3), small: z.number().int().min(1).max(4).default(2) })
  .default({ large: 3, medium: 3, small: 2 });
const productSource = z.enum(['featured', 'newest', 'on_sale', 'best_sellers', 'category']);
const categoryPath = z.string().trim().min(1).max(200);
const videoUrl = z
  .string()
  .trim()
  .max(500)
  .refine((v) => videoSource(v) !== null, 'a YouTube or Vimeo address, or a video file under /media/');
/** A background video: a file of our own (a player from another site cannot sit behind content). */
const selfVideoUrl = z
  .string()
  .trim()
  .max(500)
  .refine((v) => videoSource(v)?.provider === 'self', 'a video file under /media/ (mp4, webm or ogg)');
const embedUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => embedSource(v) !== null, 'a Google Maps or OpenStreetMap embed address, or a YouTube or Vimeo video');

export const ANIMATIONS = ['fadeIn', 'fadeInUp', 'fadeInDown', 'fadeInLeft', 'fadeInRight', 'bounceIn', 'bounceInUp', 'zoomIn', 'zoomInUp', 'flipInX', 'flipInY', 'blurIn'] as const;

// ── Props per block type ───────────────────────────────────────────────────────────────

export const blockProps = {
  section: z.object({
    /** Background colour, picture (decorative, from the media library) and/or video (muted, looping). */
    bgColor: colourSchema.optional(),
    bgMediaId: mediaId.optional(),
    bgVideo: selfVideoUrl.optional(),
    /** The background picture loads when 10 % of the section is visible (data-bg). */
    lazyBg: z.boolean().default(true),
    /** Parallax strength 0 (off) to 10; applies on non-mobile screens unless mobileParallax. */
    parallax: z.number().int().min(0).max(10).default(0),
    mobileParallax: z.boolean().default(false),
    sticky: z.boolean().default(false),
    /** Light text on a dark background. */
    dark: z.boolean().default(false),
    padding: z.enum(['none', 'small', 'medium', 'large']).default('medium'),
    /** A scroll-to target: the section's DOM id, listed in the bullet navigation under `anchorTitle`. */
    anchor: anchorSchema.optional(),
    anchorTitle: optText(60),
    /** Accessible name of the section (a landmark) when it has no heading of its own. */
    label: optText(120),
  }),
  row: z.object({
    gap: z.enum(['none', 'small', 'medium', 'large']).default('medium'),
    align: z.enum(['top', 'center', 'bottom', 'stretch']).default('top'),
  }),
  column: z.object({
    /** Width in twelfths per breakpoint (large ≥ 850 px, medium ≥ 550 px, small below). */
    large: span.default(12),
    medium: span.default(12),
    small: span.default(12),
    /** Sticky sidebar: stays in view while the row scrolls (≥ 850 px wide viewports). */
    sticky: z.boolean().default(false),
  }),
  heading: z.object({ text: text(200), level: z.number().int().min(1).max(6).default(2), align: z.enum(['left', 'center', 'right']).default('left') }),
  text: z.object({ html: z.string().max(100_000), align: z.enum(['left', 'center', 'right']).default('left') }),
  image: picture.extend({
    caption: optText(300),
    href: hrefSchema.optional(),
    size: z.enum(['small', 'medium', 'large', 'full']).default('full'),
    /** Opens the full picture in a lightbox. */
    lightbox: z.boolean().default(false),
  }),
  button: link.extend({ style: buttonStyle, newTab: z.boolean().default(false) }),
  /** Opens the lightbox block whose anchor is `target`. */
  'lightbox-button': z.object({ label: text(60), target: anchorSchema, style: buttonStyle }),
  /**
   * Content shown over the page when a lightbox button (or any link to `#anchor`) opens it:
   * an image, a gallery, a video, inline content (its children, or the block `contentBlock`
   * elsewhere on the page) or an off-canvas panel (its children) sliding in from a side.
   */
  lightbox: z.object({
    anchor: anchorSchema,
    kind: z.enum(['image', 'gallery', 'video', 'inline', 'off-canvas']),
    title: text(120),
    images: z.array(picture).max(50).default([]),
    video: videoUrl.optional(),
    contentBlock: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/).optional(),
    side: z.enum(['left', 'right']).default('right'),
    width: z.number().int().min(200).max(1400).default(650),
  }),
  slider: z.object({
    label: text(120),
    /** Milliseconds between slides, or false for none. */
    autoplay: z.union([z.number().int().min(1000).max(60_000), z.literal(false)]).default(3000),
    arrows: z.boolean().default(true),
    dots: z.boolean().default(true),
    draggable: z.boolean().default(true),
    wrapAround: z.boolean().default(true),
    friction: z.number().min(0.05).max(1).default(0.28),
    attraction: z.number().min(0.005).max(0.5).default(0.025),
    /** Slides in view at once on wide screens. */
    perView: z.number().int().min(1).max(6).default(1),
  }),
  tabs: z.object({ label: optText(120), style: z.enum(['line', 'pills', 'outline', 'vertical']).default('line') }),
  /** One tab panel; `hash` is its DOM id, so `#hash` in the address opens it. */
  tab: z.object({ title: text(80), hash: anchorSchema }),
  /** Items; `open` is the 1-based index of the item open at start (0 for none). */
  accordion: z.object({ open: z.number().int().min(0).max(200).default(1) }),
  'accordion-item': z.object({ title: text(200) }),
  'count-up': z.object({
    value: z.number().int().min(0).max(1e12),
    prefix: optText(20),
    suffix: optText(20),
    label: optText(120),
  }),
  animate: z.object({ animation: z.enum(ANIMATIONS).default('fadeInUp') }),
  /** A named point of the page, listed in the bullet navigation (`bullet`) and reachable as `#anchor`. */
  'scroll-to': z.object({ anchor: anchorSchema, title: text(60), bullet: z.boolean().default(true) }),
  video: z.object({
    url: videoUrl,
    /** The player's accessible name. */
    title: text(120),
    autoplay: z.boolean().default(true),
    /** Sound allowed: the video is muted unless this is on. */
    audio: z.boolean().default(false),
    loop: z.boolean().default(true),
    controls: z.boolean().default(false),
    posterMediaId: mediaId.optional(),
    ratio: z.enum(['16:9', '4:3', '1:1', '21:9', '9:16']).default('16:9'),
  }),
  'product-grid': z.object({
    title: optText(120),
    source: productSource.default('newest'),
    /** With source "category": the category's path. */
    category: categoryPath.optional(),
    limit: z.number().int().min(1).max(24).default(6),
    columns: gridColumns,
    more: link.optional(),
  }),
  'featured-products': z.object({ title: optText(120), limit: z.number().int().min(1).max(24).default(6), columns: gridColumns, more: link.optional() }),
  'category-tiles': z.object({
    title: optText(120),
    /** Category paths in order; without them the categories with the most products. */
    paths: z.array(categoryPath).max(12).optional(),
    limit: z.number().int().min(1).max(12).default(6),
  }),
  /** A contact form (app/features/forms) by its id; it sends like the contact page's. */
  'contact-form': z.object({ formId: z.number().int().positive().max(2_147_483_647), title: optText(120) }),
  /** A map or other embed from the allow-list (embeds.ts). */
  embed: z.object({ url: embedUrl, title: text(120), height: z.number().int().min(100).max(1200).default(400) }),
  /** Text with a tooltip shown on hover and focus. */
  tooltip: z.object({ text: text(120), tip: text(300) }),
  'back-to-top': z.object({ label: optText(60) }),
  /** A link down to `target` (an anchor on the page). */
  'scroll-for-more': z.object({ label: optText(60), target: anchorSchema }),
  spacer: z.object({ large: z.number().int().min(0).max(400).default(40), small: z.number().int().min(0).max(400).default(20) }),
  divider: z.object({ style: z.enum(['solid', 'dashed', 'dotted']).default('solid'), width: z.enum(['short', 'full']).default('full') }),
  /** The home page's parts: a hero, a sale or season strip, a row of promises. */
  hero: z.object({
    eyebrow: optText(60),
    title: text(120),
    text: optText(300),
    cta: link,
    secondary: link.optional(),
    /** The picture beside the text: a category's image, by its path… */
    imageCategory: categoryPath.optional(),
    /** …or one from the media library. */
    image: picture.optional(),
  }),
  promo: z.object({ eyebrow: optText(60), title: text(120), text: optText(300), cta: link }),
  benefits: z.object({
    items: z.array(z.object({ icon: z.enum(['truck', 'return', 'lock', 'chat']), title: text(60), text: optText(160) })).min(1).max(4),
  }),
} as const;

export type BlockType = keyof typeof blockProps;
export const BLOCK_TYPES = Object.keys(blockProps) as BlockType[];
export type BlockPropsOf<T extends BlockType> = z.output<(typeof blockProps)[T]>;
export type BlockPropsInput<T extends BlockType> = z.input<(typeof blockProps)[T]>;

// ── Which blocks may hold which ────────────────────────────────────────────────────────

/** Blocks that only live inside one parent type. */
const CHILD_ONLY: Partial<Record<BlockType, BlockType>> = { column: 'row', tab: 'tabs', 'accordion-item': 'accordion' };
/** Containers and the children they take: "content" is any block but the child-only ones. */
export const CHILDREN: Partial<Record<BlockType, 'content' | BlockType>> = {
  section: 'content',
  row: 'column',
  column: 'content',
  tabs: 'tab',
  tab: 'content',
  accordion: 'accordion-item',
  'accordion-item': 'content',
  animate: 'content',
  slider: 'content',
  lightbox: 'content',
};
export const CONTENT_TYPES = BLOCK_TYPES.filter((t) => !CHILD_ONLY[t]);
/** The types a container of type `parent` (or the page itself, `null`) may hold. */
export function allowedChildren(parent: BlockType | null): BlockType[] {
  if (parent === null) return CONTENT_TYPES;
  const kind = CHILDREN[parent];
  return !kind ? [] : kind === 'content' ? CONTENT_TYPES : [kind];
}

// ── Blocks ─────────────────────────────────────────────────────────────────────────────

export const blockIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, - and _ (at most 64)');

export type Block = { [T in BlockType]: { id: string; type: T; props: BlockPropsOf<T>; children?: Block[] } }[BlockType];
export type BlockOf<T extends BlockType> = Extract<Block, { type: T }>;
/** A block as written (props with defaults may be left out). */
export type BlockInput = { [T in BlockType]: { id: string; type: T; props?: BlockPropsInput<T>; children?: BlockInput[] } }[BlockType];

function variantsFor(types: BlockType[]): z.ZodType<Block> {
  const variants = types.map((type) => {
    const kind = CHILDREN[type];
    const shape = {
      id: blockIdSchema,
      type: z.literal(type),
      props: (blockProps[type] as z.ZodType).default({}),
      children: kind ? z.array(z.lazy(() => (kind === 'content' ? contentBlock : byType[kind]!))).max(BLOCK_MAX_COUNT).default([]) : z.array(z.unknown()).max(0, 'this block holds no children').optional(),
    };
    return z.strictObject(shape);
  });
  return (variants.length === 1 ? variants[0]! : z.discriminatedUnion('type', variants as never)) as unknown as z.ZodType<Block>;
}
const byType: Partial<Record<BlockType, z.ZodType<Block>>> = {};
for (const t of Object.keys(CHILD_ONLY) as BlockType[]) byType[t] = variantsFor([t]);
const contentBlock: z.ZodType<Block> = variantsFor(CONTENT_TYPES);

/** Every block id once; lightbox buttons, scroll-for-more and inline lightboxes name things that exist. */
function crossCheck(blocks: Block[], ctx: z.RefinementCtx) {
  const ids = new Set<string>();
  const anchors = new Map<string, BlockType>();
  const refs: { path: (string | number)[]; anchor?: string; block?: string; want?: BlockType }[] = [];
  // Document order, so a duplicate is reported where it appears the second time.
  const stack: { b: Block; path: (string | number)[] }[] = blocks.map((b, i) => ({ b, path: [i] as (string | number)[] })).reverse();
  while (stack.length) {
    const { b, path } = stack.pop()!;
    if (ids.has(b.id)) ctx.addIssue({ code: 'custom', path: [...path, 'id'], message: `the id "${b.id}" is used twice` });
    ids.add(b.id);
    const p = b.props as Record<string, unknown>;
    const anchor = (b.type === 'tab' ? p.hash : p.anchor) as string | undefined;
    if (anchor) {
      if (anchors.has(anchor)) ctx.addIssue({ code: 'custom', path: [...path, 'props', b.type === 'tab' ? 'hash' : 'anchor'], message: `the anchor "${anchor}" is used twice` });
      anchors.set(anchor, b.type);
    }
    if (b.type === 'lightbox-button') refs.push({ path: [...path, 'props', 'target'], anchor: b.props.target, want: 'lightbox' });
    if (b.type === 'scroll-for-more') refs.push({ path: [...path, 'props', 'target'], anchor: b.props.target });
    if (b.type === 'lightbox') {
      const lp = b.props;
      if ((lp.kind === 'image' || lp.kind === 'gallery') && lp.images.length === 0) ctx.addIssue({ code: 'custom', path: [...path, 'props', 'images'], message: 'add at least one picture' });
      if (lp.kind === 'image' && lp.images.length > 1) ctx.addIssue({ code: 'custom', path: [...path, 'props', 'images'], message: 'an image lightbox shows one picture (use a gallery)' });
      if (lp.kind === 'video' && !lp.video) ctx.addIssue({ code: 'custom', path: [...path, 'props', 'video'], message: 'a video address is required' });
      if (lp.contentBlock) refs.push({ path: [...path, 'props', 'contentBlock'], block: lp.contentBlock });
    }
    if (b.type === 'product-grid' && b.props.source === 'category' && !b.props.category) {
      ctx.addIssue({ code: 'custom', path: [...path, 'props', 'category'], message: 'choose a category' });
    }
    const kids = b.children ?? [];
    for (let i = kids.length - 1; i >= 0; i--) stack.push({ b: kids[i]!, path: [...path, 'children', i] });
  }
  for (const r of refs) {
    if (r.anchor !== undefined) {
      const found = anchors.get(r.anchor);
      if (!found || (r.want && found !== r.want)) ctx.addIssue({ code: 'custom', path: r.path, message: r.want ? `no lightbox with the anchor "${r.anchor}"` : `no anchor "${r.anchor}" on the page` });
    } else if (r.block !== undefined && !ids.has(r.block)) ctx.addIssue({ code: 'custom', path: r.path, message: `no block with the id "${r.block}"` });
  }
}

export const pageBlocksSchema = z.array(contentBlock).max(BLOCK_MAX_COUNT).superRefine(crossCheck);

/**
 * The depth and count limits, checked on the raw JSON before any parsing (no recursion, so
 * no input can exhaust the stack): the path of the first block past the limits, or null.
 */
export function treeLimitProblem(input: unknown): { path: (string | number)[]; message: string } | null {
  if (!Array.isArray(input)) return null;
  let count = 0;
  const stack: { value: unknown; path: (string | number)[]; depth: number }[] = input.map((value, i) => ({ value, path: [i], depth: 1 }));
  while (stack.length) {
    const { value, path, depth } = stack.pop()!;
    if (++count > BLOCK_MAX_COUNT) return { path: [], message: `a page holds at most ${BLOCK_MAX_COUNT} blocks` };
    if (depth > BLOCK_MAX_DEPTH) return { path, message: `blocks nest at most ${BLOCK_MAX_DEPTH} deep` };
    const children = value && typeof value === 'object' ? (value as { children?: unknown }).children : undefined;
    if (Array.isArray(children)) children.forEach((c, i) => stack.push({ value: c, path: [...path, 'children', i], depth: depth + 1 }));
  }
  return null;
}

export type ParseResult = { ok: true; blocks: Block[] } | { ok: false; path: string; message: string; fields: Record<string, string> };

/** Validates a page's blocks: limits first, then types and props. Paths are prefixed with `prefix` ("blocks"). */
export function parsePageBlocks(input: unknown, prefix = 'blocks'): ParseResult {
  const join = (path: PropertyKey[]) => [prefix, ...path.map(String)].filter(Boolean).join('.');
  const limit = treeLimitProblem(input);
  if (limit) {
    const path = join(limit.path);
    return { ok: false, path, message: limit.message, fields: { [path]: limit.message } };
  }
  const result = pageBlocksSchema.safeParse(input);
  if (result.success) return { ok: true, blocks: result.data };
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[join(issue.path)] ??= issue.message;
  const [path, message] = Object.entries(fields)[0]!;
  return { ok: false, path, message, fields };
}

export { walkBlocks } from './walk.ts';

// ── Pages ──────────────────────────────────────────────────────────────────────────────

/**
 * Top-level addresses of the shop: a page's slug may be none of them (nor start with a
 * dot). `home` is the home page itself, served at `/`.
 */
export const RESERVED_SLUGS = [
  'shop', 'search', 'product', 'product-category', 'product-tag', 'cart', 'wishlist', 'terms', 'order-tracking', 'contact', 'checkout',
  'store-notice', 'sitemap', 'sitemap.xml', 'sitemaps', 'robots.txt', 'account', 'my-account', 'admin', 'api', 'assets', 'media', 'build',
  'favicon.ico', 'manifest.webmanifest', 'sw.js', 'offline', 'feed', 'login', 'logout', 'register', 'wp-admin', 'wp-json', 'wp-content',
] as const;
export const HOME_SLUG = 'home';
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const slugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(100)
  .regex(SLUG_PATTERN, 'lower-case letters, digits and single hyphens')
  .refine((s) => !(RESERVED_SLUGS as readonly string[]).includes(s), 'this address belongs to the shop');

export const pageStatusSchema = z.enum(['draft', 'published']);
export type PageStatus = z.infer<typeof pageStatusSchema>;

/** Page fields besides the blocks (search engines, sharing). */
export const pageMetaSchema = z.object({
  slug: slugSchema,
  title: text(200),
  seoTitle: optText(200),
  seoDescription: optText(320),
  /** Keep the page out of search engines (robots noindex, left out of the sitemap). */
  noindex: z.boolean().default(false),
});
export type PageMeta = z.output<typeof pageMetaSchema>;
