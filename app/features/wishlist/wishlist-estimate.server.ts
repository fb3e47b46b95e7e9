import type { Services } from '../../lib/services.server.ts';
import { mailOrigin } from '../settings/origin.server.ts';
import { HttpError } from '../../lib/http-error.ts';
import { parseInput } from '../../lib/validate.ts';
import { nowIso } from '../../lib/time.ts';
import { formatPrice } from '../../lib/money.ts';
import { composeEmail, emailRecipients, type ShopMail } from '../emails/compose.server.ts';
import { sharedRateLimiter, type RateLimiter } from '../../lib/rate-limit.server.ts';
import { getSettings } from '../settings/settings.server.ts';
import type { StoreSettings } from '../settings/settings.schema.ts';
import { t } from '../../i18n/t-wishlist.ts';
import { ESTIMATES_PER_WINDOW, ESTIMATE_WINDOW_MS, estimateSchema, tokenSchema } from './wishlist.schema.ts';
import { ownedList, ownerKeyOf, type WishlistCaller } from './wishlist-store.server.ts';
import { listItems } from './wishlist-view.server.ts';

// One limiter per running app (tests build many apps in one process).
const limiters = new WeakMap<Services, RateLimiter>();
function limiterFor(services: Services): RateLimiter {
  let l = limiters.get(services);
  if (!l) limiters.set(services, (l = sharedRateLimiter(services, 'wishlist-estimate', ESTIMATES_PER_WINDOW, ESTIMATE_WINDOW_MS)));
  return l;
}

/** The extra estimate fields the shop asks for, from the settings (one label per line). */
export function estimateExtraFields(text: string): string[] {
  return text.split('\n').map((s) => s.trim()).filter(Boolean).slice(0, 5);
}

/**
 * An estimate request for one of the caller's lists: validated, limited per client address
 * and per e-mail address, stored first, then e-mailed to the shop with the list and
 * confirmed to the shopper. A failed delivery is logged; the request stays stored.
 */
export async function askEstimate(
  services: Services,
  caller: WishlistCaller,
  token: string,
  input: unknown,
  clientIp: string,
  /** The request's own origin, only when it may be believed (RequestContext.requestOrigin). */
  requestOrigin: string | null,
): Promise<{ result: 'sent' | 'stored'; message: string; id: number }> {
  const settings = await getSettings(services.db);
  if (!settings.wishlistEstimates) throw new HttpError(404, 'not_found', t('wishlist.estimateOff'));
  const data = parseInput(estimateSchema, input);
  const list = await ownedList(services.db, ownerKeyOf(caller), parseInput(tokenSchema, token));
  const { items } = await listItems(services.db, list, 1, 1000);
  if (items.length === 0) throw new HttpError(409, 'empty_list', t('wishlist.estimateEmpty'));
  const limiter = limiterFor(services);
  const wait = Math.max(await limiter.hit(`ip:${clientIp}`), await limiter.hit(`email:${data.email}`));
  if (wait > 0) throw new HttpError(429, 'rate_limited', t('wishlist.estimateTooMany'), undefined, { 'retry-after': String(wait) });
  const allowed = estimateExtraFields(settings.wishlistEstimateFields);
  const extra = Object.fromEntries(allowed.map((label) => [label, data.extra?.[label] ?? '']).filter(([, v]) => v));
  const lines = items.map((i) => ({
    name: i.variationLabel ? `${i.name} (${i.variationLabel})` : i.name,
    quantity: i.quantity,
    price: i.price,
  }));
  const row = await services.db
    .insertInto('wishlist_estimates')
    .values({
      wishlist_id: list.id,
      user_id: caller.userId,
      name: data.name,
      email: data.email,
      message: data.message,
      items: JSON.stringify(lines),
      extra: JSON.stringify(extra),
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  // Links only from a trusted origin (app/features/settings/origin.server.ts); without one, none.
  const base = await mailOrigin(services, 'wishlist estimate', requestOrigin);
  try {
    const { shop, copy } = composeEstimateEmails(settings, base, { name: data.name, email: data.email, message: data.message }, extra, list, lines);
    if (shop) for (const to of await emailRecipients(services.db, settings, 'wishlist_estimate')) await services.mailer.send({ to, ...shop });
    if (copy) await services.mailer.send({ to: data.email, ...copy });
    await services.db.updateTable('wishlist_estimates').set({ mail_sent: 1 }).where('id', '=', row.id).execute();
    return { result: 'sent', message: t('wishlist.estimateSent'), id: row.id };
  } catch (err) {
    services.log.error({ err, estimate: row.id }, 'estimate request e-mail failed');
    return { result: 'stored', message: t('wishlist.estimateStored'), id: row.id };
  }
}

/** The estimate request to the shop and its copy to the shopper, for the send and the admin's preview and test (`ignoreSwitch`). */
export function composeEstimateEmails(
  settings: StoreSettings,
  base: string | null,
  data: { name: string; email: string; message: string },
  extra: Record<string, string>,
  list: { name: string; token: string },
  lines: { quantity: number; name: string; price: number | null }[],
  opts: { ignoreSwitch?: boolean } = {},
): { shop: ShopMail | null; copy: ShopMail | null } {
  const values = { customer_name: data.name, list_name: list.name };
  const paragraphs = [
    t('wishlist.estimateFrom', { name: data.name, email: data.email }),
    ...(data.message ? [data.message] : []),
    ...Object.entries(extra).map(([k, v]) => `${k}: ${v}`),
    ...lines.map((l) => `${l.quantity} × ${l.name}${l.price === null ? '' : ` — ${formatPrice(l.price, settings)}`}`),
  ];
  const shop = composeEmail(
    settings,
    'wishlist_estimate',
    {
      subject: t('wishlist.estimateSubject', { name: data.name }),
      heading: t('wishlist.estimateHeading', { list: list.name }),
      paragraphs,
      ...(base ? { action: { label: list.name, url: `${base}/wishlist/view/${list.token}` } } : {}),
    },
    values,
    opts,
  );
  const copy = composeEmail(
    settings,
    'wishlist_estimate_copy',
    {
      subject: t('wishlist.estimateConfirmSubject'),
      heading: t('wishlist.estimateConfirmHeading', { name: data.name }),
      paragraphs: [t('wishlist.estimateConfirmBody', { list: list.name }), ...lines.map((l) => `${l.quantity} × ${l.name}`)],
    },
    values,
    opts,
  );
  return { shop, copy };
}
