import { readdirSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaRoot } from '../../app/lib/media.server.ts';
import { staffLogin } from '../helpers/admin-forms.ts';
import type { Client } from '../helpers/app.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { multipart } from '../helpers/forms.ts';
import { dialects } from '../helpers/databases.ts';
import { blankPng } from '../helpers/images.ts';

/*
 * Pictures are refused above the store's pixel limit from their header, before anything is
 * decoded: a PNG of 16000 × 16000 px weighing a few kilobytes would otherwise take seconds of
 * CPU and hundreds of MB per upload. Through the admin's real upload routes (the product
 * editor's JSON upload, the pages' media library) and the settings form that sets the limit.
 */

const decode = (s: string) => s.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** The fields the settings form posts as the page renders it (what a browser sends on Save). */
function settingsForm(html: string): [string, string][] {
  const form = [...html.matchAll(/<form\b[^>]*>([\s\S]*?)<\/form>/g)].map((m) => m[1]!).find((f) => f.includes('name="storeName"'))!;
  const out: [string, string][] = [];
  for (const m of form.matchAll(/<input\b[^>]*>|<select\b[^>]*>[\s\S]*?<\/select>|<textarea\b[^>]*>([\s\S]*?)<\/textarea>/g)) {
    const tag = m[0];
    const name = /\sname="([^"]*)"/.exec(tag)?.[1];
    if (!name) continue;
    const value = /\svalue="([^"]*)"/.exec(tag)?.[1];
    if (tag.startsWith('<input')) {
      const type = /\stype="([^"]*)"/.exec(tag)?.[1] ?? 'text';
      if ((type === 'checkbox' || type === 'radio') && !/\schecked=""/.test(tag)) continue;
      if (type === 'submit' || type === 'file') continue;
      out.push([name, decode(value ?? 'on')]);
    } else if (tag.startsWith('<select')) {
      const options = [...tag.matchAll(/<option\b[^>]*>/g)].map((o) => o[0]);
      const chosen = options.find((o) => /\sselected=""/.test(o)) ?? options[0]!;
      out.push([name, decode(/\svalue="([^"]*)"/.exec(chosen)?.[1] ?? '')]);
    } else out.push([name, decode(m[1] ?? '')]);
  }
  return out;
}

for (const dialect of await dialects()) {
  describe(`picture pixel limit (${dialect})`, () => {
    let t: TestApp;
    let admin: Client;
    const huge = blankPng(16_000, 16_000);

    beforeAll(async () => {
      t = await createTestApp(dialect, { pages: 'build' });
      admin = await staffLogin(t, 'admin', 'pixels.example');
    }, 60_000);
    afterAll(async () => {
      await t?.close();
    });

    const stored = async () => ({
      rows: Number((await t.services.db.selectFrom('media').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
      files: (() => {
        try {
          return readdirSync(mediaRoot(t.services.config.dataDir), { recursive: true }).length;
        } catch {
          return 0;
        }
      })(),
    });
    const upload = async (url: string, file: Buffer, fields: Record<string, string> = {}) => {
      const m = await multipart({ _csrf: admin.csrf, alt: 'Poster', ...fields }, [{ field: 'files', name: 'poster.png', data: file, type: 'image/png' }]);
      return t.app.inject({ method: 'POST', url, headers: { cookie: admin.cookieHeader(), 'content-type': m.contentType, accept: 'application/json' }, payload: m.payload });
    };

    it('a 16000 × 16000 PNG of a few kilobytes is refused by the product upload with a clear 413, quickly, and nothing is stored', async () => {
      expect(huge.length).toBeLessThan(300_000);
      expect(await sharp(huge).metadata()).toMatchObject({ width: 16_000, height: 16_000, format: 'png' });
      const before = await stored();
      const started = process.hrtime.bigint();
      const res = await upload('/admin/products/images.json', huge);
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ error: { code: 'too_large', fields: { images: expect.stringMatching(/16000 × 16000 pixels \(256 megapixels\); the largest accepted is 40 megapixels/) } } });
      // Decoding 256 megapixels takes seconds; the header is read in milliseconds.
      expect(ms).toBeLessThan(1_500);
      expect(await stored()).toEqual(before);
    });

    it("the pages' media library refuses it too, with the message on the page", async () => {
      const before = await stored();
      const res = await upload('/admin/pages/media', huge);
      expect(res.statusCode).toBe(413);
      expect(decode(res.body)).toContain('“poster.png” is 16000 × 16000 pixels');
      expect(await stored()).toEqual(before);
    });

    it('the owner sets the limit in the settings form: 1 megapixel refuses a 1200 × 1000 photo that the default takes', async () => {
      const photo = await sharp({ create: { width: 1200, height: 1000, channels: 3, background: '#335577' } }).png().toBuffer();
      const page = await t.app.inject({ method: 'GET', url: '/admin/settings', headers: { cookie: admin.cookieHeader() } });
      expect(page.statusCode).toBe(200);
      const fields = new Map(settingsForm(page.body));
      expect(fields.get('imageMaxMegapixels')).toBe('40');
      const save = async (mp: string) => {
        fields.set('imageMaxMegapixels', mp);
        return t.app.inject({ method: 'POST', url: '/admin/settings', headers: { cookie: admin.cookieHeader(), 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams([...fields]).toString() });
      };
      for (const bad of ['0', '251', 'many']) expect((await save(bad)).statusCode, bad).toBe(400);
      expect((await save('1')).statusCode).toBe(200);
      const before = await stored();
      const refused = await upload('/admin/products/images.json', photo);
      expect(refused.statusCode).toBe(413);
      expect(refused.json().error.message).toMatch(/1200 × 1000 pixels \(1\.2 megapixels\); the largest accepted is 1 megapixels/);
      expect(await stored()).toEqual(before);

      expect((await save('40')).statusCode).toBe(200);
      const taken = await upload('/admin/products/images.json', photo);
      expect(taken.statusCode, taken.body).toBe(200);
      expect((await stored()).rows).toBe(before.rows + 1);
    });
  });
}

