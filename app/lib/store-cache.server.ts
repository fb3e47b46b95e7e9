import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { readStoreVersion } from './store-version.server.ts';
import { readStockStamps } from './stock-stamps.server.ts';

/**
 * Values computed from store data (settings, products, zones, rates, coupons), kept while
 * the store version (store-version.server.ts) stays the same. Each lookup reads the version
 * first — one indexed single-row read — so a change committed by any process is seen by the
 * next lookup, never later. Inside a transaction nothing is cached: a transaction must see
 * its own writes and hold its own locks (it may only take values its caller lends it, see
 * lendCache).
 *
 * Cached values are shared between requests: callers must not mutate them.
 */
interface Generation {
  version: string;
  born: number;
  entries: Map<string, Promise<unknown>>;
  /** cachedMany's values by kind, then key; a settled value is read without awaiting. */
  spaces: Map<string, Map<string, Slot<unknown>>>;
  /** Entries in all spaces. */
  size: number;
}

interface Slot<T> {
  pending: Promise<T | undefined>;
  done: boolean;
  value?: T;
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
  if (!gen || gen.version !== version || gen.entries.size + gen.size >= MAX_ENTRIES || now - gen.born > STORE_CACHE_MAX_AGE_MS) {
    gen = { version, born: now, entries: new Map(), spaces: new Map(), size: 0 };
    caches.set(db, gen);
  }
  return gen;
}

export async function cached<T>(db: Db, key: string, load: () => Promise<T>): Promise<T> {
  if (db.isTransaction) return ((lent.get(db)?.entries.get(key) as Promise<T> | undefined) ?? load());
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
 * Several keys of one kind (`space`) at once: those already cached are returned as they
 * are, the rest are loaded in one call (`loadMissing` answers a map of key → value; absent
 * keys are remembered as absent too).
 */
/**
 * Values holding a product's stock: `productOf` names the product of a key and `of` the stock
 * version a value was read with (app/lib/stock-stamps.server.ts); a value whose product has
 * moved on since is loaded again, whatever the store version says.
 */
export interface StockStamped<T> {
  productOf: (key: string) => number;
  of: (value: T) => number;
  /**
   * Brings values whose product's stock version moved on up to date by reading their stock
   * alone (a stock version moves for stock, never for anything else a value holds); keys it
   * leaves out are loaded afresh. Without it, such values are loaded afresh.
   */
  refresh?: (stale: Map<string, T>) => Promise<Map<string, T>>;
  /**
   * The caller has reason to think the held values' stock moved on (a statement that checked
   * their stock version has just found it changed): with `refresh`, they are refreshed at once,
   * without reading their stock versions first — one statement instead of two.
   */
  suspect?: boolean;
}

export async function cachedMany<T>(
  db: Db,
  space: string,
  keys: readonly string[],
  loadMissing: (keys: string[]) => Promise<Map<string, T>>,
  stamped?: StockStamped<T>,
): Promise<Map<string, T>> {
  if (db.isTransaction) return loadMissing([...keys]);
  const gen = generation(db, await readStoreVersion(db));
  let slots = gen.spaces.get(space) as Map<string, Slot<T>> | undefined;
  if (!slots) gen.spaces.set(space, (slots = new Map()));
  // Values whose stock moved on since they were read (refreshed, or else loaded afresh).
  let stale: Map<string, T> | undefined;
  if (stamped) {
    const held = keys.filter((k) => slots.get(k)?.value !== undefined);
    if (held.length) {
      const suspect = stamped.suspect === true && stamped.refresh !== undefined;
      const now = suspect ? undefined : await readStockStamps(db, held.map(stamped.productOf));
      for (const k of held) {
        const slot = slots.get(k);
        if (slot?.value !== undefined && (now === undefined || now.get(stamped.productOf(k)) !== stamped.of(slot.value))) {
          if (stamped.refresh) (stale ??= new Map()).set(k, slot.value);
          slots.delete(k);
          gen.size--;
        }
      }
    }
  }
  const fill = (k: string, pending: Promise<T | undefined>) => {
    const slot: Slot<T> = { done: false, pending };
    pending.then(
      (value) => {
        slot.value = value;
        slot.done = true;
      },
      // A failed load is not remembered.
      () => {
        if (slots.get(k) === slot) slots.delete(k);
      },
    );
    slots.set(k, slot);
    gen.size++;
  };
  if (stale && stamped?.refresh) {
    const batch = stamped.refresh(stale);
    for (const k of stale.keys()) if (!slots.has(k)) fill(k, batch.then(async (found) => (found.has(k) ? found.get(k) : (await loadMissing([k])).get(k))));
  }
  let missing: string[] | undefined;
  for (const k of keys) if (!slots.has(k)) (missing ??= []).push(k);
  if (missing) {
    const batch = loadMissing(missing);
    for (const k of missing) fill(k, batch.then((found) => found.get(k)));
  }
  // Every slot is taken before anything is awaited (a failed load removes its slot).
  const wanted = keys.map((k) => slots.get(k)!);
  const out = new Map<string, T>();
  for (let i = 0; i < keys.length; i++) {
    const slot = wanted[i];
    const value = slot.done ? slot.value : await slot.pending;
    if (value !== undefined) out.set(keys[i], value);
  }
  return out;
}

/** Generations a transaction may read from (lendCache); never written through a transaction. */
const lent = new WeakMap<object, Generation>();

/**
 * Lets `trx` take what `cached` already holds for `outer` under `version` — the store version
 * its caller read for this request — instead of loading it again inside the transaction; what
 * is not held yet is loaded through `trx` and not kept. For a transaction that works from
 * store data its caller has already read outside it (checkout prices with the settings read
 * before, and with the shipping zones and methods, tax rates and coupons held with them; the
 * products' stock and prices are not lent, and a coupon's use limits are checked on its
 * locked row), never for one that changes store data. Nothing is read through `outer`: on
 * SQLite the transaction holds the one connection.
 */
export function lendCache(trx: Db, outer: Db, version: string): void {
  const gen = caches.get(outer);
  if (trx.isTransaction && gen && gen.version === version && Date.now() - gen.born <= STORE_CACHE_MAX_AGE_MS) lent.set(trx, gen);
}

/** Drops one entry of the current generation (a value found stale by its caller). */
export function forget(db: Db, key: string): void {
  caches.get(db)?.entries.delete(key);
}

/**
 * The values of these keys if every one is already loaded in the newest generation, with
 * that generation's version — without reading the current version. A caller must make sure
 * the version is still the current one where it uses them (the cart's one-statement add
 * checks it inside its own statement).
 */
export function peekMany<T>(db: Db, space: string, keys: readonly string[]): { version: string; values: Map<string, T> } | undefined {
  if (db.isTransaction) return undefined;
  const gen = caches.get(db);
  if (!gen || Date.now() - gen.born > STORE_CACHE_MAX_AGE_MS) return undefined;
  const slots = gen.spaces.get(space) as Map<string, Slot<T>> | undefined;
  if (!slots) return undefined;
  const values = new Map<string, T>();
  for (const k of keys) {
    const slot = slots.get(k);
    if (!slot?.done) return undefined;
    if (slot.value !== undefined) values.set(k, slot.value);
  }
  return { version: gen.version, values };
}
