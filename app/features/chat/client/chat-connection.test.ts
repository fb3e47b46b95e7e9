import { describe, expect, it } from 'vitest';
import { backoffDelay, newClientId } from './chat-connection.ts';

describe('chat connection helpers', () => {
  it('waits 1 s before the first reconnect, ×1.3 per attempt, never more than 5 minutes (spec §9)', () => {
    expect(backoffDelay(0)).toBe(1000);
    expect(backoffDelay(1)).toBe(1300);
    expect(backoffDelay(2)).toBe(1690);
    expect(backoffDelay(10)).toBe(Math.round(1000 * 1.3 ** 10));
    expect(backoffDelay(21)).toBe(Math.round(1000 * 1.3 ** 21));
    expect(backoffDelay(22)).toBe(300_000);
    expect(backoffDelay(1000)).toBe(300_000);
  });

  it('makes client ids the server accepts, never twice', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newClientId()));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_:.-]{1,64}$/);
  });
});
