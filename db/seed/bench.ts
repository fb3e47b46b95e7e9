import type { Services } from '../../app/lib/services.server.ts';

/** Adds n generated products for benchmarks. */
export async function seedBench(_services: Services, _n: number, _progress?: (done: number) => void): Promise<void> {
  throw new Error('not implemented yet');
}
