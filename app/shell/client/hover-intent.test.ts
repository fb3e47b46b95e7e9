import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MENU_HOVER_INTENT } from '../../config/constants.ts';
import { hoverIntent } from './hover-intent.ts';

describe('hover intent (sensitivity 3, interval 20 ms, timeout 70 ms)', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());
  const make = () => {
    const calls: string[] = [];
    const h = hoverIntent({ ...MENU_HOVER_INTENT, over: () => calls.push(`over@${Date.now()}`), out: () => calls.push(`out@${Date.now()}`) });
    return { h, calls };
  };

  it('uses the specified constants', () => {
    expect(MENU_HOVER_INTENT).toEqual({ intervalMs: 20, sensitivity: 3, timeoutMs: 70 });
  });

  it('opens one interval after a pointer that stays (moves less than 3 px) enters', () => {
    vi.setSystemTime(0);
    const { h, calls } = make();
    h.enter(100, 100);
    h.move(101, 101); // 2 px: under the sensitivity
    vi.advanceTimersByTime(19);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual(['over@20']);
    expect(h.active).toBe(true);
  });

  it('waits while the pointer keeps moving 3 px or more per interval, then opens once it slows', () => {
    vi.setSystemTime(0);
    const { h, calls } = make();
    h.enter(0, 0);
    for (let i = 1; i <= 5; i += 1) {
      h.move(i * 3, 0);
      vi.advanceTimersByTime(20);
    }
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(20);
    expect(calls).toEqual(['over@120']);
  });

  it('a pointer passing through opens nothing', () => {
    const { h, calls } = make();
    h.enter(0, 0);
    h.move(30, 0);
    vi.advanceTimersByTime(10);
    h.leave();
    vi.advanceTimersByTime(500);
    expect(calls).toEqual([]);
  });

  it('closes 70 ms after leaving, unless the pointer comes back first', () => {
    vi.setSystemTime(0);
    const { h, calls } = make();
    h.enter(5, 5);
    vi.advanceTimersByTime(20);
    h.leave();
    vi.advanceTimersByTime(69);
    h.enter(5, 6);
    vi.advanceTimersByTime(200);
    expect(calls).toEqual(['over@20']);
    h.leave();
    vi.advanceTimersByTime(70);
    expect(calls).toEqual(['over@20', 'out@359']);
    expect(h.active).toBe(false);
  });
});
