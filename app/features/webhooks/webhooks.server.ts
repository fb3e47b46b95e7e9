import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { DB } from '../../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { checkAddress, FetchRefused } from '../../lib/safe-fetch.server.ts';
import type { Services, SessionUser } from '../../lib/services.server.ts';
import { nowIso } from '../../lib/time.ts';
import { parseInput, rowIdText } from '../../lib/validate.ts';
import { openSecret, sealSecret } from '../payments/secrets.server.ts';
import { deliverNow, webhookPolicy, type AttemptResult } from './delivery.server.ts';
import { PING_TOPIC, WEBHOOK_TOPICS } from './topics.ts';

/*
 * The webhooks' back office (/admin/webhooks, administrators): add, edit, delete, pause and
 * resume, the delivery log, "Send a test" and "Redeliver". A delivery address must be https
 * on the public internet, checked when saved (and again at every delivery, by the fetch
 * rules of app/lib/safe-fetch.server.ts): not this machine, a private network or cloud
 * metadata, not another scheme. Only development and tests may name this machine (over http).
 */

const URL_MESSAGE = 'Use an https:// address on the public internet (not this machine, a private network or another scheme)';

export const webhookSchema = z.object({
  name: z.string().trim().min(1, 'Give the webhook a name').max(100, 'At most 100 characters'),
  url: z.string().trim().min(1, 'Enter the delivery address').max(2000, 'At most 2,000 characters'),
  topic: z.enum(WEBHOOK_TOPICS, { message: 'Choose an event' }),
  secret: z
    .string()
    .trim()
    .max(200, 'At most 200 characters')
    .refine((s) => s === '' || s.length >= 16, 'At least 16 characters (or leave empty to have one made)')
    .optional(),
});

const invalidUrl = () => new HttpError(400, 'invalid', `url: ${URL_MESSAGE}`, { url: URL_MESSAGE });

/** Refuses an address the shop may not post to (400 naming `url`). */
export async function checkWebhookUrl(services: Pick<Services, 'config'>, url: string): Promise<string> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw invalidUrl();
  }
  const policy = webhookPolicy(services.config, parsed.href);
  const local = !!policy.allowPrivateHosts?.length;
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && local)) throw invalidUrl();
  try {
    await checkAddress(parsed.href, policy);
  } catch (err) {
    if (err instanceof FetchRefused) throw invalidUrl();
    throw err;
  }
  return parsed.href;
}

export interface WebhookRow {
  id: number;
  name: string;
  url: string;
  topic: string;
  status: string;
  pausedAt: string | null;
  failures: number;
  lastStatus: string | null;
  lastCode: number | null;
  lastAt: string | null;
}

export async function listWebhooks(db: DB): Promise<WebhookRow[]> {
  const hooks = await db.selectFrom('webhooks').selectAll().orderBy('id').execute();
  const out: WebhookRow[] = [];
  for (const h of hooks) {
    const last = await db.selectFrom('webhook_deliveries').select(['status', 'response_code', 'attempted_at']).where('webhook_id', '=', h.id).where('attempted_at', 'is not', null).orderBy('id', 'desc').limit(1).executeTakeFirst();
    out.push({ id: h.id, name: h.name, url: h.url, topic: h.topic, status: h.status, pausedAt: h.paused_at, failures: h.failures, lastStatus: last?.status ?? null, lastCode: last?.response_code ?? null, lastAt: last?.attempted_at ?? null });
  }
  return out;
}

export interface DeliveryRow {
  id: number;
  topic: string;
  resourceId: number;
  status: string;
  attempts: number;
  responseCode: number | null;
  error: string | null;
  durationMs: number | null;
  attemptedAt: string | null;
  nextAttemptAt: string;
  createdAt: string;
}

export interface WebhookDetail extends WebhookRow {
  secret: string;
  failingSince: string | null;
  deliveries: DeliveryRow[];
}

export async function getWebhook(services: Pick<Services, 'db' | 'config'>, id: number): Promise<WebhookDetail | null> {
  const h = await services.db.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst();
  if (!h) return null;
  const rows = await services.db.selectFrom('webhook_deliveries').selectAll().where('webhook_id', '=', id).orderBy('id', 'desc').limit(50).execute();
  const deliveries = rows.map((d) => ({
    id: d.id,
    topic: d.topic,
    resourceId: d.resource_id,
    status: d.status,
    attempts: d.attempts,
    responseCode: d.response_code,
    error: d.error,
    durationMs: d.duration_ms,
    attemptedAt: d.attempted_at,
    nextAttemptAt: d.next_attempt_at,
    createdAt: d.created_at,
  }));
  const last = deliveries.find((d) => d.attemptedAt);
  return {
    id: h.id,
    name: h.name,
    url: h.url,
    topic: h.topic,
    status: h.status,
    pausedAt: h.paused_at,
    failures: h.failures,
    failingSince: h.failing_since,
    lastStatus: last?.status ?? null,
    lastCode: last?.responseCode ?? null,
    lastAt: last?.attemptedAt ?? null,
    secret: openSecret(services, h.secret_sealed) ?? '',
    deliveries,
  };
}

const notFound = () => new HttpError(404, 'not_found', 'No such webhook (it may have been deleted).');
const newSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;

export async function createWebhook(services: Services, user: SessionUser, input: unknown): Promise<{ id: number; name: string }> {
  const data = parseInput(webhookSchema, input);
  const url = await checkWebhookUrl(services, data.url);
  const now = nowIso();
  const row = await services.db
    .insertInto('webhooks')
    .values({ name: data.name, url, topic: data.topic, secret_sealed: sealSecret(services, data.secret || newSecret()), created_by: user.id, created_at: now, updated_at: now })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
  return row;
}

export async function updateWebhook(services: Services, id: number, input: unknown): Promise<{ name: string }> {
  const data = parseInput(webhookSchema, input);
  const url = await checkWebhookUrl(services, data.url);
  const row = await services.db
    .updateTable('webhooks')
    .set({ name: data.name, url, topic: data.topic, updated_at: nowIso(), ...(data.secret ? { secret_sealed: sealSecret(services, data.secret) } : {}) })
    .where('id', '=', id)
    .returning('name')
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export async function deleteWebhook(db: DB, id: number): Promise<{ name: string }> {
  const row = await db.deleteFrom('webhooks').where('id', '=', id).returning('name').executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** Pauses, or resumes (its run of failures forgotten: waiting deliveries go out on the job's next turn). */
export async function setWebhookStatus(db: DB, id: number, status: 'active' | 'paused'): Promise<{ name: string }> {
  const now = nowIso();
  const row = await db
    .updateTable('webhooks')
    .set(status === 'active' ? { status, failures: 0, failing_since: null, paused_at: null, updated_at: now } : { status, paused_at: now, updated_at: now })
    .where('id', '=', id)
    .returning('name')
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** The same message again, as a new delivery (the log keeps the first), sent on the job's next turn. */
export async function redeliver(db: DB, webhookId: number, input: unknown): Promise<{ id: number }> {
  const { delivery } = parseInput(z.object({ delivery: rowIdText }), input);
  const d = await db.selectFrom('webhook_deliveries').selectAll().where('id', '=', delivery).where('webhook_id', '=', webhookId).executeTakeFirst();
  if (!d) throw new HttpError(404, 'not_found', 'No such delivery of this webhook.');
  const now = nowIso();
  return db
    .insertInto('webhook_deliveries')
    .values({ webhook_id: webhookId, topic: d.topic, resource_id: d.resource_id, payload: d.payload, next_attempt_at: now, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** "Send a test": a `ping` message delivered at once (also while paused), its result returned. */
export async function sendTest(services: Services, webhookId: number): Promise<AttemptResult> {
  const hook = await services.db.selectFrom('webhooks').select('id').where('id', '=', webhookId).executeTakeFirst();
  if (!hook) throw notFound();
  const now = nowIso();
  const row = await services.db
    .insertInto('webhook_deliveries')
    .values({ webhook_id: webhookId, topic: PING_TOPIC, resource_id: webhookId, next_attempt_at: now, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const result = await deliverNow(services, row.id);
  return result ?? { ok: false, status: null, error: 'not sent', durationMs: 0 };
}

/** A webhook id from the page's address, or 404. */
export function webhookId(raw: string | undefined): number {
  const id = z.coerce.number().int().min(1).max(2 ** 31 - 1).safeParse(raw);
  if (!id.success || !/^\d+$/.test(raw ?? '')) throw notFound();
  return id.data;
}
