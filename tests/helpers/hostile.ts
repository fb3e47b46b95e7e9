import type { DB } from '../../db/client.ts';

/** Columns that move on reads and refused requests (last-used times, the store version). */
const VOLATILE: Record<string, string[]> = { carts: ['updated_at'], sessions: ['expires_at'] };
/** Written whatever the answer: search statistics (every submitted listing search), and the answers kept for Idempotency-Keys. */
const STATISTICS = new Set(['search_stats', 'idempotency_keys']);

/** Every row of every table (but volatile columns), sorted: equal snapshots mean nothing was written. */
export async function snapshot(db: DB): Promise<Record<string, string[]>> {
  const tables = (await db.introspection.getTables()).map((t) => t.name).filter((n) => !n.startsWith('kysely_') && !STATISTICS.has(n)).sort();
  const out: Record<string, string[]> = {};
  for (const table of tables) {
    const rows = (await db.selectFrom(table as 'users').selectAll().execute()) as Record<string, unknown>[];
    out[table] = rows
      .filter((r) => !(table === 'settings' && String(r.key).startsWith('cache.')))
      .map((r) => JSON.stringify(Object.fromEntries(Object.entries(r).filter(([k]) => !VOLATILE[table]?.includes(k)))))
      .sort();
  }
  return out;
}

/** What differs between two snapshots, a line per added or removed row (short, for a failure message). */
export function changes(before: Record<string, string[]>, after: Record<string, string[]>): string[] {
  const out: string[] = [];
  for (const table of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = new Set(before[table] ?? []);
    const now = new Set(after[table] ?? []);
    for (const row of now) if (!was.has(row)) out.push(`${table} + ${row.slice(0, 300)}`);
    for (const row of was) if (!now.has(row)) out.push(`${table} - ${row.slice(0, 300)}`);
  }
  return out;
}
