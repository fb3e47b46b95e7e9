/**
 * Fixed-window counter per key, kept in process memory. Enough for one node; a shop
 * running several nodes behind a balancer should pin login to one node or move this
 * to Redis (a later issue adds the Redis store).
 */
export interface RateLimiter {
  /** Counts a hit; returns the seconds to wait when over the limit, else 0. */
  hit(key: string): number;
  reset(key: string): void;
}

export function createRateLimiter(limit: number, windowMs: number, now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    hit(key) {
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
    reset(key) {
      windows.delete(key);
    },
  };
  function prune(t: number) {
    for (const [k, w] of windows) if (t - w.start >= windowMs) windows.delete(k);
  }
}
