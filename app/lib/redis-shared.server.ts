import { hostname } from 'node:os';
import type { Logger } from 'pino';
import { createClient } from 'redis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { createRateLimiter, type RateLimiter } from './rate-limit.server.ts';
import { createOpenSlots, SLOT_TTL_MS, type OpenSlots } from './open-slots.server.ts';
import { IDEMPOTENCY_TTL_MS, type IdempotencyStore, type RawRecord } from './idempotency.server.ts';

/*
 * What several Vitrine processes share through Redis when `REDIS_URL` is set
 * (docs/ARCHITECTURE.md, "Several nodes"): rate limits (rate-limiter-flexible's Redis
 * store, one fixed window per limiter and key) and the background jobs' turns (a key set
 * with NX and an expiry: the node that sets it runs the job for that period) and the
 * Idempotency-Key records (app/lib/idempotency.server.ts; keys with the 24-hour expiry). Sessions,
 * carts, orders and the cache versions stay in the database.
 *
 * Redis is a helper, never a dependency of selling: while it cannot be reached, each limiter
 * counts in this process alone and each job runs here (the jobs are safe to run on several
 * nodes at once, as with WORKERS), with one warning per outage; when Redis answers again,
 * both are shared again.
 */

/** Longest a limiter waits for Redis before counting here instead (the default of REDIS_TIMEOUT_MS). */
export const REDIS_TIMEOUT_MS = 500;

/*
 * Takes a slot of a sorted set (KEYS[1]) for a member: expired members (score = expiry, ms)
 * are dropped first; a member already there is renewed; a new one is added below the limit.
 * ARGV: now, expiry, member, limit (0 = none), the key's own expiry (ms). Answers 1 or 0.
 */
const TAKE_SLOT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
local limit = tonumber(ARGV[4])
if not redis.call('ZSCORE', KEYS[1], ARGV[3]) and limit > 0 and redis.call('ZCARD', KEYS[1]) >= limit then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1`;

export interface SharedState {
  /** A limiter counting `limit` hits per `windowMs` per key across every node. */
  limiter(name: string, limit: number, windowMs: number): RateLimiter;
  /** Slots held open at once per key across every node (app/lib/open-slots.server.ts). */
  openSlots(name: string): OpenSlots;
  /** Whether this node takes the job `name` for the period starting now (true when Redis is away). */
  takeJob(name: string, everyMs: number): Promise<boolean>;
  /** Idempotency-Key records; each call throws while Redis cannot be reached (the caller uses the database). */
  idempotency: IdempotencyStore;
  /** Whether Redis answers now. */
  readonly ready: boolean;
  /** Another Redis client of this process (the chat's): its outages join this one's log lines. */
  watch(client: RedisEvents): void;
  close(): Promise<void>;
}

/** What outageLog needs of a Redis client: its connection events. */
export interface RedisEvents {
  on(event: 'error' | 'ready', listener: (err?: unknown) => void): unknown;
}

/**
 * One warning when Redis goes away and one line when it is back, for every Redis client of
 * a process together: a client emits an error on every reconnect attempt (several a second,
 * each with a stack), which would bury the log exactly when someone reads it. The outage ends
 * when every client that failed is ready again.
 */
export function outageLog(log: Logger, downMessage: string, upMessage: string) {
  const failing = new Set<object>();
  let closed = false;
  const failed = (who: object, err: unknown) => {
    if (closed) return;
    if (!failing.size) log.warn({ err: err instanceof Error ? err.message : String(err) }, downMessage);
    failing.add(who);
  };
  const recovered = (who: object) => {
    if (!failing.delete(who) || failing.size || closed) return;
    log.info(upMessage);
  };
  return {
    failed,
    recovered,
    watch(client: RedisEvents) {
      client.on('error', (err) => failed(client, err));
      client.on('ready', () => recovered(client));
    },
    close() {
      closed = true;
    },
  };
}

export function connectShared(url: string, prefix: string, log: Logger, options: { timeoutMs?: number } = {}): SharedState {
  const timeoutMs = options.timeoutMs ?? REDIS_TIMEOUT_MS;
  const node = `${hostname()}:${process.pid}`;
  const client = createClient({
    url,
    // Commands fail at once while disconnected (the caller falls back) instead of queueing.
    disableOfflineQueue: true,
    socket: { connectTimeout: 2_000, reconnectStrategy: (retries: number) => Math.min(100 + retries * 200, 2_000) },
  });
  const outage = outageLog(
    log,
    'Redis unreachable: rate limits count per process, background jobs run on every node and chat messages reach this node only, until it returns',
    'Redis reachable again: rate limits and background jobs are shared again',
  );
  // A command that failed or timed out also starts an outage (the client may not notice one).
  const commands = {};
  const wentDown = (err: unknown) => outage.failed(commands, err);
  outage.watch(client);
  client.on('ready', () => outage.recovered(commands));
  // Not awaited: a node starts (and sells) without Redis; the client keeps trying. The first
  // limiter hits and job turns wait a moment for it (every node's first job run comes at start).
  client.connect().catch(wentDown);
  let contacted = false;
  const firstContact = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 2_000);
    client.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  }).then(() => {
    contacted = true;
  });
  const settled = () => (contacted || client.isReady ? undefined : firstContact);
  const timers: NodeJS.Timeout[] = [];

  const withTimeout = <T>(p: Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('Redis did not answer in time')), timeoutMs);
      p.then(
        (v) => {
          clearTimeout(timer);
          resolve(v);
        },
        (e: unknown) => {
          clearTimeout(timer);
          reject(e);
        },
      );
    });

  return {
    get ready() {
      return client.isReady;
    },
    limiter(name, limit, windowMs) {
      const local = createRateLimiter(limit, windowMs);
      const shared = new RateLimiterRedis({
        storeClient: client,
        useRedisPackage: true,
        keyPrefix: `${prefix}:rl:${name}`,
        points: limit,
        duration: Math.max(1, Math.ceil(windowMs / 1000)),
        rejectIfRedisNotReady: true,
      });
      return {
        async hit(key) {
          await settled();
          if (client.isReady) {
            try {
              await withTimeout(shared.consume(key));
              outage.recovered(commands);
              return 0;
            } catch (err) {
              if (err instanceof RateLimiterRes) {
                outage.recovered(commands);
                return Math.max(1, Math.ceil(err.msBeforeNext / 1000));
              }
              wentDown(err);
            }
          }
          return local.hit(key);
        },
        async peek(key) {
          await settled();
          if (client.isReady) {
            try {
              const res = await withTimeout(shared.get(key));
              return res && res.consumedPoints >= limit ? Math.max(1, Math.ceil(res.msBeforeNext / 1000)) : 0;
            } catch (err) {
              wentDown(err);
            }
          }
          return local.peek(key);
        },
        async reset(key) {
          await local.reset(key);
          if (client.isReady) await withTimeout(shared.delete(key)).catch(wentDown);
        },
      };
    },
    openSlots(name) {
      // This node's slots, counted here while Redis is away and renewed there while it answers
      // (which also puts back the slots taken during an outage).
      const local = createOpenSlots();
      const redisKey = (key: string) => `${prefix}:open:${name}:${key}`;
      const renew = setInterval(() => {
        if (!client.isReady || !local.held.size) return;
        const expiry = Date.now() + SLOT_TTL_MS;
        const multi = client.multi();
        for (const [key, members] of local.held) {
          for (const m of members) multi.zAdd(redisKey(key), { score: expiry, value: m });
          multi.pExpire(redisKey(key), SLOT_TTL_MS);
        }
        withTimeout(multi.exec()).then(() => outage.recovered(commands), wentDown);
      }, SLOT_TTL_MS / 3);
      renew.unref();
      timers.push(renew);
      return {
        async take(key, member, limit) {
          await settled();
          if (client.isReady) {
            try {
              const now = Date.now();
              const taken = await withTimeout(client.eval(TAKE_SLOT, { keys: [redisKey(key)], arguments: [String(now), String(now + SLOT_TTL_MS), member, String(limit), String(SLOT_TTL_MS)] }));
              outage.recovered(commands);
              if (taken !== 1) return false;
              // Held here too: renewed by this node, and given back when it closes.
              local.held.set(key, (local.held.get(key) ?? new Set()).add(member));
              return true;
            } catch (err) {
              wentDown(err);
            }
          }
          return local.take(key, member, limit);
        },
        async release(key, member) {
          await local.release(key, member);
          if (client.isReady) await withTimeout(client.zRem(redisKey(key), member)).catch(wentDown);
        },
        async count(key) {
          if (client.isReady) {
            try {
              return await withTimeout(client.zCount(redisKey(key), Date.now(), '+inf'));
            } catch (err) {
              wentDown(err);
            }
          }
          return local.count(key);
        },
      };
    },
    async takeJob(name, everyMs) {
      await settled();
      if (!client.isReady) return true;
      try {
        // Held a little less than the period, so the next period's first node takes it.
        const ttl = Math.max(1_000, everyMs - Math.min(5_000, Math.floor(everyMs / 10)));
        const set = await withTimeout(client.set(`${prefix}:job:${name}`, node, { condition: 'NX', expiration: { type: 'PX', value: ttl } }));
        outage.recovered(commands);
        return set === 'OK';
      } catch (err) {
        wentDown(err);
        return true;
      }
    },
    idempotency: {
      async begin(id, requestHash) {
        await settled();
        if (!client.isReady) throw new Error('Redis not connected');
        const key = `${prefix}:idem:${id}`;
        const fresh = JSON.stringify({ requestHash, answer: null } satisfies RawRecord);
        for (let attempt = 0; attempt < 2; attempt++) {
          const set = await withTimeout(client.set(key, fresh, { condition: 'NX', expiration: { type: 'PX', value: IDEMPOTENCY_TTL_MS } }));
          if (set === 'OK') return { state: 'new' };
          const found = await withTimeout(client.get(key));
          // (Expired between the two commands: claim it again.)
          if (found !== null) return { state: 'found', record: JSON.parse(found) as RawRecord };
        }
        throw new Error('Redis: the Idempotency-Key record came and went');
      },
      async finish(id, _status, sealed) {
        const key = `${prefix}:idem:${id}`;
        const found = await withTimeout(client.get(key));
        if (found === null) return;
        const record = JSON.parse(found) as RawRecord;
        await withTimeout(client.set(key, JSON.stringify({ requestHash: record.requestHash, answer: sealed } satisfies RawRecord), { condition: 'XX', expiration: 'KEEPTTL' }));
      },
      async release(id) {
        await withTimeout(client.del(`${prefix}:idem:${id}`));
      },
    },
    watch: outage.watch,
    async close() {
      for (const t of timers) clearInterval(t);
      outage.close();
      await client.close().catch(() => client.destroy());
    },
  };
}
