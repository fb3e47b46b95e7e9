import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import type { DB } from '../../db/client.ts';
import { HttpError } from './http-error.ts';
import { repeat } from './repeat.server.ts';

/*
 * Idempotency-Key (docs/ARCHITECTURE.md, "Retries and idempotency"): a state-changing request
 * sent again with the same key by the same caller gets the first answer back and changes
 * nothing, on any node, for IDEMPOTENCY_TTL_MS. The rule, one for every route:
 *  - a key is 8–100 of letters, digits, `.`, `_`, `:`, `-` (else 400 `invalid`);
 *  - it belongs to its caller (cart token, cookies, else address): another caller's same key is
 *    another key;
 *  - the same key with another method, path or body: 422 `idempotency_conflict`;
 *  - the same key while its first request still runs: 409 `idempotency_key_in_flight`.
 * The checkout keeps its key on the order itself (app/features/orders/placement.server.ts):
 * same format, same codes, kept as long as the order.
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
const KEY_FORMAT = /^[\w.:-]{8,100}$/;

/** The key of a request (header, or the body's field for plain forms), checked; null when none. */
export function parseIdempotencyKey(raw: unknown): string | null {
  if (raw === undefined || raw === null || raw === '') return null;
  const key = typeof raw === 'string' ? raw.trim() : '';
  if (!KEY_FORMAT.test(key)) {
    throw new HttpError(400, 'invalid', 'The Idempotency-Key must be 8–100 letters, digits, . _ : or -.', { idempotency_key: 'Invalid key' });
  }
  return key;
}

export const keyReused = () =>
  new HttpError(422, 'idempotency_conflict', 'This Idempotency-Key was already used for a different request. Use a new key for a new action.');

export const keyInFlight = () =>
  new HttpError(409, 'idempotency_key_in_flight', 'A request with this Idempotency-Key is still being handled. Wait for its answer, or read the current state before trying a new action with a new key.', undefined, {
    'retry-after': '1',
  });

/** An answer as sent: status, the headers worth repeating, the (uncompressed) body. */
export interface StoredAnswer {
  status: number;
  headers: Record<string, string | string[]>;
  /** Base64 of the body's bytes. */
  body: string;
}

export type Begun = { state: 'new' } | { state: 'in_flight' } | { state: 'conflict' } | { state: 'done'; answer: StoredAnswer };

const sha = (text: string | Buffer) => createHash('sha256').update(text).digest('base64url');

/** The record of one caller's key: its id, and the secret its answer is sealed with. */
export interface KeyRecord {
  id: string;
  seal: Buffer;
}

export function keyRecord(secret: string, scope: string, key: string): KeyRecord {
  return { id: sha(`${scope}\n${key}`), seal: createHmac('sha256', secret).update(`idempotency:${scope}\n${key}`).digest() };
}

export const requestHash = (method: string, url: string, body: string | Buffer) => sha(Buffer.concat([Buffer.from(`${method} ${url}\n`), Buffer.from(body)]));

/** AES-256-GCM: iv, tag and ciphertext in base64url, dot-separated. */
export function sealAnswer(seal: Buffer, answer: StoredAnswer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', seal, iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(answer)), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
}

export function openAnswer(seal: Buffer, sealed: string): StoredAnswer | null {
  try {
    const [iv, tag, data] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
    const decipher = createDecipheriv('aes-256-gcm', seal, iv!);
    decipher.setAuthTag(tag!);
    return JSON.parse(Buffer.concat([decipher.update(data!), decipher.final()]).toString()) as StoredAnswer;
  } catch {
    return null;
  }
}

/** What a store keeps per id: the request's hash and, once answered, the sealed answer. */
export interface RawRecord {
  requestHash: string;
  answer: string | null;
}

/**
 * Where the records are kept (the database, or Redis shared by the nodes). `begin` claims an
 * id atomically: exactly one request is told `new`, the others find its record; `finish`
 * stores the answer; `release` forgets a claim whose request failed (a server error) so that
 * a repeat runs again.
 */
export interface IdempotencyStore {
  begin(id: string, requestHash: string): Promise<{ state: 'new' } | { state: 'found'; record: RawRecord }>;
  finish(id: string, status: number, sealed: string): Promise<void>;
  release(id: string): Promise<void>;
}

/**
 * Redis first, the database while Redis cannot be reached (as with the rate limits, Redis is
 * a helper, never a dependency of selling).
 */
export function withFallback(primary: IdempotencyStore, secondary: IdempotencyStore, onFail: (err: unknown) => void): IdempotencyStore {
  const either =
    <A extends unknown[], R>(f: (s: IdempotencyStore) => (...a: A) => Promise<R>) =>
    async (...a: A): Promise<R> => {
      try {
        return await f(primary)(...a);
      } catch (err) {
        onFail(err);
        return f(secondary)(...a);
      }
    };
  return { begin: either((s) => s.begin), finish: either((s) => s.finish), release: either((s) => s.release) };
}

/** Reads a claim's outcome for one request: new, still running, another request's, or answered. */
export async function beginWith(store: IdempotencyStore, record: KeyRecord, hash: string): Promise<Begun> {
  const begun = await store.begin(record.id, hash);
  if (begun.state === 'new') return begun;
  if (begun.record.requestHash !== hash) return { state: 'conflict' };
  if (begun.record.answer === null) return { state: 'in_flight' };
  const answer = openAnswer(record.seal, begun.record.answer);
  // Unreadable (another server secret): the same as running, never a second run.
  return answer ? { state: 'done', answer } : { state: 'in_flight' };
}

/** The records in the database (table idempotency_keys): shared by every node on it. */
export function databaseStore(db: DB): IdempotencyStore {
  const claim = async (id: string, requestHash: string) => {
    const now = new Date();
    const inserted = await db
      .insertInto('idempotency_keys')
      .values({ id, request_hash: requestHash, status: null, answer: null, created_at: now.toISOString(), expires_at: new Date(now.getTime() + IDEMPOTENCY_TTL_MS).toISOString() })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted !== undefined;
  };
  return {
    async begin(id, requestHash) {
      if (await claim(id, requestHash)) return { state: 'new' };
      const row = await db.selectFrom('idempotency_keys').select(['request_hash', 'answer', 'expires_at']).where('id', '=', id).executeTakeFirst();
      // Expired but not yet cleaned away: the key is free again.
      if (!row || row.expires_at <= new Date().toISOString()) {
        await db.deleteFrom('idempotency_keys').where('id', '=', id).where('expires_at', '<=', new Date().toISOString()).execute();
        if (await claim(id, requestHash)) return { state: 'new' };
        const again = await db.selectFrom('idempotency_keys').select(['request_hash', 'answer']).where('id', '=', id).executeTakeFirst();
        return { state: 'found', record: { requestHash: again?.request_hash ?? requestHash, answer: again?.answer ?? null } };
      }
      return { state: 'found', record: { requestHash: row.request_hash, answer: row.answer } };
    },
    async finish(id, status, sealed) {
      await db.updateTable('idempotency_keys').set({ status, answer: sealed }).where('id', '=', id).execute();
    },
    async release(id) {
      await db.deleteFrom('idempotency_keys').where('id', '=', id).where('answer', 'is', null).execute();
    },
  };
}

/** Removes the records past their 24 hours; answers how many. */
export async function removeExpiredKeys(db: DB, now: Date = new Date()): Promise<number> {
  const { numDeletedRows } = await db.deleteFrom('idempotency_keys').where('expires_at', '<=', now.toISOString()).executeTakeFirst();
  return Number(numDeletedRows);
}

/** Expired records go at start and then every hour (one node per period with Redis); returns the stop. */
export function scheduleKeyExpiry(db: DB, onError: (err: unknown) => void, everyMs = 3_600_000): () => Promise<void> {
  return repeat(() => removeExpiredKeys(db), everyMs, onError, 'idempotency-expiry');
}
