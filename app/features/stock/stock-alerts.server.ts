import { sql } from 'kysely';
import { plural, t } from '../../i18n/t-emails.ts';
import type { Services } from '../../lib/services.server.ts';
import { composeEmail, emailRecipients, type ShopMail } from '../emails/compose.server.ts';
import { nowIso } from '../../lib/time.ts';
import { BACK_OFFICE_STOCK } from '../../config/constants.ts';
import { mailOrigin } from '../settings/origin.server.ts';
import { alertPipeline, type AlertLetter } from '../alerts/alert-pipeline.server.ts';
import type { StoreSettings } from '../settings/settings.schema.ts';
import { variationLabel } from './stock-names.server.ts';

/*
 * Low-stock and out-of-stock e-mails to the shop. The stock log marks the row of a change
 * that crossed the line downwards (`alert`, stock-log.server.ts), in the writing transaction;
 * after the commit the writer kicks a run here, and a one-minute timer catches other
 * processes' writes (the import command, other server processes). A run claims marked rows
 * with a conditional UPDATE (`notified_at` was null), so of two runs only one mails a row:
 * one e-mail per crossing. Stock that comes back and falls again is a new crossing. The
 * kick, the timer, the claim and the sending are the alert pipeline's (alert-pipeline.server.ts);
 * a crossing whose e-mail the owner switched off stays unclaimed until it is switched on again.
 */

type Crossing = { id: number; product_id: number; variation_id: number | null; quantity_after: number | null; alert: 'low' | 'out' | null };

/** Each mark's e-mail, and back. */
const EMAIL_OF = { low: 'low_stock', out: 'no_stock' } as const;

const stockAlerts = alertPipeline<Crossing>({
  name: 'stock alerts',
  emails: Object.values(EMAIL_OF),
  batch: 50,
  everyMs: BACK_OFFICE_STOCK.alertsEveryMs,
  async claim({ db }, on, limit) {
    const marks = (Object.keys(EMAIL_OF) as (keyof typeof EMAIL_OF)[]).filter((mark) => on.has(EMAIL_OF[mark]));
    // The partial index of migration 020 holds exactly these rows; its condition is written out to match it.
    const pending = await db
      .selectFrom('stock_log')
      .select('id')
      .where(sql.raw<boolean>('alert is not null and notified_at is null'))
      .where('alert', 'in', marks)
      .orderBy('id')
      .limit(limit)
      .execute();
    if (!pending.length) return { news: [], more: false };
    const news = await db
      .updateTable('stock_log')
      .set({ notified_at: nowIso() })
      .where('id', 'in', pending.map((r) => r.id))
      .where('notified_at', 'is', null)
      .returning(['id', 'product_id', 'variation_id', 'quantity_after', 'alert'])
      .execute();
    return { news, more: pending.length === limit };
  },
  async letters(services, s, claimed) {
    const { db } = services;
    const to = { low: await recipients(services, s, false), out: await recipients(services, s, true) };
    const origin = await mailOrigin(services, 'stock alert');
    const names = new Map((await db.selectFrom('products').select(['id', 'name']).where('id', 'in', [...new Set(claimed.map((r) => r.product_id))]).execute()).map((p) => [p.id, p.name]));
    const letters: AlertLetter[] = [];
    for (const row of claimed.sort((a, b) => a.id - b.id)) {
      const product = names.get(row.product_id);
      if (!product) continue;
      const label = row.variation_id ? await variationLabel(db, row.variation_id) : null;
      const name = label ? `${product} (${label})` : product;
      const out = row.alert === 'out';
      letters.push({ to: out ? to.out : to.low, mail: composeStockEmail(s, origin, name, row.product_id, out, row.quantity_after), context: { stockLog: row.id } });
    }
    return letters;
  },
});

/** Looks at the marked rows in the background after a write has committed; runs are not doubled. */
export const kickStockAlerts = (services: Services): void => stockAlerts.kick(services);

/** Every minute as well, for rows written by another process. */
export const scheduleStockAlerts = (services: Services, everyMs?: number): (() => Promise<void>) => stockAlerts.schedule(services, everyMs);

/** Mails every marked row not yet mailed whose e-mail is on; answers how many crossings were told. */
export const runStockAlerts = (services: Services): Promise<number> => stockAlerts.run(services);

/** Who is told: the e-mail's own recipients, else the stock address, else the order notification address, else administrators and shop managers. */
async function recipients(services: Services, s: StoreSettings, out: boolean): Promise<string[]> {
  return emailRecipients(services.db, s, out ? 'no_stock' : 'low_stock', s.stockNotificationEmail);
}

/** The low- or out-of-stock e-mail, for the send and the admin's preview and test (`ignoreSwitch`). */
export function composeStockEmail(s: StoreSettings, origin: string | null, name: string, productId: number, out: boolean, left: number | null, opts: { ignoreSwitch?: boolean } = {}): ShopMail | null {
  return composeEmail(
    s,
    out ? 'no_stock' : 'low_stock',
    {
      subject: t(out ? 'emails.noStock.subject' : 'emails.lowStock.subject', { site_title: s.storeName, product_name: name }),
      heading: t(out ? 'emails.noStock.heading' : 'emails.lowStock.heading'),
      paragraphs: [
        out ? t('emails.noStock.intro', { product_name: name }) : left === null ? t('emails.lowStock.intro', { product_name: name }) : plural('emails.lowStock.left', left, { product_name: name }),
      ],
      action: origin ? { label: t('emails.stock.action'), url: `${origin}/admin/products/${productId}` } : undefined,
    },
    { product_name: name },
    opts,
  );
}
