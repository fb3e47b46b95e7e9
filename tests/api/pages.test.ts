import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../app/features/account/account.server.ts';
import { createForm } from '../../app/features/forms/forms.server.ts';
import { issueStartToken } from '../../app/features/forms/spam.server.ts';
import { BLOCK_MAX_COUNT, BLOCK_MAX_DEPTH } from '../../app/features/pages/constants.ts';
import { Client, createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';

/*
 * Block pages through their real entry points: the admin API (roles, CSRF, validation with
 * paths, optimistic versions, publish, revisions, reserved slugs) and the public page at
 * /<slug> (drafts 404, published pages cached and invalidated on publish, the edit links
 * for editors only).
 */

type Who = 'anonymous' | 'customer' | 'operator' | 'editor' | 'shop_manager' | 'admin';
const EVERYONE: Who[] = ['anonymous', 'customer', 'operator', 'editor', 'shop_manager', 'admin'];
const EDITORS: Who[] = ['editor', 'shop_manager', 'admin'];
const PASSWORD = 'a long enough password';
const SECRET = 'test-secret-that-is-at-least-32-characters-long';

const tree = (heading: string) => [
  {
    id: 's1',
    type: 'section',
    children: [
      { id: 'h1', type: 'heading', props: { text: heading, level: 2 } },
      { id: 't1', type: 'text', props: { html: '<p>Hello <strong>there</strong></p><script>alert(1)</script><img src=x onerror=alert(2)>' } },
    ],
  },
];

for (const dialect of await dialects()) {
  describe(`block pages API (${dialect})`, () => {
    let t: TestApp;
    const clients = new Map<Who, Client>();
    const as = (who: Who) => clients.get(who)!;

    beforeAll(async () => {
      t = await createTestApp(dialect, { pages: 'build', config: { pageCacheMb: 8 } });
      await createForm(t.services.db, { title: 'Contact us', source: '<p><label>Name [text* your-name]</label></p>\n[submit "Send"]' }, { id: 1 });
      for (const who of EVERYONE) {
        const c = await Client.start(t.app);
        if (who !== 'anonymous') {
          await createUser(t.services, { email: `${who}@pages.example`, password: PASSWORD, name: who, role: who });
          expect((await c.request('POST', '/api/account/login', { email: `${who}@pages.example`, password: PASSWORD })).statusCode).toBe(200);
          const s = await c.request('GET', '/api/session');
          c.csrf = s.json().csrfToken;
        }
        clients.set(who, c);
      }
    }, 120_000);
    afterAll(() => t?.close());

    it('only editors, shop managers and administrators reach the API; the others change nothing', async () => {
      for (const who of EVERYONE) {
        const list = await as(who).request('GET', '/api/admin/pages');
        const create = await as(who).request('POST', '/api/admin/pages', { slug: `by-${who.replace('_', '-')}`, title: who });
        if (EDITORS.includes(who)) {
          expect(list.statusCode, who).toBe(200);
          expect(create.statusCode, who).toBe(201);
        } else {
          expect(list.statusCode, who).toBe(who === 'anonymous' ? 401 : 403);
          expect(create.statusCode, who).toBe(who === 'anonymous' ? 401 : 403);
        }
      }
      const slugs = (await as('admin').request('GET', '/api/admin/pages')).json().pages.map((p: { slug: string }) => p.slug).sort();
      expect(slugs).toEqual(['by-admin', 'by-editor', 'by-shop-manager']);
      // Without the CSRF header a write is refused even for an editor.
      const noCsrf = await as('editor').request('POST', '/api/admin/pages', { slug: 'no-csrf', title: 'x' }, { 'x-csrf-token': '' });
      expect(noCsrf.statusCode).toBe(403);
      expect(noCsrf.json().error.code).toBe('csrf');
    });

    it('saves a draft, publishes it, shows it at its address, and keeps revisions to restore', async () => {
      const ed = as('editor');
      const created = (await ed.request('POST', '/api/admin/pages', { slug: 'spring-sale', title: 'Spring sale', blocks: tree('First') })).json().page;
      expect(created.version).toBe(1);
      expect(created.status).toBe('draft');
      // Rich text is sanitised on write: no script, no event handler.
      const html = created.blocks[0].children[1].props.html as string;
      expect(html).toContain('<strong>there</strong>');
      expect(html).not.toMatch(/script|onerror|alert/);

      // A draft is not for visitors (nor the API of the shop).
      expect((await as('anonymous').request('GET', '/spring-sale')).statusCode).toBe(404);
      expect((await as('customer').request('GET', '/spring-sale')).statusCode).toBe(404);

      const saved = await ed.request('PUT', `/api/admin/pages/${created.id}`, { version: 1, blocks: tree('Second'), seoTitle: 'Sale!' });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().page.version).toBe(2);
      // Editors may look at the draft on the page itself.
      const preview = await ed.request('GET', '/spring-sale?preview');
      expect(preview.statusCode).toBe(200);
      expect(preview.body).toContain('Second');

      const published = await ed.request('POST', `/api/admin/pages/${created.id}/publish`, { version: 2 });
      expect(published.statusCode).toBe(200);
      expect(published.json().page).toMatchObject({ status: 'published', version: 3, changed: false });

      const first = await as('anonymous').request('GET', '/spring-sale');
      expect(first.statusCode).toBe(200);
      expect(first.body).toContain('Second');
      expect(first.body).toContain('<title>Sale! · ');
      expect(first.body).not.toContain('alert(');
      // Visitors get the shared cached page, without edit links.
      const again = await as('anonymous').request('GET', '/spring-sale');
      expect(again.headers['x-page-cache']).toBe('hit');
      expect(again.body).not.toContain('block-edit');
      // Editors get their own render, with the edit tooltip's links on every block.
      const mine = await ed.request('GET', '/spring-sale');
      expect(mine.headers['x-page-cache']).toBeUndefined();
      expect(mine.body).toContain(`data-link="/admin/pages/${created.id}/builder?block=h1"`);
      expect(mine.body).toContain(`data-backend="/admin/pages/${created.id}#block-h1"`);
      // A customer signed in sees no edit links either.
      expect((await as('customer').request('GET', '/spring-sale')).body).not.toContain('block-edit');

      // A new draft does not change what visitors see; publishing it does, at once (the cache moves on).
      const v4 = (await ed.request('PUT', `/api/admin/pages/${created.id}`, { version: 3, blocks: tree('Third') })).json().page;
      expect(v4.changed).toBe(true);
      expect((await as('anonymous').request('GET', '/spring-sale')).body).toContain('Second');
      await ed.request('POST', `/api/admin/pages/${created.id}/publish`, { version: 4 });
      const third = await as('anonymous').request('GET', '/spring-sale');
      expect(third.headers['x-page-cache']).toBe('miss');
      expect(third.body).toContain('Third');

      // Revisions, newest first; restoring the first makes it the draft again.
      const revisions = (await ed.request('GET', `/api/admin/pages/${created.id}/revisions`)).json().revisions;
      expect(revisions.map((r: { kind: string }) => r.kind)).toEqual(['published', 'draft', 'published', 'draft', 'draft']);
      const oldest = revisions[revisions.length - 1];
      const restored = await ed.request('POST', `/api/admin/pages/${created.id}/revisions/${oldest.id}/restore`, { version: 5 });
      expect(restored.statusCode).toBe(200);
      expect(restored.json().page.blocks[0].children[0].props.text).toBe('First');
      expect(restored.json().page.version).toBe(6);

      // Unpublished: 404 for visitors again.
      await ed.request('POST', `/api/admin/pages/${created.id}/unpublish`, { version: 6 });
      expect((await as('anonymous').request('GET', '/spring-sale')).statusCode).toBe(404);
    });

    it('refuses a save made from an old version (409) and keeps the newer one', async () => {
      const ed = as('shop_manager');
      const page = (await ed.request('POST', '/api/admin/pages', { slug: 'two-tabs', title: 'Two tabs' })).json().page;
      expect((await ed.request('PUT', `/api/admin/pages/${page.id}`, { version: 1, blocks: tree('Tab A') })).statusCode).toBe(200);
      const stale = await as('admin').request('PUT', `/api/admin/pages/${page.id}`, { version: 1, blocks: tree('Tab B') });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().error).toMatchObject({ code: 'stale_version', version: 2 });
      expect((await ed.request('POST', `/api/admin/pages/${page.id}/publish`, { version: 1 })).statusCode).toBe(409);
      const now = (await ed.request('GET', `/api/admin/pages/${page.id}`)).json().page;
      expect(now.blocks[0].children[0].props.text).toBe('Tab A');
      expect(now.version).toBe(2);
    });

    it('answers 400 with the path of the problem for bad trees, and saves nothing', async () => {
      const ed = as('editor');
      const page = (await ed.request('POST', '/api/admin/pages', { slug: 'bad-trees', title: 'Bad trees' })).json().page;
      let deep: Record<string, unknown> = { id: 'leaf', type: 'spacer' };
      for (let i = BLOCK_MAX_DEPTH; i > 0; i--) deep = { id: `d${i}`, type: 'animate', children: [deep] };
      const many = Array.from({ length: BLOCK_MAX_COUNT + 1 }, (_, i) => ({ id: `b${i}`, type: 'spacer' }));
      const cases: [unknown, string, RegExp][] = [
        [[{ id: 'x', type: 'marquee' }], 'blocks.0.type', /./],
        [[{ id: 's', type: 'section', children: [{ id: 'sl', type: 'slider', props: { label: 'S', autoplay: 'fast' } }] }], 'blocks.0.children.0.props.autoplay', /./],
        [[{ id: 'r', type: 'row', children: [{ id: 'h', type: 'heading', props: { text: 'x' } }] }], 'blocks.0.children.0.type', /./],
        [[{ id: 'h', type: 'heading', props: { text: 'x' }, children: [{ id: 'k', type: 'spacer' }] }], 'blocks.0.children', /no children/],
        [[{ id: 'v', type: 'video', props: { url: 'https://evil.example/v.mp4', title: 'x' } }], 'blocks.0.props.url', /YouTube/],
        [[{ id: 'e', type: 'embed', props: { url: 'javascript:alert(1)', title: 'x' } }], 'blocks.0.props.url', /./],
        [[{ id: 'b', type: 'button', props: { label: 'x', href: 'javascript:alert(1)' } }], 'blocks.0.props.href', /./],
        [[{ id: 'i', type: 'image', props: { mediaId: 1, alt: '' } }], 'blocks.0.props.alt', /./],
        [[{ id: 'lb', type: 'lightbox-button', props: { label: 'Open', target: 'nowhere' } }], 'blocks.0.props.target', /no lightbox/],
        [[{ id: 'a', type: 'spacer' }, { id: 'a', type: 'divider' }], 'blocks.1.id', /twice/],
        [[deep], `blocks.0${'.children.0'.repeat(BLOCK_MAX_DEPTH)}`, /20 deep/],
        [many, 'blocks', /2000 blocks/],
      ];
      for (const [blocks, path, message] of cases) {
        const res = await ed.request('PUT', `/api/admin/pages/${page.id}`, { version: 1, blocks });
        expect(res.statusCode, path).toBe(400);
        const error = res.json().error;
        expect(error.path, JSON.stringify(error)).toBe(path);
        expect(error.fields[path]).toMatch(message);
      }
      const after = (await ed.request('GET', `/api/admin/pages/${page.id}`)).json().page;
      expect(after).toMatchObject({ version: 1, blocks: [] });
    });

    it('keeps slugs unique and off the shop\'s own addresses', async () => {
      const ed = as('admin');
      for (const slug of ['cart', 'checkout', 'shop', 'admin', 'my-account', 'api', 'product']) {
        const res = await ed.request('POST', '/api/admin/pages', { slug, title: 'Taken' });
        expect(res.statusCode, slug).toBe(400);
        expect(res.json().error.fields.slug).toMatch(/belongs to the shop/);
      }
      for (const slug of ['Not OK', '../x', 'a--b', '']) expect((await ed.request('POST', '/api/admin/pages', { slug, title: 'x' })).statusCode, slug).toBe(400);
      expect((await ed.request('POST', '/api/admin/pages', { slug: 'about-us', title: 'About' })).statusCode).toBe(201);
      const twice = await ed.request('POST', '/api/admin/pages', { slug: 'about-us', title: 'About again' });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().error.code).toBe('slug_taken');
      // The shop's routes still answer at their addresses.
      expect((await as('anonymous').request('GET', '/cart')).statusCode).toBe(200);
    });

    it('renders a contact form block that sends without scripts', async () => {
      const ed = as('editor');
      const page = (
        await ed.request('POST', '/api/admin/pages', {
          slug: 'write-to-us',
          title: 'Write to us',
          blocks: [{ id: 'f', type: 'contact-form', props: { formId: 1, title: 'Send us a note' } }],
        })
      ).json().page;
      await ed.request('POST', `/api/admin/pages/${page.id}/publish`, { version: 1 });
      const res = await as('anonymous').request('GET', '/write-to-us');
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('name="your-name"');
      expect(res.body).toContain('action="/write-to-us#wpcf7-f1-o1"');

      // Posted without scripts to the page itself: judged, stored and answered on the page.
      const visitor = as('anonymous');
      const form = new FormData();
      const fields = { _wpcf7: '1', _wpcf7_version: '6.0.6', _wpcf7_locale: 'en-US', _wpcf7_unit_tag: 'wpcf7-f1-o1', _wpcf7_container_post: '0',
        _wpcf7_vt_started: issueStartToken(SECRET, Date.now() - 10_000), 'your-name': 'Ada Lovelace' };
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      const req = new Request('http://x/', { method: 'POST', body: form });
      const sent = await t.app.inject({
        method: 'POST',
        url: '/write-to-us',
        headers: { cookie: visitor.cookieHeader(), 'content-type': req.headers.get('content-type')!, 'sec-fetch-site': 'same-origin', 'user-agent': 'Mozilla/5.0 (test)' },
        payload: Buffer.from(await req.arrayBuffer()),
        remoteAddress: '10.30.0.1',
      });
      expect(sent.statusCode).toBe(200);
      expect(sent.body).toMatch(/<form class="wpcf7-form sent"/);
      const stored = await t.services.db.selectFrom('contact_submissions').select(['form_id', 'fields']).execute();
      expect(stored.some((r) => r.form_id === 1 && r.fields.includes('Ada Lovelace'))).toBe(true);
    });

    it('uploads pictures to the media library with alt text (required), as sharp variants; editors only', async () => {
      const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c0392b' } }).png().toBuffer();
      const upload = async (who: Who, alt: string) => {
        const form = new FormData();
        form.append('alt', alt);
        form.append('files', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'red.png');
        const req = new Request('http://x/', { method: 'POST', body: form });
        const c = as(who);
        return t.app.inject({
          method: 'POST',
          url: '/admin/pages/media',
          headers: { cookie: c.cookieHeader(), 'x-csrf-token': c.csrf, 'content-type': req.headers.get('content-type')!, 'sec-fetch-site': 'same-origin' },
          payload: Buffer.from(await req.arrayBuffer()),
        });
      };
      const count = async () => (await t.services.db.selectFrom('media').select('id').execute()).length;
      const before = await count();
      expect((await upload('customer', 'Red')).statusCode).toBe(403);
      expect((await upload('operator', 'Red')).statusCode).toBe(403);
      const noAlt = await upload('editor', '  ');
      expect(noAlt.statusCode).toBe(400);
      expect(noAlt.body).toContain('alt text is required');
      expect(await count()).toBe(before);
      const ok = await upload('editor', 'A red square');
      expect(ok.statusCode).toBe(200);
      const row = await t.services.db.selectFrom('media').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
      expect(row.alt).toBe('A red square');
      expect(JSON.parse(row.widths).length).toBeGreaterThan(0);
      // The picture in an image block: its WebP variants with the alt text the block gives.
      const ed = as('editor');
      const page = (await ed.request('POST', '/api/admin/pages', { slug: 'red', title: 'Red', blocks: [{ id: 'i', type: 'image', props: { mediaId: row.id, alt: 'A red square on white' } }] })).json().page;
      await ed.request('POST', `/api/admin/pages/${page.id}/publish`, { version: 1 });
      const html = (await as('anonymous').request('GET', '/red')).body;
      expect(html).toMatch(new RegExp(`<img src="/media/${row.path}-\\d+\\.webp"`));
      expect(html).toContain('alt="A red square on white"');
    });

    it('404s unknown pages and ids, and unknown revisions', async () => {
      expect((await as('anonymous').request('GET', '/no-such-page')).statusCode).toBe(404);
      // The home page's own slug leads to the home page.
      const home = await as('anonymous').request('GET', '/home');
      expect(home.statusCode).toBe(301);
      expect(home.headers.location).toBe('/');
      expect((await as('editor').request('GET', '/api/admin/pages/999999')).statusCode).toBe(404);
      expect((await as('editor').request('GET', '/api/admin/pages/abc')).statusCode).toBe(404);
      expect((await as('editor').request('POST', '/api/admin/pages/999999/revisions/1/restore', { version: 1 })).statusCode).toBe(404);
    });
  });
}
