import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../app/config/app-config.ts';

/*
 * A shop started on a fresh data directory: the SQLite database (accounts, orders,
 * sessions) and its write-ahead log files are readable by the shop's own user only, like
 * the secret and the mail folders beside them.
 */
describe('files of a fresh data directory', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'vitrine-modes-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('creates the database, its -wal and -shm and the secret 0600', async () => {
    const file = path.join(dir, 'vitrine.sqlite');
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn', DATA_DIR: dir, DATABASE_URL: `sqlite:${file}` }, { seedDemo: false });
    const app = await buildApp(config, { pages: false });
    try {
      await app.ready();
      // A write, so the log files exist while the database is open.
      const res = await app.inject({ method: 'GET', url: '/api/session' });
      expect(res.statusCode).toBe(200);
      for (const f of [file, `${file}-wal`, `${file}-shm`, path.join(dir, 'session-secret')]) {
        if (!existsSync(f)) continue;
        expect({ f: path.basename(f), mode: (statSync(f).mode & 0o777).toString(8) }).toEqual({ f: path.basename(f), mode: '600' });
      }
      expect(existsSync(`${file}-wal`)).toBe(true);
    } finally {
      await app.close();
    }
  });
});
