import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/** How often the background connection copies the write-ahead log into the database file. */
const EVERY_MS = 200;
/** The serving connection's own automatic checkpoint, kept as a backstop (pages; SQLite's default is 1000). */
const BACKSTOP_PAGES = 20_000;
const DEFAULT_PAGES = 1000;

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.file, { fileMustExist: true });
const timer = setInterval(() => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch (err) { parentPort.postMessage(String(err && err.message || err)); }
}, workerData.everyMs);
parentPort.once('message', () => {
  clearInterval(timer);
  try { db.close(); } catch {}
  parentPort.close();
});
`;

/**
 * SQLite in WAL mode copies the log back into the database file (a checkpoint) every
 * 1000 pages, inside whichever commit crosses the line — on the server's one thread, where
 * copying a few megabytes and syncing the file stalls every request in flight. This moves
 * the checkpoint to a second connection on a worker thread, five times a second, in
 * PASSIVE mode (it never waits for or blocks readers and writers). The serving connection
 * keeps a far larger automatic checkpoint as a backstop, and returns to the default one if
 * the worker stops. Returns the function that stops it.
 */
export function checkpointInBackground(sqlite: SQLite.Database, file: string, onError: (message: string) => void = () => {}): () => void {
  const require = createRequire(import.meta.url);
  const worker = new Worker(WORKER, { eval: true, workerData: { module: require.resolve('better-sqlite3'), file, everyMs: EVERY_MS } });
  let stopped = false;
  sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
  const fallBack = () => {
    if (!stopped && sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${DEFAULT_PAGES}`);
  };
  worker.on('message', (message: string) => onError(message));
  worker.on('error', (err) => {
    onError(err.message);
    fallBack();
  });
  worker.on('exit', fallBack);
  // It must never keep the process alive on its own.
  worker.unref();
  return () => {
    stopped = true;
    worker.postMessage('stop');
  };
}
