import type { DB } from '../../../db/client.ts';
import { cached } from '../../lib/store-cache.server.ts';
import { HttpError } from '../../lib/http-error.ts';
import { parseInput } from '../../lib/validate.ts';
import { menuCategories } from '../catalog/catalog.server.ts';
import { t } from '../../i18n/t.ts';
import {
  MENU_LOCATIONS,
  menuInputSchema,
  menuLocationSchema,
  type Menu,
  type MenuItem,
  type MenuItemInput,
  type MenuItemKind,
  type MenuLocation,
  type ShellMenuItem,
  type ShellMenus,
} from './menus.schema.ts';

interface ItemRow {
  id: number;
  menu_id: number;
  parent_id: number | null;
  position: number;
  label: string;
  kind: string;
  target: string;
  target_id: number | null;
  mega_columns: number;
  prompt: number;
}

function toTree(rows: ItemRow[]): MenuItem[] {
  const byParent = new Map<number | null, ItemRow[]>();
  for (const r of rows) {
    const list = byParent.get(r.parent_id) ?? [];
    list.push(r);
    byParent.set(r.parent_id, list);
  }
  const build = (parent: number | null): MenuItem[] =>
    (byParent.get(parent) ?? [])
      .sort((a, b) => a.position - b.position || a.id - b.id)
      .map((r) => ({
        id: r.id,
        label: r.label,
        kind: r.kind as MenuItemKind,
        target: r.target,
        targetId: r.target_id,
        megaColumns: r.mega_columns,
        prompt: r.prompt === 1,
        children: build(r.id),
      }));
  return build(null);
}

/** Every saved menu with its items (locations without one are absent). */
export async function listMenus(db: DB): Promise<Menu[]> {
  const menus = await db.selectFrom('menus').selectAll().execute();
  if (!menus.length) return [];
  const items = await db.selectFrom('menu_items').selectAll().where('menu_id', 'in', menus.map((m) => m.id)).execute();
  return MENU_LOCATIONS.flatMap((location) => {
    const m = menus.find((x) => x.location === location);
    if (!m) return [];
    return [{ id: m.id, location, name: m.name, updatedAt: m.updated_at, items: toTree(items.filter((i) => i.menu_id === m.id)) }];
  });
}

/** The menu at a location, or null when none is saved there. */
export async function getMenu(db: DB, location: MenuLocation): Promise<Menu | null> {
  return (await listMenus(db)).find((m) => m.location === location) ?? null;
}

export const parseLocation = (raw: unknown): MenuLocation => {
  const parsed = menuLocationSchema.safeParse(raw);
  if (!parsed.success) throw new HttpError(404, 'not_found', 'No such menu location (main, top_bar, footer, mobile).');
  return parsed.data;
};

/** Items' dotted paths in the request body (`items.0.children.2`), for error messages. */
function walk(items: MenuItemInput[], path: string, fn: (item: MenuItemInput, path: string) => void) {
  items.forEach((item, i) => {
    const p = `${path}.${i}`;
    fn(item, p);
    walk(item.children, `${p}.children`, fn);
  });
}

/**
 * Saves the menu at a location: its name and the whole item tree, replacing what was there,
 * in one transaction. A category or product that does not exist is a 400 naming the item.
 */
export async function saveMenu(db: DB, location: MenuLocation, input: unknown): Promise<Menu> {
  const menu = parseInput(menuInputSchema, input);
  const wanted = { category: new Map<number, string>(), product: new Map<number, string>() };
  walk(menu.items, 'items', (item, path) => {
    if (item.kind === 'category' || item.kind === 'product') wanted[item.kind].set(item.targetId, path);
  });
  const now = new Date().toISOString();
  const write = (fn: (trx: DB) => Promise<void>) => (db.isTransaction ? fn(db) : db.transaction().execute(fn));
  await write(async (trx) => {
    const missing = async (table: 'categories' | 'products', ids: Map<number, string>) => {
      if (!ids.size) return;
      const found = new Set((await trx.selectFrom(table).select('id').where('id', 'in', [...ids.keys()]).execute()).map((r) => r.id));
      for (const [id, path] of ids) {
        if (!found.has(id)) throw new HttpError(400, 'invalid', `${path}.targetId: no such ${table === 'categories' ? 'category' : 'product'}`, { [`${path}.targetId`]: 'No such id' });
      }
    };
    await missing('categories', wanted.category);
    await missing('products', wanted.product);
    const existing = await trx.selectFrom('menus').select('id').where('location', '=', location).executeTakeFirst();
    let menuId: number;
    if (existing) {
      menuId = existing.id;
      await trx.updateTable('menus').set({ name: menu.name, updated_at: now }).where('id', '=', menuId).execute();
      await trx.deleteFrom('menu_items').where('menu_id', '=', menuId).execute();
    } else {
      menuId = (await trx.insertInto('menus').values({ location, name: menu.name, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
    }
    const insert = async (items: MenuItemInput[], parent: number | null) => {
      for (const [position, item] of items.entries()) {
        const row = await trx
          .insertInto('menu_items')
          .values({
            menu_id: menuId,
            parent_id: parent,
            position,
            label: item.label,
            kind: item.kind,
            target: 'target' in item ? item.target : '',
            target_id: 'targetId' in item ? item.targetId : null,
            mega_columns: item.megaColumns,
            prompt: item.prompt ? 1 : 0,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await insert(item.children, row.id);
      }
    };
    await insert(menu.items, null);
  });
  return (await getMenu(db, location))!;
}

/** Removes the menu at a location (the header falls back to the categories); false when there was none. */
export async function deleteMenu(db: DB, location: MenuLocation): Promise<boolean> {
  const res = await db.deleteFrom('menus').where('location', '=', location).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** The header's fallback: "Shop", then the top categories with their children. */
async function categoryMenu(db: DB): Promise<ShellMenuItem[]> {
  const cats = await menuCategories(db);
  return [
    { id: 'shop', label: t('site.shop'), href: '/shop', megaColumns: 0, prompt: false, children: [] },
    ...cats.map((c) => ({
      id: `c${c.id}`,
      label: c.name,
      href: `/product-category/${c.path}`,
      megaColumns: 0,
      prompt: false,
      children: c.children.map((s) => ({ id: `c${s.id}`, label: s.name, href: `/product-category/${s.path}`, megaColumns: 0, prompt: false, children: [] })),
    })),
  ];
}

async function readShellMenus(db: DB): Promise<ShellMenus> {
  const menus = await listMenus(db);
  const ids = { category: new Set<number>(), product: new Set<number>() };
  const collect = (items: MenuItem[]) =>
    items.forEach((i) => {
      if ((i.kind === 'category' || i.kind === 'product') && i.targetId) ids[i.kind].add(i.targetId);
      collect(i.children);
    });
  menus.forEach((m) => collect(m.items));
  const [cats, products] = await Promise.all([
    ids.category.size ? db.selectFrom('categories').select(['id', 'path']).where('id', 'in', [...ids.category]).execute() : [],
    ids.product.size ? db.selectFrom('products').select(['id', 'slug']).where('id', 'in', [...ids.product]).where('status', '=', 'publish').execute() : [],
  ]);
  const catPath = new Map(cats.map((c) => [c.id, `/product-category/${c.path}`]));
  const productPath = new Map(products.map((p) => [p.id, `/product/${p.slug}`]));
  const href = (i: MenuItem): string | undefined => {
    if (i.kind === 'page') return `/${i.target}`;
    if (i.kind === 'url') return i.target;
    return (i.kind === 'category' ? catPath : productPath).get(i.targetId ?? 0);
  };
  // An item whose category or product is gone (or unpublished) is left out, with its children.
  const resolve = (items: MenuItem[]): ShellMenuItem[] =>
    items.flatMap((i) => {
      const h = href(i);
      return h === undefined ? [] : [{ id: String(i.id), label: i.label, href: h, megaColumns: i.megaColumns, prompt: i.prompt, children: resolve(i.children) }];
    });
  const byLocation = new Map(menus.map((m) => [m.location, resolve(m.items)]));
  const main = byLocation.get('main') ?? (await categoryMenu(db));
  return {
    main,
    // The mobile menu shows the main menu unless it has its own.
    mobile: byLocation.get('mobile') ?? main,
    top_bar: byLocation.get('top_bar') ?? [],
    // Empty: the footer lists the categories itself.
    footer: byLocation.get('footer') ?? [],
  };
}

/**
 * The menus the site's header and footer draw, by location, kept per store version (menu
 * writes move it: migration 015). A location without a saved menu shows the categories
 * (main; the footer's own list), the main menu (mobile) or nothing (top bar).
 */
export function shellMenus(db: DB): Promise<ShellMenus> {
  return cached(db, 'shell-menus', () => readShellMenus(db));
}
