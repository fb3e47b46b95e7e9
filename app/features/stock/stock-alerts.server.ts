import { sql } from 'kysely';
import type { Services } from '../../lib/services.server.ts';
import { inBackground } from '../../lib/background.server.ts';
import { composeEmail, emailRecipients, type ShopMail } from '../emails/compose.server.ts';
import { repeat } from '../../lib/repeat.server.ts';
import { nowIso } from '../../lib/time.ts';
import { BACK_OFFICE_STOCK } from '../../config/constants.ts';
import { mailOrigin } from '../settings/origin.server.ts';
import { getSettings } from '../settings/settings.server.ts';
import type { StoreSettings } from '../settings/settings.schema.ts';
import { variationLabel } from './stock-names.server.ts';

/*
 * Low-stock and out-of-stock e-mails to the shop. The stock log marks the row of a change
 * that crossed the line downwards (`alert`, stock-log.server.ts), in the writing transaction;
 * after the commit the writer kicks a run here, and a one-minute timer catches other
 * processes' writes (the import command, other server processes). A run claims marked rows
 * with a conditional UPDATE (`notified_at` was null), so of two runs only one mails a row:
 * one e-mail per crossing. Stock that comes back and falls again is a new crossing.
 */

const BATCH = 50;
const running = new WeakMap<object, { again: boolean }>();

/** Looks at the marked rows in the background after a write has committed; runs are not doubled. */
export function kickStockAlerts(services: Services): void {
  const state = running.get(services);
  if (state) {
    state.again = true;
    return;
  }
  const mine = { again: false };
  running.set(services, mine);
  inBackground(services, 'stock alerts', async () => {
    try {
      do {
        mine.again = false;
        await runStockAlerts(services);
      } while (mine.again);
    } finally {
      running.delete(services);
    }
  });
}

/** Every minute as well, for rows written by another process. */
export function scheduleStockAlerts(services: Services, everyMs: number = BACK_OFFICE_STOCK.alertsEveryMs): () => Promise<void> {
  return repeat(() => runStockAlerts(services), everyMs, (err) => services.log.error({ err }, 'stock alerts failed'), 'stock-alerts');
}

/** Who is told: the e-mail's own recipients, else the stock address, else the order notification address, else administrators and shop managers. */
async function recipients(services: Services, s: StoreSettings, out: boolean): Promise<string[]> {
  return emailRecipients(services.db, s, out ? 'no_stock' : 'low_stock', s.stockNotificationEmail);
}

/** Mails every marked row not yet mailed; answers how many crossings were told. */
export async function runStockAlerts(services: Services): Promise<number> {
  const { db } = services;
  let told = 0;
  for (;;) {
    // The partial index of migration 020 holds exactly these rows; its condition is written out to match it.
    const pending = await db.selectFrom('stock_log').select('id').where(sql.raw<boolean>('alert is not null and notified_at is null')).orderBy('id').limit(BATCH).execute();
    if (!pending.length) return told;
    const claimed = await db
      .updateTable('stock_log')
      .set({ notified_at: nowIso() })
      .where('id', 'in', pending.map((r) => r.id))
      .where('notified_at', 'is', null)
      .returning(['id', 'product_id', 'variation_id', 'quantity_after', 'alert'])
      .execute();
    if (claimed.length) {
      const s = await getSettings(db);
      const to = { low: await recipients(services, s, false), out: await recipients(services, s, true) };
      const origin = await mailOrigin(services, 'stock alert');
      const names = new Map((await db.selectFrom('products').select(['id', 'name']).where('id', 'in', [...new Set(claimed.map((r) => r.product_id))]).execute()).map((p) => [p.id, p.name]));
      for (const row of claimed.sort((a, b) => a.id - b.id)) {
        const product = names.get(row.product_id);
        if (!product) continue;
        const label = row.variation_id ? await variationLabel(db, row.variation_id) : null;
        const name = label ? `${product} (${label})` : product;
        const out = row.alert === 'out';
        const mail = composeStockEmail(s, origin, name, row.product_id, out, row.quantity_after);
        if (!mail) continue;
        for (const address of out ? to.out : to.low) {
          try {
            await services.mailer.send({ to: address, ...mail });
          } catch (err) {
            services.log.error({ err, stockLog: row.id }, 'stock alert e-mail failed');
          }
        }
        told++;
      }
    }
    if (pending.length < BATCH) return told;
  }
}

/** The low- or out-of-stock e-mail, for the send and the admin's preview and test (`ignoreSwitch`). */
export function composeStockEmail(s: StoreSettings, origin: string | null, name: string, productId: number, out: boolean, left: number | null, opts: { ignoreSwitch?: boolean } = {}): ShopMail | null {
  return composeEmail(
    s,
    out ? 'no_stock' : 'low_stock',
    {
      subject: `[${s.storeName}] ${out ? 'Product out of stock' : 'Product low in stock'}: ${name}`,
      heading: out ? 'Product out of stock' : 'Product low in stock',
      paragraphs: [out ? `${name} is out of stock.` : `${name} is low in stock. There ${left === 1 ? 'is 1' : `are ${left}`} left.`],
      action: origin ? { label: 'Open the product', url: `${origin}/admin/products/${productId}` } : undefined,
    },
    { product_name: name },
    opts,
  );
}
