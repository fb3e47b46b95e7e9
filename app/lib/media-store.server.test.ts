import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config/app-config.ts';
import { startS3, type TestS3 } from '../../tests/helpers/s3.ts';
import { mediaRoot } from './media.server.ts';
import { localMediaStore, mediaStoreFor, s3MediaStore, type MediaStore } from './media-store.server.ts';

/*
 * Both media stores keep the same promises, checked against the folder and a real
 * S3-compatible server over HTTP; and an S3 store set only in part stops the boot.
 */

let s3: TestS3;
const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'vitrine-media-store-'));
  dirs.push(d);
  return d;
};

beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  await s3?.close();
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
});

const stores: [string, () => MediaStore][] = [
  ['the folder', () => localMediaStore(tempDir())],
  ['an S3 bucket', () => s3MediaStore(s3.config())],
  ['an S3 bucket under a prefix', () => s3MediaStore(s3.config(`shop-${Math.random().toString(36).slice(2, 8)}`))],
];

describe.each(stores)('media in %s', (_name, make) => {
  it('keeps what is put: bytes, type, size; exists; ranges; absent keys are null', async () => {
    const store = make();
    const bytes = Buffer.from('RIFF0000WEBPVP8 picture bytes');
    await store.put('uploads/2026-12/cat-1a2b-150.webp', bytes, 'image/webp');
    expect(await store.exists('uploads/2026-12/cat-1a2b-150.webp')).toBe(true);
    const got = (await store.get('uploads/2026-12/cat-1a2b-150.webp'))!;
    expect(got.contentType).toBe('image/webp');
    expect(got.length).toBe(bytes.length);
    expect(got.size).toBe(bytes.length);
    expect(await text(got.body)).toBe(bytes.toString());
    const part = (await store.get('uploads/2026-12/cat-1a2b-150.webp', { start: 4, end: 7 }))!;
    expect([part.length, part.size, await text(part.body)]).toEqual([4, bytes.length, '0000']);
    expect(await store.get('uploads/2026-12/dog-150.webp')).toBeNull();
    expect(await store.exists('uploads/2026-12/dog-150.webp')).toBe(false);
  });

  it('replaces an object of the same name, deletes one, and deletes every width of a picture by prefix', async () => {
    const store = make();
    await store.put('demo/mug-150.webp', Buffer.from('old'), 'image/webp');
    await store.put('demo/mug-150.webp', Buffer.from('new'), 'image/webp');
    expect(await text((await store.get('demo/mug-150.webp'))!.body)).toBe('new');
    for (const w of [300, 600]) await store.put(`demo/mug-${w}.webp`, Buffer.from(String(w)), 'image/webp');
    await store.put('demo/mugs-150.webp', Buffer.from('another picture'), 'image/webp');
    await store.delete('demo/mug-150.webp');
    await store.delete('demo/never-was-150.webp');
    expect(await store.exists('demo/mug-150.webp')).toBe(false);
    await store.deletePrefix('demo/mug-');
    expect(await store.exists('demo/mug-300.webp')).toBe(false);
    expect(await store.exists('demo/mug-600.webp')).toBe(false);
    expect(await store.exists('demo/mugs-150.webp')).toBe(true);
  });

  it('refuses keys the shop never writes ("..", absolute, upper case)', async () => {
    const store = make();
    for (const bad of ['../escape.webp', '/etc/passwd', 'Upper.webp', 'a//b.webp']) {
      await expect(store.put(bad, Buffer.from('x'), 'image/webp')).rejects.toThrow(/Invalid media key/);
    }
  });
});

describe('the S3 bucket is the store for every node', () => {
  it('writes into the bucket and nothing under DATA_DIR/media', async () => {
    const dataDir = tempDir();
    const config = loadConfig({ NODE_ENV: 'test', ...s3.env('nodes') }, { dataDir, sessionSecret: 'x'.repeat(32) });
    const store = mediaStoreFor(config);
    expect(store.kind).toBe('s3');
    expect(mediaStoreFor(config)).toBe(store);
    await store.put('uploads/shared-150.webp', Buffer.from('shared'), 'image/webp');
    expect(existsSync(mediaRoot(dataDir))).toBe(false);
    expect(existsSync(path.join(s3.directory, s3.bucket))).toBe(true);
    // Another node: its own data directory, the same bucket and prefix.
    const other = mediaStoreFor(loadConfig({ NODE_ENV: 'test', ...s3.env('nodes') }, { dataDir: tempDir(), sessionSecret: 'x'.repeat(32) }));
    expect(await text((await other.get('uploads/shared-150.webp'))!.body)).toBe('shared');
  });
});

describe('configuration', () => {
  const fails = (env: Record<string, string>) => {
    try {
      loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'x'.repeat(32), ...env });
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as Error).message;
    }
    throw new Error('expected a ConfigError');
  };

  it('is the folder when no MEDIA_S3_* is set, and reads every variable when they are', () => {
    expect(loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'x'.repeat(32) }).mediaS3).toBeUndefined();
    expect(
      loadConfig({
        NODE_ENV: 'test',
        SESSION_SECRET: 'x'.repeat(32),
        MEDIA_S3_BUCKET: 'shop-media',
        MEDIA_S3_REGION: 'eu-west-1',
        MEDIA_S3_ACCESS_KEY_ID: 'AKIA',
        MEDIA_S3_SECRET_ACCESS_KEY: 'secret',
        MEDIA_S3_PREFIX: 'vitrine/media',
        MEDIA_S3_FORCE_PATH_STYLE: 'false',
      }).mediaS3,
    ).toEqual({ bucket: 'shop-media', region: 'eu-west-1', endpoint: undefined, accessKeyId: 'AKIA', secretAccessKey: 'secret', forcePathStyle: false, prefix: 'vitrine/media/' });
    // Without keys the AWS SDK's own chain (instance roles) answers.
    expect(loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'x'.repeat(32), MEDIA_S3_BUCKET: 'shop-media', MEDIA_S3_REGION: 'eu-west-1' }).mediaS3?.accessKeyId).toBeUndefined();
  });

  it('names what is missing when the S3 store is set only in part', () => {
    expect(fails({ MEDIA_S3_ENDPOINT: 'http://127.0.0.1:9000', MEDIA_S3_ACCESS_KEY_ID: 'k', MEDIA_S3_SECRET_ACCESS_KEY: 's' })).toMatch(/MEDIA_S3_BUCKET: must be set/);
    expect(fails({ MEDIA_S3_BUCKET: 'shop-media' })).toMatch(/MEDIA_S3_REGION \(or MEDIA_S3_ENDPOINT\): must be set/);
    expect(fails({ MEDIA_S3_BUCKET: 'shop-media', MEDIA_S3_REGION: 'eu-west-1', MEDIA_S3_ACCESS_KEY_ID: 'k' })).toMatch(/MEDIA_S3_SECRET_ACCESS_KEY: must be set/);
    expect(fails({ MEDIA_S3_BUCKET: 'shop-media', MEDIA_S3_REGION: 'eu-west-1', MEDIA_S3_SECRET_ACCESS_KEY: 's' })).toMatch(/MEDIA_S3_ACCESS_KEY_ID: must be set/);
    expect(fails({ MEDIA_S3_BUCKET: 'Shop_Media', MEDIA_S3_REGION: 'eu-west-1' })).toMatch(/MEDIA_S3_BUCKET: must be a bucket name/);
    expect(fails({ MEDIA_S3_BUCKET: 'shop-media', MEDIA_S3_ENDPOINT: 'minio:9000' })).toMatch(/MEDIA_S3_ENDPOINT: must be an http/);
    expect(fails({ MEDIA_S3_BUCKET: 'shop-media', MEDIA_S3_REGION: 'eu-west-1', MEDIA_S3_PREFIX: '/media/' })).toMatch(/MEDIA_S3_PREFIX/);
  });

  it('stops the server at boot with that message and exit code 1', () => {
    const dataDir = tempDir();
    const res = spawnSync(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: `sqlite:${path.join(dataDir, 'shop.sqlite')}`, MEDIA_S3_ENDPOINT: 'http://127.0.0.1:9000', MEDIA_S3_FORCE_PATH_STYLE: '1' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(res.status, res.stderr).toBe(1);
    expect(res.stderr).toContain('MEDIA_S3_BUCKET: must be set for the S3 media store');
    // It stopped before opening anything.
    expect(existsSync(path.join(dataDir, 'shop.sqlite'))).toBe(false);
  }, 60_000);
});
