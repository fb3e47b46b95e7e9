import type { Services } from './services.server.ts';

/**
 * Fixed-window counter per key. `createRateLimiter` keeps it in process memory, enough for
 * one node; with `REDIS_URL` set, `sharedRateLimiter` counts in Redis across every node
 * (app/lib/redis-shared.server.ts), falling back to this process alone while Redis is away.
 */
export interface RateLimiter {
  /** Counts a hit; resolves to the seconds to wait when over the limit, else 0. */
  hit(key: string): Promise<number>;
  /** The seconds to wait when the key has used up its hits, else 0; counts nothing. */
  peek(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}

export function createRateLimiter(limit: number, windowMs: number, now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    async hit(key) {
      const t = now();
      let w = windows.get(key);
      if (!w || t - w.start >= windowMs) {
        w = { start: t, count: 0 };
        windows.set(key, w);
        if (windows.size > 50_000) prune(t);
      }
      w.count += 1;
      return w.count > limit ? Math.ceil((w.start + windowMs - t) / 1000) : 0;
    },
    async peek(key) {
      const t = now();
      const w = windows.get(key);
      return w && t - w.start < windowMs && w.count >= limit ? Math.max(1, Math.ceil((w.start + windowMs - t) / 1000)) : 0;
    },
    async reset(key) {
      windows.delete(key);
    },
  };
  function prune(t: number) {
    for (const [k, w] of windows) if (t - w.start >= windowMs) windows.delete(k);
  }
}

/**
 * The limiter `name` of this app: shared between nodes through Redis when the app has it
 * (`services.shared`), else per process. `name` keeps limiters apart in Redis.
 */
export function sharedRateLimiter(services: Pick<Services, 'shared'>, name: string, limit: number, windowMs: number): RateLimiter {
  return services.shared ? services.shared.limiter(name, limit, windowMs) : createRateLimiter(limit, windowMs);
}
