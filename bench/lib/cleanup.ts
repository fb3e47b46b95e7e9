/**
 * Everything the run must undo (children, temporary files, the PostgreSQL schema), run
 * in reverse order on success, error, SIGINT/SIGTERM or the time limit.
 */
type Task = { name: string; run: () => Promise<void> | void; sync?: () => void };

const tasks: Task[] = [];
let running: Promise<void> | undefined;

/** `sync` is the best effort made when the process exits without awaiting (e.g. process.exit). */
export function onCleanup(name: string, run: Task['run'], sync?: () => void): () => void {
  const task = { name, run, sync };
  tasks.push(task);
  return () => {
    const i = tasks.indexOf(task);
    if (i >= 0) tasks.splice(i, 1);
  };
}

/** True once cleanup has begun: nothing new may start. */
export const stopping = () => running !== undefined;

export function cleanup(): Promise<void> {
  running ??= (async () => {
    while (tasks.length) {
      const task = tasks.pop()!;
      try {
        await task.run();
      } catch (err) {
        console.error(`bench: cleanup "${task.name}" failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  })();
  return running;
}

/** Signals, the time limit and a last synchronous sweep on exit. */
export function installExitHandlers(timeLimitS: number) {
  const stop = (code: number, why: string) => {
    console.error(`\nbench: ${why}; stopping children and cleaning up…`);
    // A second signal while cleaning up means "now".
    const force = setTimeout(() => process.exit(code), 15_000);
    force.unref();
    void cleanup().finally(() => process.exit(code));
  };
  process.once('SIGINT', () => stop(130, 'interrupted'));
  process.once('SIGTERM', () => stop(143, 'terminated'));
  const limit = setTimeout(() => stop(1, `time limit of ${timeLimitS} s reached (BENCH_TIME_LIMIT)`), timeLimitS * 1000);
  limit.unref();
  process.on('exit', () => {
    for (const task of tasks.splice(0).reverse()) {
      try {
        task.sync?.();
      } catch {
        // Exiting anyway: nothing more can be done here.
      }
    }
  });
}
