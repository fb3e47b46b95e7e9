import type { CompiledQuery, DatabaseConnection } from 'kysely';

/**
 * A counter that says when a value read from the database may have gone stale. It moves
 * when this process writes (after the statement or the commit) and when a request starts;
 * a number read and remembered under one count is reused only while the count stays.
 * So a request sees its own writes and any write another process committed before it began,
 * while one request reads a hot bookkeeping row (the store version) once instead of a dozen
 * times. Code outside requests gets a new count on each turn of the event loop.
 */
let epoch = 0;
let turnPending = false;

export const freshnessEpoch = (): number => epoch;

/** Everything remembered so far must be read again (a request starts; this process wrote). */
export function staleFromHere(): void {
  epoch++;
}

/** Called by whoever remembers something: it is forgotten at the next turn of the event loop at the latest. */
export function forgetAtNextTurn(): void {
  if (turnPending) return;
  turnPending = true;
  setImmediate(() => {
    turnPending = false;
    epoch++;
  });
}

/** Statements that change nothing another reader could see. */
const READ_ONLY = /^\s*(select|begin|start transaction|savepoint|release|rollback|set|show|pragma|explain)\b/i;

/**
 * Wraps a new connection so every statement that may change data (and every commit) moves
 * the epoch once it has run. Used as the dialects' onCreateConnection.
 */
export async function watchWrites(connection: DatabaseConnection): Promise<void> {
  const run = connection.executeQuery.bind(connection);
  connection.executeQuery = <R>(query: CompiledQuery) => {
    if (READ_ONLY.test(query.sql)) return run<R>(query);
    const result = run<R>(query);
    // SQLite has run the statement by now; PostgreSQL has once the promise settles.
    epoch++;
    return result.finally(() => {
      epoch++;
    });
  };
}
