/**
 * Runs `task` now and then every `everyMs` while the app runs, never two at once (a run
 * still under way when the next is due is not doubled). Failures go to `onError`. The
 * returned function stops it, after waiting for a run under way.
 */
export function repeat(task: () => Promise<unknown>, everyMs: number, onError: (err: unknown) => void): () => Promise<void> {
  let current: Promise<void> | null = null;
  const tick = () => {
    current ??= task()
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
