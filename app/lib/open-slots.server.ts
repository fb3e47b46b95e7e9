import type { Services } from './services.server.ts';

/**
 * Things held open at once per key (the chat's sockets per visitor and per client address),
 * as opposed to a rate: a slot is taken when one opens and given back when it closes.
 * `createOpenSlots` counts in this process, enough for one node; with `REDIS_URL` set,
 * `sharedOpenSlots` counts across every node (app/lib/redis-shared.server.ts: one sorted set
 * per key, each member with an expiry its node renews, so a node that dies without closing
 * its sockets frees their slots within `SLOT_TTL_MS`), falling back to this process alone
 * while Redis is away.
 */
export interface OpenSlots {
  /** Takes a slot of `key` for `member` unless `limit` are held already (0 = no limit); true when taken. */
  take(key: string, member: string, limit: number): Promise<boolean>;
  /** Gives `member`'s slot of `key` back (nothing when it held none). */
  release(key: string, member: string): Promise<void>;
  /** How many slots of `key` are held now. */
  count(key: string): Promise<number>;
}

/** How long a slot lives in Redis without its node renewing it (renewed every third of it). */
export const SLOT_TTL_MS = 60_000;

export function createOpenSlots(): OpenSlots & { held: Map<string, Set<string>> } {
  const held = new Map<string, Set<string>>();
  return {
    held,
    async take(key, member, limit) {
      let set = held.get(key);
      if (set?.has(member)) return true;
      if (limit > 0 && (set?.size ?? 0) >= limit) return false;
      if (!set) held.set(key, (set = new Set()));
      set.add(member);
      return true;
    },
    async release(key, member) {
      const set = held.get(key);
      if (!set?.delete(member)) return;
      if (!set.size) held.delete(key);
    },
    async count(key) {
      return held.get(key)?.size ?? 0;
    },
  };
}

/**
 * The open-slot counter `name` of this app: across nodes through Redis when the app has it
 * (`services.shared`), else per process. Make one per name and keep it (as chatLimits does).
 */
export function sharedOpenSlots(services: Pick<Services, 'shared'>, name: string): OpenSlots {
  return services.shared ? services.shared.openSlots(name) : createOpenSlots();
}
