import type { Services } from './services.server.ts';

/*
 * Work started by a request that its answer must not wait for (e-mails): the answer goes out
 * first, so it takes the same time whatever the work finds, and a slow mail server holds up
 * nobody. A failure is logged. Tests, the bench and shutdown can wait for what is under way.
 */

/*
 * One registry per process, kept on globalThis: page actions run from the production build's
 * server bundle, which holds its own copy of this module, and the server (which waits for the
 * work before closing the database) must see what they started too.
 */
const REGISTRY = Symbol.for('vitrine.background-work');
type Registry = { all: Set<Promise<void>>; byApp: WeakMap<object, Set<Promise<void>>> };
const registry = ((globalThis as { [REGISTRY]?: Registry })[REGISTRY] ??= { all: new Set(), byApp: new WeakMap() });
const { all, byApp } = registry;

/** Starts `work` after the current turn (so the caller answers first) and returns at once. */
export function inBackground(services: Pick<Services, 'log'>, what: string, work: () => Promise<void>): void {
  let mine = byApp.get(services);
  if (!mine) byApp.set(services, (mine = new Set()));
  const set = mine;
  const p: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(work)
    .catch((err: unknown) => services.log.error({ err, task: what }, `${what} failed`))
    .finally(() => {
      all.delete(p);
      set.delete(p);
    });
  all.add(p);
  set.add(p);
}

/** Resolves once the background work of one app (or of every app) has finished, including work it started. */
export async function backgroundSettled(services?: object): Promise<void> {
  const set = services ? byApp.get(services) : all;
  while (set?.size) await Promise.allSettled([...set]);
}

/** How many pieces of background work of one app (or of every app) are under way (server/metrics.ts). */
export function backgroundPending(services?: object): number {
  return (services ? byApp.get(services) : all)?.size ?? 0;
}
