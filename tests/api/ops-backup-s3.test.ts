import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3MediaStore } from '../../app/lib/media-store.server.ts';
import { mediaRoot } from '../../app/lib/media.server.ts';
import { backup, restore } from '../../cli/ops.ts';
import { loadConfig, type AppConfig } from '../../app/config/app-config.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/databases.ts';
import { startS3, type TestS3 } from '../helpers/s3.ts';

/*
 * Backups with the S3 media store: the bucket is not copied into the archive (the command says
 * so), and a folder-store backup restored with MEDIA_S3_* set puts its pictures into the bucket.
 */

describe('backup and restore with the S3 media store', () => {
  let database: TestDatabase;
  let s3: TestS3;
  let local: AppConfig;
  let onS3: AppConfig;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    s3 = await startS3();
    const base = { databaseUrl: database.url, dataDir: database.dataDir, sessionSecret: 'x'.repeat(32), seedDemo: false };
    local = loadConfig({ NODE_ENV: 'test' }, base);
    onS3 = loadConfig({ NODE_ENV: 'test', ...s3.env('restored') }, base);
    const dir = path.join(mediaRoot(database.dataDir), 'uploads', '2026-12');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'lamp-0a1b2c3d-150.webp'), 'lamp picture');
    // Not a name the shop writes: never served, so not copied either.
    writeFileSync(path.join(dir, 'Notes.TXT'), 'not media');
  });
  afterAll(async () => {
    await s3?.close();
    await database?.cleanup();
  });

  const entries = async (file: string) => {
    const names: string[] = [];
    await tar.list({ file, onReadEntry: (e) => void names.push(e.path) });
    return names;
  };

  it('leaves the bucket out of the archive and says so', async () => {
    const lines: string[] = [];
    const file = path.join(database.dataDir, 'with-s3.tar.gz');
    await backup(onS3, file, { log: (l: string) => lines.push(l) });
    expect((await entries(file)).some((n) => n.startsWith('media'))).toBe(false);
    expect(lines.join('\n')).toContain(`Media files are in the S3 bucket ${s3.bucket} and not in this backup`);
  });

  it('copies a folder backup\'s pictures into the bucket on restore', async () => {
    const file = path.join(database.dataDir, 'folder.tar.gz');
    await backup(local, file, { log: () => {} });
    expect(await entries(file)).toContain('media/uploads/2026-12/lamp-0a1b2c3d-150.webp');
    const lines: string[] = [];
    await restore(onS3, file, { log: (l: string) => lines.push(l) });
    expect(lines.join('\n')).toContain(`media files into the S3 bucket ${s3.bucket}`);
    const bucket = s3MediaStore(s3.config('restored'));
    const got = await bucket.get('uploads/2026-12/lamp-0a1b2c3d-150.webp');
    expect(got?.contentType).toBe('image/webp');
    expect(await text(got!.body)).toBe('lamp picture');
    // The folder is left as it was.
    expect(readFileSync(path.join(mediaRoot(database.dataDir), 'uploads', '2026-12', 'lamp-0a1b2c3d-150.webp'), 'utf8')).toBe('lamp picture');
  });
});
