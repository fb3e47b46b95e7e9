import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { DB } from '../../../db/client.ts';
import type { SessionUser } from '../../lib/services.server.ts';
import type { Role } from '../../lib/roles.ts';
import { HttpError } from '../../lib/http-error.ts';
import { nowIso } from '../../lib/time.ts';
import { parseInput, rowIdText } from '../../lib/validate.ts';
import { API_KEY_PERMISSIONS, type ApiKeyPermission } from './api-keys.ts';

/*
 * API keys for the admin JSON API (docs/API.md, "API keys"). An administrator makes one with
 * a description and a permission; the key (`vtk_` and 43 base64url characters) is shown once
 * and only its SHA-256 is stored. A request with `Authorization: Bearer vtk_…` acts as the
 * administrator who made the key, with that account's current role, limited by the key's
 * permission. The key is looked up in the database on every call (one indexed read), so a
 * revoked key, or one whose maker lost the role, stops working at once on every node.
 */

export { API_KEY_PERMISSIONS, type ApiKeyPermission } from './api-keys.ts';

const PREFIX = 'vtk_';
/** `vtk_` and 32 random bytes in base64url. */
const KEY_SHAPE = /^vtk_[A-Za-z0-9_-]{43}$/;
/** last_used_at moves at most this often, so a busy key costs no write per call. */
const LAST_USED_EVERY_MS = 60_000;

export interface ApiKeyAuth {
  id: number;
  permission: ApiKeyPermission;
  user: SessionUser;
}

export interface ApiKeyRow {
  id: number;
  description: string;
  permission: ApiKeyPermission;
  keyEnd: string;
  createdAt: string;
  lastUsedAt: string | null;
  owner: string;
}

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

export const createKeySchema = z.object({
  description: z.string().trim().min(1, 'Describe what the key is for').max(200, 'At most 200 characters'),
  permission: z.enum(API_KEY_PERMISSIONS, { message: 'Choose read or read/write' }),
});

/** Makes a key for `user`; the only time the key itself is known. */
export async function createApiKey(db: DB, user: SessionUser, input: unknown): Promise<{ id: number; key: string }> {
  const data = parseInput(createKeySchema, input);
  const key = `${PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await db
    .insertInto('api_keys')
    .values({ description: data.description, permission: data.permission, key_hash: hashKey(key), key_end: key.slice(-4), user_id: user.id, created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, key };
}

export async function listApiKeys(db: DB): Promise<ApiKeyRow[]> {
  const rows = await db
    .selectFrom('api_keys')
    .innerJoin('users', 'users.id', 'api_keys.user_id')
    .select(['api_keys.id', 'api_keys.description', 'api_keys.permission', 'api_keys.key_end', 'api_keys.created_at', 'api_keys.last_used_at', 'users.name', 'users.email'])
    .orderBy('api_keys.id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    description: r.description,
    permission: r.permission as ApiKeyPermission,
    keyEnd: r.key_end,
    createdAt: r.created_at,
    lastUsedAt: r.last_used_at,
    owner: r.name || r.email,
  }));
}

/** Deletes a key: the next call with it is refused, whichever node gets it. */
export async function revokeApiKey(db: DB, input: unknown): Promise<{ description: string }> {
  const { id } = parseInput(z.object({ id: rowIdText }), input);
  const row = await db.deleteFrom('api_keys').where('id', '=', id).returning('description').executeTakeFirst();
  if (!row) throw new HttpError(404, 'not_found', 'No such API key (it may have been revoked already).');
  return row;
}

const refused = (message: string) => new HttpError(401, 'invalid_api_key', message);

/**
 * The key an `Authorization` header names, or a 401 `invalid_api_key` saying what is wrong.
 * Only `Bearer vtk_…` is a key; the caller decides which other schemes to leave alone.
 */
export async function authenticateApiKey(db: DB, header: string, now = new Date()): Promise<ApiKeyAuth> {
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  if (!match) throw refused('The Authorization header must be "Bearer" followed by an API key (vtk_…).');
  const key = match[1]!;
  if (!KEY_SHAPE.test(key)) throw refused('This is not a Vitrine API key: keys start with vtk_ and have 47 characters.');
  const row = await db
    .selectFrom('api_keys')
    .innerJoin('users', 'users.id', 'api_keys.user_id')
    .select(['api_keys.id', 'api_keys.permission', 'api_keys.last_used_at', 'users.id as user_id', 'users.email', 'users.name', 'users.role'])
    .where('api_keys.key_hash', '=', hashKey(key))
    .executeTakeFirst();
  if (!row) throw refused('This API key is not valid: it was revoked or never existed.');
  if (!row.last_used_at || now.getTime() - Date.parse(row.last_used_at) >= LAST_USED_EVERY_MS) {
    await db.updateTable('api_keys').set({ last_used_at: now.toISOString() }).where('id', '=', row.id).execute();
  }
  return {
    id: row.id,
    permission: row.permission === 'read_write' ? 'read_write' : 'read',
    user: { id: row.user_id, email: row.email, name: row.name, role: row.role as Role },
  };
}
