import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { readStoreVersion } from './store-version.server.ts';

/**
 * Values computed from store data (settings, products, zones, rates, coupons), kept while
 * the store version (store-version.server.ts) stays the same. Each lookup reads the version
 * first — one indexed single-row read — so a change committed by any process is seen by the
 * next lookup, never later. Inside a transaction nothing is cached: a transaction must see
 * its own writes and hold its own locks.
 *
 * Cached values are shared between requests: callers must not mutate them.
 */
interface Generation {
  version: string;
  born: number;
  entries: Map<string, Promise<unknown>>;
}

/** Past this many entries a generation starts over (a 100k catalog must not fill memory). */
const MAX_ENTRIES = 20_000;
/**
 * Prices also change with the clock (a scheduled sale starts or ends without any write):
 * nothing is kept longer than this.
 */
export const STORE_CACHE_MAX_AGE_MS = 60_000;

type Db = Kysely<Database>;
const caches = new WeakMap<object, Generation>();

function generation(db: Db, version: string): Generation {
  let gen = caches.get(db);
  const now = Date.now();
  if (!gen || gen.version !== version || gen.entries.size >= MAX_ENTRIES || now - gen.born > STORE_CACHE_MAX_AGE_MS) {
    gen = { version, born: now, entries: new Map() };
    caches.set(db, gen);
  }
  return gen;
}

export async function cached<T>(db: Db, key: string, load: () => Promise<T>): Promise<T> {
  if (db.isTransaction) return load();
  const gen = generation(db, await readStoreVersion(db));
  let entry = gen.entries.get(key) as Promise<T> | undefined;
  if (!entry) {
    entry = load();
    const entries = gen.entries;
    entries.set(key, entry);
    // A failed load is not remembered.
    entry.catch(() => entries.delete(key));
  }
  return entry;
}

/**
 * Several keys at once: those already cached are returned as they are, the rest are loaded
 * in one call (`loadMissing` answers a map of key → value; absent keys are remembered as
 * absent too).
 */
export async function cachedMany<T>(db: Db, keys: string[], loadMissing: (keys: string[]) => Promise<Map<string, T>>): Promise<Map<string, T>> {
  const out = new Map<string, T>();
  if (db.isTransaction) return loadMissing(keys);
  const gen = generation(db, await readStoreVersion(db));
  const missing = keys.filter((k) => !gen.entries.has(k));
  if (missing.length) {
    const batch = loadMissing(missing);
    const entries = gen.entries;
    for (const k of missing) {
      const one = batch.then((m) => m.get(k));
      entries.set(k, one);
      one.catch(() => entries.delete(k));
    }
  }
  for (const k of keys) {
    const value = (await gen.entries.get(k)) as T | undefined;
    if (value !== undefined) out.set(k, value);
  }
  return out;
}
