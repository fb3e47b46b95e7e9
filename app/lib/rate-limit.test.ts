import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rate-limit.server.ts';

/** A clock the test moves by hand. */
function fakeClock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}

describe('createRateLimiter', async () => {
  it('allows the limit, then answers the seconds left in the window', async () => {
    const clock = fakeClock();
    const limiter = createRateLimiter(3, 60_000, clock.now);
    expect([await limiter.hit('k'), await limiter.hit('k'), await limiter.hit('k')]).toEqual([0, 0, 0]);
    expect(await limiter.hit('k')).toBe(60);
    clock.advance(15_500);
    expect(await limiter.hit('k')).toBe(45);
  });

  it('opens again when the window has passed', async () => {
    const clock = fakeClock();
    const limiter = createRateLimiter(2, 10_000, clock.now);
    await limiter.hit('k');
    await limiter.hit('k');
    expect(await limiter.hit('k')).toBeGreaterThan(0);
    clock.advance(9_999);
    expect(await limiter.hit('k')).toBe(1);
    clock.advance(1);
    expect(await limiter.hit('k')).toBe(0);
    expect(await limiter.hit('k')).toBe(0);
    expect(await limiter.hit('k')).toBe(10);
  });

  it('counts each key on its own', async () => {
    const clock = fakeClock();
    const limiter = createRateLimiter(1, 60_000, clock.now);
    expect(await limiter.hit('1.2.3.4|a@example.com')).toBe(0);
    expect(await limiter.hit('1.2.3.4|a@example.com')).toBeGreaterThan(0);
    expect(await limiter.hit('1.2.3.4|b@example.com')).toBe(0);
    expect(await limiter.hit('5.6.7.8|a@example.com')).toBe(0);
  });

  it('forgets a key on reset (after a successful login)', async () => {
    const clock = fakeClock();
    const limiter = createRateLimiter(2, 60_000, clock.now);
    await limiter.hit('k');
    await limiter.hit('k');
    await limiter.reset('k');
    expect(await limiter.hit('k')).toBe(0);
    expect(await limiter.hit('k')).toBe(0);
    expect(await limiter.hit('k')).toBeGreaterThan(0);
  });

  it('never answers a wait of zero seconds while blocked', async () => {
    const clock = fakeClock();
    const limiter = createRateLimiter(1, 1_000, clock.now);
    await limiter.hit('k');
    clock.advance(999);
    expect(await limiter.hit('k')).toBe(1);
  });

  it('keeps working with very many keys (old windows are dropped)', async () => {
    const clock = fakeClock();
    const limiter = createRateLimiter(1, 1_000, clock.now);
    for (let i = 0; i < 50_001; i++) await limiter.hit(`old-${i}`);
    clock.advance(1_000);
    for (let i = 0; i < 10; i++) await limiter.hit(`new-${i}`);
    expect(await limiter.hit('old-1')).toBe(0);
    expect(await limiter.hit('new-1')).toBeGreaterThan(0);
  });
});
