import type { DB } from '../client.ts';
import { saveMenu } from '../../app/features/menus/menus.server.ts';
import { DEMO_CATEGORIES } from './demo-data.ts';
import { slugify } from '../../app/features/catalog/catalog-write.server.ts';

/**
 * The demo shop's menus: the main menu (Shop, each department with its categories — the first
 * as a mega menu — and a prompt item), and a top bar. The footer and mobile menu are left to
 * their fallbacks (the categories, the main menu).
 */
export async function seedDemoMenus(db: DB, categoryIds: Record<string, number>): Promise<void> {
  const idOf = (name: string) => {
    const entry = Object.entries(categoryIds).find(([path]) => path.split('/').at(-1) === slugify(name));
    if (!entry) throw new Error(`demo menus: no category ${name}`);
    return entry[1];
  };
  await saveMenu(db, 'main', {
    name: 'Main menu',
    items: [
      { label: 'Shop', kind: 'url', target: '/shop' },
      ...DEMO_CATEGORIES.map((dept, i) => ({
        label: dept.name,
        kind: 'category',
        targetId: idOf(dept.name),
        megaColumns: i === 0 ? (dept.children?.length ?? 0) : 0,
        children: (dept.children ?? []).map((c) => ({ label: c.name, kind: 'category', targetId: idOf(c.name) })),
      })),
      { label: 'New in', kind: 'url', target: '/shop?orderby=date', prompt: true },
    ],
  });
  await saveMenu(db, 'top_bar', {
    name: 'Top bar',
    items: [
      { label: 'Order tracking', kind: 'url', target: '/order-tracking' },
      { label: 'Contact us', kind: 'url', target: '/contact' },
    ],
  });
}
