import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../tests/helpers/databases.ts';
import { HttpError } from './http-error.ts';
import { generateVariants, storeImage } from './images.server.ts';
import { mediaRoot } from './media.server.ts';
import { localMediaStore } from './media-store.server.ts';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'vitrine-img-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3a7' } }).png().toBuffer();

async function metaOf(file: string): Promise<{ width?: number; height?: number; format?: string }> {
  return sharp(await readFile(file)).metadata();
}

describe('generateVariants', () => {
  it('writes a WebP per width up to the source width, in nested folders', async () => {
    const dir = tempDir();
    const made = await generateVariants(await png(700, 350), localMediaStore(dir), 'demo/shirts/blue');
    expect(made).toEqual({ width: 700, height: 350, widths: [150, 300, 600] });
    for (const w of [150, 300, 600]) {
      const meta = await metaOf(path.join(mediaRoot(dir), `demo/shirts/blue-${w}.webp`));
      expect(meta).toMatchObject({ format: 'webp', width: w, height: w / 2 });
    }
    expect(existsSync(path.join(mediaRoot(dir), 'demo/shirts/blue-1200.webp'))).toBe(false);
  });

  it('writes all four widths for a large image and the smallest one for a tiny image', async () => {
    const dir = tempDir();
    expect((await generateVariants(await png(1600, 1600), localMediaStore(dir), 'big')).widths).toEqual([150, 300, 600, 1200]);
    expect((await metaOf(path.join(mediaRoot(dir), 'big-1200.webp'))).width).toBe(1200);
    expect((await generateVariants(await png(40, 40), localMediaStore(dir), 'tiny')).widths).toEqual([150]);
    expect((await metaOf(path.join(mediaRoot(dir), 'tiny-150.webp'))).width).toBe(150);
  });

  it('rejects paths that could escape the media folder and files that are not images', async () => {
    const dir = tempDir();
    const image = await png(200, 200);
    for (const bad of ['../evil', '/abs', 'a/../../b', 'Upper', '']) {
      await expect(generateVariants(image, localMediaStore(dir), bad)).rejects.toMatchObject({ status: 400 });
    }
    const err = await generateVariants(Buffer.from('not an image'), localMediaStore(dir), 'x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).status).toBe(415);
  });
});

describe('storeImage', () => {
  it('records the media row with its widths', async () => {
    const d = await createTestDatabase('sqlite');
    try {
      const id = await storeImage(d.db, localMediaStore(d.dataDir), { buffer: await png(320, 240), path: 'uploads/cat', alt: 'A cat', title: 'Cat', caption: 'Our cat' });
      const row = await d.db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ path: 'uploads/cat', alt: 'A cat', title: 'Cat', caption: 'Our cat', width: 320, height: 240, original_url: null });
      expect(JSON.parse(row.widths)).toEqual([150, 300]);
      expect(existsSync(path.join(mediaRoot(d.dataDir), 'uploads/cat-300.webp'))).toBe(true);
    } finally {
      await d.cleanup();
    }
  });
});
