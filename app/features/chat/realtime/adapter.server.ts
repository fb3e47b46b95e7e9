import type { Server } from 'socket.io';
import type { Services } from '../../../lib/services.server.ts';
import { outageLog } from '../../../lib/redis-shared.server.ts';

/**
 * Room broadcasts between server processes: the official Redis adapter with REDIS_URL; with
 * several workers and no Redis, the cluster adapter through the primary process. Answers what
 * closes its connections.
 */
export async function attachAdapter(io: Server, services: Services, options: { redisUrl?: string; redisPrefix?: string; cluster?: boolean }): Promise<(() => Promise<unknown>)[]> {
  const { log } = services;
  const closers: (() => Promise<unknown>)[] = [];
  if (options.redisUrl) {
    const [{ createClient }, { createAdapter }] = await Promise.all([import('redis'), import('@socket.io/redis-adapter')]);
    const pub = createClient({ url: options.redisUrl });
    const sub = pub.duplicate();
    // Reconnect errors come several a second while Redis is away: logged once per outage, with
    // the rest of this process's Redis clients when there is a shared state (services.shared).
    const outage = services.shared ? undefined : outageLog(log, 'chat: Redis unreachable, messages reach this node only until it returns', 'chat: Redis reachable again');
    for (const c of [pub, sub]) (services.shared ?? outage!).watch(c);
    closers.push(async () => outage?.close());
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub, { key: `${options.redisPrefix ?? 'vitrine'}:socket.io`, requestsTimeout: 3000 }));
    closers.push(async () => {
      // Stop hearing the other nodes first, let an answer to a request already heard go out,
      // then close the publishing client (publishing on a closed client rejects unhandled).
      await Promise.allSettled([Promise.resolve((io.of('/').adapter as { close?: () => unknown }).close?.()), sub.quit()]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await pub.quit().catch(() => undefined);
    });
  } else if (options.cluster) {
    const { createAdapter } = await import('@socket.io/cluster-adapter');
    io.adapter(createAdapter());
  }
  return closers;
}
