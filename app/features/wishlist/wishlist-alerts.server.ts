import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { DB } from '../../../db/client.ts';
import type { Services } from '../../lib/services.server.ts';
import { HttpError } from '../../lib/http-error.ts';
import { formatPrice } from '../../lib/money.ts';
import { composeEmail, type ShopMail } from '../emails/compose.server.ts';
import type { StoreSettings } from '../settings/settings.schema.ts';
import { mailOrigin } from '../settings/origin.server.ts';
import { alertPipeline, type AlertLetter } from '../alerts/alert-pipeline.server.ts';
import { loadPurchasables } from '../cart/lines.server.ts';
import { t } from '../../i18n/t-wishlist.ts';
import { listUrl } from './wishlist-store.server.ts';

/*
 * Price-drop and back-in-stock e-mails for the lists whose owner asked for them.
 *
 * 1. A catalog write that may change a price or a stock status (recomputeProducts: the
 *    importer, orders taking or returning stock, scheduled sales) queues the products that
 *    are in some wishlist, in its own transaction: the write costs one small INSERT … SELECT.
 * 2. After it commits, the queue is read in the background (kickWishlistAlerts, and every
 *    minute in case another process wrote): each queued product's items are compared with
 *    the price and stock status last seen for them. An item whose price fell below the one
 *    last seen, or that was out of stock and no longer is, is an alert; what was seen is
 *    then recorded with a conditional UPDATE, so two runs cannot both claim the same change
 *    (at most one e-mail per item per change). A rise is recorded silently, so the next
 *    fall is news again.
 * 3. One e-mail per list, to the account that owns it, with a token link that turns the
 *    list's alerts off without signing in (a page with a confirm button, and RFC 8058
 *    one-click List-Unsubscribe headers for mail programs).
 *
 * The kick, the timer, the batches and the sending are the alert pipeline's
 * (app/features/alerts/alert-pipeline.server.ts). While the owner has the e-mail switched off
 * the queue is left alone, so the changes go out once it is switched on again.
 */

export interface AlertChange {
  kind: 'price' | 'stock';
  name: string;
  price: number | null;
  was: number | null;
}

/** A list's news of one run. */
interface ListNews {
  listId: number;
  changes: AlertChange[];
}

const wishlistAlerts = alertPipeline<ListNews>({
  name: 'wishlist alerts',
  emails: ['wishlist_alert'],
  batch: 200,
  everyMs: 60_000,
  async claim({ db }, _on, limit) {
    const queued = (await db.selectFrom('wishlist_alert_queue').select('product_id').orderBy('product_id').limit(limit).execute()).map((r) => r.product_id);
    if (queued.length === 0) return { news: [], more: false };
    await db.deleteFrom('wishlist_alert_queue').where('product_id', 'in', queued).execute();
    return { news: await checkProducts(db, queued), more: queued.length === limit };
  },
  async letters(services, settings, news) {
    const base = await mailOrigin(services, 'wishlist alert');
    // Without a trusted address there is no unsubscribe link, so no alert goes out (the error is logged).
    if (!base) return [];
    const letters: AlertLetter[] = [];
    for (const { listId, changes } of news) {
      try {
        const letter = await listLetter(services.db, settings, base, listId, changes);
        if (letter) letters.push(letter);
      } catch (err) {
        services.log.error({ err, wishlist: listId }, 'wishlist alert e-mail failed');
      }
    }
    return letters;
  },
});

/**
 * Looks at the queue after a write has committed, in the background (the caller answers
 * first). Runs are not doubled: a kick during a run makes that run go round once more.
 */
export const kickWishlistAlerts = (services: Services): void => wishlistAlerts.kick(services);

/** Also once a minute, for writes made by another process (the import command, checkout workers). */
export const scheduleWishlistAlerts = (services: Services, everyMs?: number): (() => Promise<void>) => wishlistAlerts.schedule(services, everyMs);

/** Drains the queue (left alone while the owner has the e-mail switched off); returns how many alert e-mails went out. */
export const runWishlistAlerts = (services: Services): Promise<number> => wishlistAlerts.run(services);

/** Compares the queued products' items with what was last seen, claims each change, and answers the news by list. */
async function checkProducts(db: DB, productIds: number[]): Promise<ListNews[]> {
  const rows = await db
    .selectFrom('wishlist_items as wi')
    .innerJoin('wishlists as w', 'w.id', 'wi.wishlist_id')
    .select(['wi.id', 'wi.wishlist_id', 'wi.product_id', 'wi.variation_id', 'wi.seen_price', 'wi.seen_stock', 'w.alerts', 'w.user_id'])
    .where('wi.product_id', 'in', productIds)
    .orderBy('wi.id')
    .execute();
  if (rows.length === 0) return [];
  const now = await loadPurchasables(db, rows.map((r) => ({ productId: r.product_id, variationId: r.variation_id })));
  const byList = new Map<number, AlertChange[]>();
  for (const r of rows) {
    const p = now.get(`${r.product_id}:${r.variation_id ?? ''}`);
    if (!p) continue;
    const changes: AlertChange[] = [];
    if (p.price !== r.seen_price) {
      const claimed = await db
        .updateTable('wishlist_items')
        .set({ seen_price: p.price })
        .where('id', '=', r.id)
        .where(r.seen_price === null ? sql<boolean>`seen_price IS NULL` : sql<boolean>`seen_price = ${r.seen_price}`)
        .executeTakeFirst();
      const dropped = p.price !== null && r.seen_price !== null && p.price < r.seen_price;
      if (dropped && Number(claimed.numUpdatedRows) === 1 && p.status === 'publish') changes.push({ kind: 'price', name: p.name, price: p.price, was: r.seen_price });
    }
    if (p.stockStatus !== r.seen_stock) {
      const claimed = await db
        .updateTable('wishlist_items')
        .set({ seen_stock: p.stockStatus })
        .where('id', '=', r.id)
        .where(r.seen_stock === null ? sql<boolean>`seen_stock IS NULL` : sql<boolean>`seen_stock = ${r.seen_stock}`)
        .executeTakeFirst();
      const back = r.seen_stock === 'outofstock' && p.stockStatus !== 'outofstock';
      if (back && Number(claimed.numUpdatedRows) === 1 && p.status === 'publish') changes.push({ kind: 'stock', name: p.name, price: p.price, was: null });
    }
    // Only lists whose owner asked, and only accounts (a guest has no address).
    if (changes.length && r.alerts === 1 && r.user_id !== null) byList.set(r.wishlist_id, [...(byList.get(r.wishlist_id) ?? []), ...changes]);
  }
  return [...byList].map(([listId, changes]) => ({ listId, changes }));
}

/** One list's e-mail, to the account that owns it, with the one-click unsubscribe headers; null when its alerts were turned off meanwhile. */
async function listLetter(db: DB, settings: StoreSettings, base: string, listId: number, changes: AlertChange[]): Promise<AlertLetter | null> {
  const list = await db
    .selectFrom('wishlists as w')
    .innerJoin('users as u', 'u.id', 'w.user_id')
    .select(['w.id', 'w.name', 'w.token', 'w.alerts', 'w.alerts_token', 'u.email'])
    .where('w.id', '=', listId)
    .executeTakeFirst();
  if (!list || list.alerts !== 1) return null;
  const alertsToken = list.alerts_token ?? (await ensureAlertsToken(db, list.id));
  const price = (minor: number | null) => (minor === null ? '' : formatPrice(minor, settings));
  const lines = changes.map((c) =>
    c.kind === 'price' ? t('wishlist.alertPriceLine', { product: c.name, price: price(c.price), was: price(c.was) }) : t('wishlist.alertStockLine', { product: c.name }),
  );
  const unsubscribe = `${base}${alertsUrl(alertsToken)}`;
  const oneClick = `${base}/api/wishlist/alerts/${alertsToken}/unsubscribe`;
  return {
    to: [list.email],
    mail: composeWishlistAlertEmail(settings, list.name, lines, `${base}${listUrl(list.token)}`, unsubscribe),
    extra: { kind: 'account', headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } },
    context: { wishlist: listId },
  };
}

/** The wishlist alert, for the send and the admin's preview and test (`ignoreSwitch`). */
export function composeWishlistAlertEmail(settings: StoreSettings, listName: string, lines: string[], listLink: string, unsubscribe: string, opts: { ignoreSwitch?: boolean } = {}): ShopMail | null {
  return composeEmail(
    settings,
    'wishlist_alert',
    {
      subject: t('wishlist.alertSubject', { list: listName }),
      heading: t('wishlist.alertHeading', { list: listName }),
      paragraphs: lines,
      action: { label: t('wishlist.alertView'), url: listLink },
      footer: t('wishlist.alertFooter', { url: unsubscribe }),
    },
    { list_name: listName },
    opts,
  );
}

async function ensureAlertsToken(db: DB, listId: number): Promise<string> {
  await db.updateTable('wishlists').set({ alerts_token: randomBytes(18).toString('base64url') }).where('id', '=', listId).where('alerts_token', 'is', null).execute();
  return (await db.selectFrom('wishlists').select('alerts_token').where('id', '=', listId).executeTakeFirstOrThrow()).alerts_token!;
}

export const alertsUrl = (alertsToken: string) => `/wishlist/alerts/${alertsToken}`;

const TOKEN = /^[A-Za-z0-9_-]{20,64}$/;

/** The list an unsubscribe token names (its name and whether alerts are on); anything else is 404. */
export async function alertsByToken(db: DB, token: string): Promise<{ name: string; alerts: boolean }> {
  const row = TOKEN.test(token) ? await db.selectFrom('wishlists').select(['name', 'alerts']).where('alerts_token', '=', token).executeTakeFirst() : undefined;
  if (!row) throw new HttpError(404, 'not_found', t('wishlist.notFound'));
  return { name: row.name, alerts: row.alerts === 1 };
}

/** Turns the list's alerts off by its unsubscribe token (no login: the token is the key). */
export async function unsubscribeAlerts(db: DB, token: string): Promise<{ name: string; alerts: false; message: string }> {
  const { name } = await alertsByToken(db, token);
  await db.updateTable('wishlists').set({ alerts: 0 }).where('alerts_token', '=', token).execute();
  return { name, alerts: false, message: t('wishlist.alertsOff', { list: name }) };
}
