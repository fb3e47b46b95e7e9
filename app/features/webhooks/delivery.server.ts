import { createHmac } from 'node:crypto';
import { t } from '../../i18n/t-emails.ts';
import type { DB } from '../../../db/client.ts';
import type { AppConfig } from '../../config/app-config.ts';
import { FetchRefused, safePost, type FetchPolicy } from '../../lib/safe-fetch.server.ts';
import { repeat } from '../../lib/repeat.server.ts';
import type { Services } from '../../lib/services.server.ts';
import { openSecret } from '../payments/secrets.server.ts';
import { readOrderJson } from '../orders/order-json.server.ts';
import { renderMail } from '../emails/layout.server.ts';
import { getSettings } from '../settings/settings.server.ts';
import { mailOrigin } from '../settings/origin.server.ts';
import { PING_TOPIC } from './topics.ts';

/*
 * The delivery job: every few seconds, the due deliveries of active webhooks are claimed
 * (one conditional UPDATE each, so with several nodes each delivery is sent by one), their
 * body built once from the shop's current data and kept, and POSTed signed:
 *
 *   Vitrine-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the secret>
 *
 * A 2xx answer delivers it. Anything else (another status, no answer, an address refused)
 * is tried again after a wait that doubles from a minute (up to 12 hours), at most
 * MAX_ATTEMPTS times. A webhook whose attempts have all failed for two days (and at least
 * five times) is paused and its administrators e-mailed; its waiting deliveries go out when
 * it is resumed.
 */

export const WEBHOOK_LIMITS = {
  pollMs: 5_000,
  timeoutMs: 10_000,
  /** How long a node holds a claimed delivery before another may take it (a node that died mid-send). */
  claimMs: 120_000,
  firstRetryMs: 60_000,
  maxRetryMs: 12 * 3_600_000,
  maxAttempts: 15,
  pauseAfterMs: 2 * 86_400_000,
  pauseAfterFailures: 5,
  /** The part of an answer's body kept in the log. */
  keptAnswer: 1_000,
  batch: 20,
} as const;

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/**
 * How a webhook's address may be reached: the public web on the FETCH_PORTS, like every
 * fetch the shop makes for someone. Only in development and tests may an address on this
 * machine (127.0.0.1, ::1, localhost) be used, on its own port, for a local receiver.
 */
export function webhookPolicy(config: Pick<AppConfig, 'mode' | 'fetchPorts'>, url: string): FetchPolicy {
  const base: FetchPolicy = { ports: config.fetchPorts, maxBytes: WEBHOOK_LIMITS.keptAnswer, timeoutMs: WEBHOOK_LIMITS.timeoutMs, maxRedirects: 0 };
  if (config.mode === 'production') return base;
  try {
    const u = new URL(url);
    const host = u.hostname.replace(/^\[(.*)\]$/, '$1');
    if (!LOOPBACK.has(host)) return base;
    return { ...base, ports: [u.port ? Number(u.port) : u.protocol === 'https:' ? 443 : 80], allowPrivateHosts: [host] };
  } catch {
    return base;
  }
}

export function signature(secret: string, unixSeconds: number, body: string): string {
  return `t=${unixSeconds},v1=${createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex')}`;
}

/** The `data` of a message: the order or product as the admin API gives it, the new customer. */
async function dataFor(db: DB, topic: string, id: number): Promise<unknown> {
  if (topic.startsWith('order.')) return (await readOrderJson(db, id)) ?? { id };
  if (topic.startsWith('product.')) {
    const p = await db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
    if (!p) return { id, deleted: true };
    return {
      id: p.id,
      name: p.name,
      slug: p.slug,
      sku: p.sku,
      type: p.type,
      status: p.status,
      catalogVisibility: p.catalog_visibility,
      regularPrice: p.regular_price,
      salePrice: p.sale_price,
      minPrice: p.min_price,
      maxPrice: p.max_price,
      manageStock: p.manage_stock === 1,
      stockQuantity: p.stock_quantity,
      stockStatus: p.stock_status,
      totalSales: p.total_sales,
      url: `/product/${p.slug}`,
      createdAt: p.created_at,
      updatedAt: p.updated_at,
      ...(topic === 'product.deleted' ? { deleted: true } : {}),
    };
  }
  if (topic === 'customer.created') {
    const u = await db.selectFrom('users').select(['id', 'email', 'name', 'role', 'created_at']).where('id', '=', id).executeTakeFirst();
    return u ? { id: u.id, email: u.email, name: u.name, role: u.role, createdAt: u.created_at } : { id };
  }
  return { webhookId: id, test: true };
}

interface Claimed {
  id: number;
  webhook_id: number;
  topic: string;
  resource_id: number;
  payload: string | null;
  attempts: number;
  created_at: string;
  url: string;
  secret_sealed: string;
}

/** Takes delivery `id` for this node, if it is still waiting and nobody holds it. */
async function claim(db: DB, id: number, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const res = await db
    .updateTable('webhook_deliveries')
    .set({ locked_until: new Date(now.getTime() + WEBHOOK_LIMITS.claimMs).toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', at)]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

async function claimed(db: DB, id: number): Promise<Claimed | undefined> {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhooks as w', 'w.id', 'd.webhook_id')
    .select(['d.id', 'd.webhook_id', 'd.topic', 'd.resource_id', 'd.payload', 'd.attempts', 'd.created_at', 'w.url', 'w.secret_sealed'])
    .where('d.id', '=', id)
    .executeTakeFirst();
}

export interface AttemptResult {
  ok: boolean;
  status: number | null;
  error: string | null;
  durationMs: number;
}

/** Sends one claimed delivery and records what happened (the delivery, and the webhook's run of failures). */
async function attempt(services: Services, d: Claimed, now: Date): Promise<AttemptResult> {
  const { db } = services;
  let payload = d.payload;
  if (payload === null) {
    payload = JSON.stringify({ topic: d.topic, resourceId: d.resource_id, createdAt: d.created_at, data: await dataFor(db, d.topic, d.topic === PING_TOPIC ? d.webhook_id : d.resource_id) });
  }
  const secret = openSecret(services, d.secret_sealed) ?? '';
  const started = performance.now();
  let status: number | null = null;
  let answer: string | null = null;
  let error: string | null = null;
  try {
    const res = await safePost(d.url, payload, {
      'content-type': 'application/json; charset=utf-8',
      'vitrine-signature': signature(secret, Math.floor(now.getTime() / 1000), payload),
      'vitrine-topic': d.topic,
      'vitrine-delivery': String(d.id),
      'vitrine-webhook': String(d.webhook_id),
    }, webhookPolicy(services.config, d.url));
    status = res.status;
    answer = res.body.slice(0, WEBHOOK_LIMITS.keptAnswer);
    if (status < 200 || status > 299) error = `answered ${status}`;
  } catch (err) {
    // The refusal's detail is the owner's own address: shown in their log only.
    error = err instanceof FetchRefused ? `not delivered: ${err.detail}` : String(err);
  }
  const durationMs = Math.round(performance.now() - started);
  const ok = error === null;
  const attempts = d.attempts + 1;
  const at = now.toISOString();
  const wait = Math.min(WEBHOOK_LIMITS.firstRetryMs * 2 ** (attempts - 1), WEBHOOK_LIMITS.maxRetryMs);
  await db
    .updateTable('webhook_deliveries')
    .set({
      payload,
      attempts,
      status: ok ? 'delivered' : attempts >= WEBHOOK_LIMITS.maxAttempts ? 'failed' : 'pending',
      next_attempt_at: ok ? at : new Date(now.getTime() + wait).toISOString(),
      locked_until: null,
      response_code: status,
      response_body: answer,
      error,
      duration_ms: durationMs,
      attempted_at: at,
      ...(ok ? { delivered_at: at } : {}),
    })
    .where('id', '=', d.id)
    .execute();
  if (ok) await db.updateTable('webhooks').set({ failures: 0, failing_since: null }).where('id', '=', d.webhook_id).where('failures', '>', 0).execute();
  else await recordFailure(services, d.webhook_id, now);
  return { ok, status, error, durationMs };
}

/** One more failed attempt; past two days and five failures in a row, the webhook is paused and its administrators told. */
async function recordFailure(services: Services, webhookId: number, now: Date): Promise<void> {
  const { db } = services;
  const at = now.toISOString();
  const row = await db
    .updateTable('webhooks')
    .set((eb) => ({ failures: eb('failures', '+', 1), failing_since: eb.fn.coalesce('failing_since', eb.val(at)) }))
    .where('id', '=', webhookId)
    .returning(['failures', 'failing_since', 'status'])
    .executeTakeFirst();
  if (!row || row.status !== 'active' || row.failures < WEBHOOK_LIMITS.pauseAfterFailures) return;
  if (now.getTime() - Date.parse(row.failing_since ?? at) < WEBHOOK_LIMITS.pauseAfterMs) return;
  const paused = await db
    .updateTable('webhooks')
    .set({ status: 'paused', paused_at: at, updated_at: at })
    .where('id', '=', webhookId)
    .where('status', '=', 'active')
    .returning(['id', 'name', 'url'])
    .executeTakeFirst();
  if (paused) await tellPaused(services, paused);
}

async function tellPaused(services: Services, hook: { id: number; name: string; url: string }): Promise<void> {
  const admins = await services.db.selectFrom('users').select('email').where('role', '=', 'admin').execute();
  if (!admins.length) return;
  const settings = await getSettings(services.db);
  const origin = await mailOrigin(services, 'the paused webhook e-mail');
  await services.mailer.send({
    to: admins.map((a) => a.email).join(', '),
    ...renderMail(settings, {
      subject: t('emails.webhookPaused.subject', { site_title: settings.storeName, name: hook.name }),
      heading: t('emails.webhookPaused.heading'),
      paragraphs: [t('emails.webhookPaused.intro', { name: hook.name, url: hook.url }), t('emails.webhookPaused.resume')],
      action: origin ? { label: t('emails.webhookPaused.action'), url: `${origin}/admin/webhooks/${hook.id}` } : undefined,
    }),
  });
}

/** Sends the deliveries due by `now` (those of active webhooks) that no other node holds; how many were tried. */
export async function deliverDue(services: Services, now: Date = new Date()): Promise<number> {
  const { db } = services;
  const at = now.toISOString();
  const due = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhooks as w', 'w.id', 'd.webhook_id')
    .select('d.id')
    .where('d.status', '=', 'pending')
    .where('d.next_attempt_at', '<=', at)
    .where('w.status', '=', 'active')
    .where((eb) => eb.or([eb('d.locked_until', 'is', null), eb('d.locked_until', '<', at)]))
    .orderBy('d.id')
    .limit(WEBHOOK_LIMITS.batch)
    .execute();
  let tried = 0;
  await Promise.all(
    due.map(async ({ id }) => {
      if (!(await claim(db, id, now))) return;
      const d = await claimed(db, id);
      if (!d) return;
      tried++;
      await attempt(services, d, now);
    }),
  );
  return tried;
}

/** Sends delivery `id` now, whatever its wait ("Send a test"); null when another node holds it or it is done. */
export async function deliverNow(services: Services, id: number, now: Date = new Date()): Promise<AttemptResult | null> {
  if (!(await claim(services.db, id, now))) return null;
  const d = await claimed(services.db, id);
  return d ? attempt(services, d, now) : null;
}

/** The delivery job, every few seconds on one node per period (or every node without Redis: claims keep it once). */
export function scheduleWebhookDelivery(services: Services): () => Promise<void> {
  return repeat(() => deliverDue(services), WEBHOOK_LIMITS.pollMs, (err) => services.log.error({ err }, 'webhook delivery failed'), 'webhook-delivery');
}
