import { sql } from 'kysely';
import type { DB } from '../../db/client.ts';
import { getSettings } from '../../app/features/settings/settings.server.ts';

/*
 * For the pseudo-language sweep: the text a visitor sees in a page's HTML (text nodes and the
 * labels read aloud or shown in fields), and the shop's own content (what the owner wrote:
 * product and category names, block pages, menus, settings), which messages do not cover.
 */

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const decode = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (m, e: string) => (e[0] === '#' ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1))) : (ENTITIES[e] ?? m)));

/** The page's visible texts: text nodes outside scripts and styles, and aria-label, placeholder and alt values. */
export function visibleTexts(html: string): string[] {
  const body = html.replace(/<(script|style|template|noscript)\b[\s\S]*?<\/\1>/gi, ' ').replace(/<!--[\s\S]*?-->/g, ' ');
  const texts: string[] = [];
  for (const m of body.matchAll(/>([^<]+)</g)) texts.push(decode(m[1]!));
  for (const m of body.matchAll(/\s(?:aria-label|placeholder|alt)="([^"]*)"/g)) texts.push(decode(m[1]!));
  return texts.map((s) => s.replace(/\s+/g, ' ').trim()).filter(Boolean);
}

const CONTENT_TABLES = ['products', 'product_variations', 'categories', 'tags', 'attributes', 'attribute_terms', 'product_attributes', 'pages', 'menus', 'menu_items', 'media', 'reviews', 'settings', 'contact_forms', 'shipping_methods', 'shipping_zones', 'vendors', 'users'];

function strings(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') {
    const s = value.trim();
    if (!s) return;
    if (/^[[{"]/.test(s)) {
      try {
        strings(JSON.parse(s), into);
        return;
      } catch {
        // Not JSON: a text.
      }
    }
    into.add(decode(s.replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ').trim());
  } else if (Array.isArray(value)) for (const v of value) strings(v, into);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) strings(v, into);
}

/** Every text the shop's owner wrote or imported, read from the content tables. */
export async function contentTexts(db: DB): Promise<string[]> {
  const found = new Set<string>();
  strings(await getSettings(db), found);
  for (const table of CONTENT_TABLES) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    for (const row of rows.rows) strings(Object.values(row), found);
  }
  return [...found].filter((s) => s.length > 1).sort((a, b) => b.length - a.length);
}

/** A pseudo-translated message: `[…~]`, as the pseudo-language brackets each one. */
const PSEUDO = /\[[^[\]]*~+\]/g;

/**
 * The visible texts left with English words once pseudo-translated messages, content, dates,
 * numbers and prices are taken out; each as it reads with content (a product's name) shown as "…".
 */
export function untranslated(texts: readonly string[], content: readonly string[]): string[] {
  const left = new Set<string>();
  for (const text of texts) {
    // Dates are formatted by Intl for the language, not taken from the catalogues.
    let rest = text.replace(PSEUDO, '…').replace(/\b(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}\b/g, '…');
    // A piece of a content text as it stands (a block's paragraph split by its links, a line of
    // a product's details), before the content named in it is taken out.
    const whole = rest.replace(/\s+/g, ' ').trim();
    if (whole.length > 1 && content.some((c) => c.includes(whole))) continue;
    for (const c of content) if (rest.includes(c)) rest = rest.replace(new RegExp(`(?<!\\p{L})${c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?!\\p{L})`, 'gu'), '…');
    // A piece of a content text (a block's paragraph split by its bold words) is content too.
    const piece = rest.replace(/\s+/g, ' ').trim();
    if (piece.length > 1 && content.some((c) => c.includes(piece))) continue;
    if (/[A-Za-z]{2,}/.test(piece.replace(/\b(GBP|USD|EUR|SKU|px|KB|MB)\b/g, ''))) left.add(piece);
  }
  return [...left].sort();
}
