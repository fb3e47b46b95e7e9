/**
 * Hover intent (after jQuery hoverIntent): `over` runs only once the pointer, inside the
 * element, has moved less than `sensitivity` pixels (|dx| + |dy|) between two polls
 * `interval` ms apart, so a pointer passing over on its way elsewhere opens nothing; `out`
 * runs `timeout` ms after it leaves, unless it comes back first.
 */
export interface HoverIntentOptions {
  sensitivity: number;
  intervalMs: number;
  timeoutMs: number;
  over: () => void;
  out: () => void;
}

export interface HoverIntent {
  enter(x: number, y: number): void;
  move(x: number, y: number): void;
  leave(): void;
  /** Whether `over` has run and `out` has not. */
  readonly active: boolean;
  cancel(): void;
}

export function hoverIntent(o: HoverIntentOptions): HoverIntent {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let active = false;
  let cx = 0;
  let cy = 0;
  let px = 0;
  let py = 0;
  const clear = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const poll = () => {
    timer = setTimeout(() => {
      timer = undefined;
      if (Math.abs(px - cx) + Math.abs(py - cy) < o.sensitivity) {
        active = true;
        o.over();
      } else {
        px = cx;
        py = cy;
        poll();
      }
    }, o.intervalMs);
  };
  return {
    get active() {
      return active;
    },
    enter(x, y) {
      clear();
      cx = px = x;
      cy = py = y;
      // Back before `out` ran: still open, nothing to do.
      if (!active) poll();
    },
    move(x, y) {
      cx = x;
      cy = y;
    },
    leave() {
      clear();
      if (!active) return;
      timer = setTimeout(() => {
        timer = undefined;
        active = false;
        o.out();
      }, o.timeoutMs);
    },
    cancel() {
      clear();
      active = false;
    },
  };
}
