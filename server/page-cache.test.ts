import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressBoth, etagsOf, hashMarkedScripts, notModified, pickEncoding } from './page-cache.ts';

const sha = (s: string) => createHash('sha256').update(s).digest('base64');

describe('hashMarkedScripts', () => {
  const mark = 'vtrmark123';
  it('hashes only the inline scripts that carry the render mark and takes the mark out', () => {
    const body = `<html><head><link rel="modulepreload" href="/a.js" nonce="${mark}"/></head><body><p>x</p>` +
      `<script nonce="${mark}">window.a=1</script><script type="module" async="" nonce="${mark}">import "/b.js";</script>` +
      `<script>alert(1)</script><script type="application/ld+json">{"a":1}</script><script nonce="${mark}">window.a=1</script></body></html>`;
    const out = hashMarkedScripts(body, mark)!;
    expect(out.hashes).toEqual([sha('window.a=1'), sha('import "/b.js";')]);
    expect(out.body).not.toContain(mark);
    expect(out.body).not.toContain('nonce');
    expect(out.hashes).not.toContain(sha('alert(1)'));
  });

  it('gives up when the mark shows anywhere else, so such a page is never shared', () => {
    expect(hashMarkedScripts(`<script nonce="${mark}">x</script><p>${mark}</p>`, mark)).toBeUndefined();
  });
});

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, honouring weights and *', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip, deflate')).toBe('gzip');
    expect(pickEncoding('x-gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    // The client's preference wins; brotli when the weights are equal.
    expect(pickEncoding('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(pickEncoding('gzip, br;q=0.9')).toBe('gzip');
    expect(pickEncoding('br;q=0.8, gzip;q=0.8')).toBe('br');
    expect(pickEncoding('*;q=0.3, gzip;q=0.2')).toBe('br');
    expect(pickEncoding('br;q=bad, gzip;q=0.1')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*;q=0, identity')).toBe('identity');
    expect(pickEncoding('deflate, zstd')).toBe('identity');
    expect(pickEncoding('brotli, gzipped')).toBe('identity');
    expect(pickEncoding(undefined)).toBe('identity');
  });
});

describe('ETags', () => {
  it('are made from the bytes, one per encoding, and If-None-Match matches any of them', () => {
    const a = etagsOf(Buffer.from('<p>a</p>'));
    expect(etagsOf(Buffer.from('<p>a</p>'))).toEqual(a);
    expect(etagsOf(Buffer.from('<p>b</p>')).identity).not.toBe(a.identity);
    const tags = Object.values(a);
    expect(new Set(tags).size).toBe(3);
    expect(notModified(a.br, tags)).toBe(true);
    expect(notModified(`"x", W/${a.gzip}`, tags)).toBe(true);
    expect(notModified('*', tags)).toBe(true);
    expect(notModified('"x"', tags)).toBe(false);
    expect(notModified(undefined, tags)).toBe(false);
  });
});

describe('compressBoth', () => {
  it('gives brotli and gzip bodies that decode to the page', async () => {
    const page = Buffer.from('<!doctype html>'.padEnd(5000, '<p>shop</p>'));
    const { br, gzip } = await compressBoth(page);
    expect(brotliDecompressSync(br).equals(page)).toBe(true);
    expect(gunzipSync(gzip).equals(page)).toBe(true);
    expect(br.length).toBeLessThan(page.length / 10);
  });
});
