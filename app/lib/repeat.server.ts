/**
 * Whether this node runs the job `name` for the period starting now: several nodes sharing
 * Redis take turns (app/lib/redis-shared.server.ts) so a job runs once per cluster.
 */
export type JobGate = (name: string, everyMs: number) => Promise<boolean>;

let gateInForce: JobGate | undefined;

/**
 * Starts background jobs (`start` calls `repeat` synchronously) under a gate: each named job
 * asks it before every run. Without a gate (one node, no Redis) every run goes ahead.
 */
export function underJobGate<T>(gate: JobGate | undefined, start: () => T): T {
  const before = gateInForce;
  gateInForce = gate;
  try {
    return start();
  } finally {
    gateInForce = before;
  }
}

/**
 * Runs `task` now and then every `everyMs` while the app runs, never two at once (a run
 * still under way when the next is due is not doubled). Failures go to `onError`. The
 * returned function stops it, after waiting for a run under way. A named job started under a
 * gate (underJobGate) runs only when the gate lets this node take the period.
 */
export function repeat(task: () => Promise<unknown>, everyMs: number, onError: (err: unknown) => void, name?: string): () => Promise<void> {
  const gate = name ? gateInForce : undefined;
  let current: Promise<void> | null = null;
  const tick = () => {
    current ??= (gate ? gate(name!, everyMs) : Promise.resolve(true))
      .then((mine) => (mine ? task() : undefined))
      .then(() => undefined, onError)
      .finally(() => {
        current = null;
      });
  };
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await current;
  };
}
