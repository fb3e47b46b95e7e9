import { z } from 'zod';
import { MENU_LIMITS } from '../../config/constants.ts';

/** Where a menu is shown. */
export const MENU_LOCATIONS = ['main', 'top_bar', 'footer', 'mobile'] as const;
export type MenuLocation = (typeof MENU_LOCATIONS)[number];
export const menuLocationSchema = z.enum(MENU_LOCATIONS, { message: 'Unknown menu location (main, top_bar, footer, mobile)' });

/** What an item links to. */
export const MENU_ITEM_KINDS = ['page', 'category', 'product', 'url'] as const;
export type MenuItemKind = (typeof MENU_ITEM_KINDS)[number];

const label = z.string().trim().min(1, 'Label is required').max(MENU_LIMITS.labelMax, `At most ${MENU_LIMITS.labelMax} characters`);
/** A page slug: lower-case words joined by dashes, as block pages are addressed (`/about-us`). */
const slug = z.string().trim().toLowerCase().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use a page slug such as about-us').max(200);
/** A site path (`/shop?x`) or an http(s) address; nothing a browser would run. */
const url = z
  .string()
  .trim()
  .max(MENU_LIMITS.urlMax, `At most ${MENU_LIMITS.urlMax} characters`)
  .regex(/^(\/(?!\/)[^\s]*|#[^\s]*|https?:\/\/[^\s/?#]+[^\s]*)$/i, 'Use a path such as /shop or an address starting with https://');
const id = z.number().int().positive().max(2_147_483_647, 'No such id');

interface ItemInput {
  label: string;
  kind: MenuItemKind;
  target?: string;
  targetId?: number | null;
  megaColumns?: number;
  prompt?: boolean;
  children?: ItemInput[];
}

const base = {
  label,
  megaColumns: z.number().int().min(0).max(MENU_LIMITS.megaColumnsMax, `At most ${MENU_LIMITS.megaColumnsMax} columns`).default(0),
  prompt: z.boolean().default(false),
};

/** One item as sent by the admin: a link of one kind, its children below it. */
export const menuItemSchema: z.ZodType<MenuItemInput, ItemInput> = z.lazy(() =>
  z.discriminatedUnion('kind', [
    z.object({ ...base, kind: z.literal('page'), target: slug, children: z.array(menuItemSchema).default([]) }),
    z.object({ ...base, kind: z.literal('url'), target: url, children: z.array(menuItemSchema).default([]) }),
    z.object({ ...base, kind: z.literal('category'), targetId: id, children: z.array(menuItemSchema).default([]) }),
    z.object({ ...base, kind: z.literal('product'), targetId: id, children: z.array(menuItemSchema).default([]) }),
  ]),
) as z.ZodType<MenuItemInput, ItemInput>;

export type MenuItemInput =
  | { kind: 'page' | 'url'; label: string; target: string; megaColumns: number; prompt: boolean; children: MenuItemInput[] }
  | { kind: 'category' | 'product'; label: string; targetId: number; megaColumns: number; prompt: boolean; children: MenuItemInput[] };

/** Depth (1 = top level only) and count of a tree. */
export function treeSize(items: readonly { children?: readonly unknown[] }[], depth = 1): { depth: number; count: number } {
  let max = items.length ? depth : depth - 1;
  let count = items.length;
  for (const item of items) {
    const sub = treeSize((item.children ?? []) as { children?: unknown[] }[], depth + 1);
    max = Math.max(max, sub.depth);
    count += sub.count;
  }
  return { depth: max, count };
}

/** A whole menu as saved: its name and its items (the tree replaces what was there). */
export const menuInputSchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(MENU_LIMITS.labelMax),
    items: z.array(menuItemSchema).max(MENU_LIMITS.items),
  })
  .superRefine((menu, ctx) => {
    const { depth, count } = treeSize(menu.items);
    if (depth > MENU_LIMITS.depth) ctx.addIssue({ code: 'custom', path: ['items'], message: `Menus nest at most ${MENU_LIMITS.depth} levels deep` });
    if (count > MENU_LIMITS.items) ctx.addIssue({ code: 'custom', path: ['items'], message: `At most ${MENU_LIMITS.items} items in a menu` });
  });
export type MenuInput = z.infer<typeof menuInputSchema>;

/** An item as stored and as the admin edits it. */
export interface MenuItem {
  id: number;
  label: string;
  kind: MenuItemKind;
  target: string;
  targetId: number | null;
  megaColumns: number;
  prompt: boolean;
  children: MenuItem[];
}

export interface Menu {
  id: number;
  location: MenuLocation;
  name: string;
  updatedAt: string;
  items: MenuItem[];
}

/** An item as the header draws it: its address resolved. */
export interface ShellMenuItem {
  id: string;
  label: string;
  href: string;
  megaColumns: number;
  prompt: boolean;
  children: ShellMenuItem[];
}

/** The menus of the page, by location; a location without a menu falls back to the categories. */
export type ShellMenus = Record<MenuLocation, ShellMenuItem[]>;
