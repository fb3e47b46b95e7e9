import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../app/features/account/account.server.ts';
import type { Services } from '../../app/lib/services.server.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { until } from '../helpers/chat.ts';
import { startS3, type TestS3 } from '../helpers/s3.ts';
import { freePort, HAPROXY, type Proc, run, stop } from '../helpers/nodes.ts';

/*
 * Media on several nodes (docs/ARCHITECTURE.md "Several nodes"): two real shop processes, each
 * with its own DATA_DIR, on one database and one S3 bucket (a real S3-compatible server), and
 * HAProxy in front. A picture uploaded on node A is served by node B and through the proxy on
 * every request, whichever node the proxy picks.
 */

const SECRET = 'several-nodes-media-secret-at-least-32-characters';
const PASSWORD = 'a long enough password';

const reachable = (url: string) => fetch(url).then((r) => r.ok, () => false);

// PostgreSQL as the documented topology has it; SQLite (one file, two processes) where it is not running.
const dialect = (await dialects()).includes('postgres') ? 'postgres' : 'sqlite';

describe(`two shop processes on one S3 bucket (${dialect})`, () => {
  let database: TestDatabase;
  let s3: TestS3;
  let proxy: Proc | undefined;
  const nodes: { name: string; port: number; p: Proc }[] = [];
  let proxyUrl = '';
  const base = (i: number) => `http://127.0.0.1:${nodes[i]!.port}`;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await createUser({ db: database.db } as Services, { email: 'admin@shop.example', password: PASSWORD, name: 'Admin', role: 'admin' });
    s3 = await startS3();
    for (const name of ['a', 'b']) {
      const port = await freePort();
      const dataDir = path.join(database.dataDir, name);
      mkdirSync(dataDir, { recursive: true });
      const p = run(process.execPath, ['--import', 'tsx', 'tests/helpers/shop-node.ts'], {
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        PORT: String(port),
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        SESSION_SECRET: SECRET,
        TRUST_PROXY: '1',
        WORKERS: '1',
        ...s3.env('nodes'),
      });
      nodes.push({ name, port, p });
    }
    // A node that stopped, or never listened, shows why.
    await Promise.all(
      nodes.map((n) =>
        until(() => n.p.logs.some((l) => l.startsWith('LISTENING')) || n.p.proc.exitCode !== null, `node ${n.name} listening`, 150_000).then(() => {
          if (n.p.proc.exitCode !== null) throw new Error(`node ${n.name} exited ${n.p.proc.exitCode}:\n${n.p.logs.join('\n')}`);
        }, (err: Error) => {
          throw new Error(`${err.message}:\n${n.p.logs.join('\n')}`);
        }),
      ),
    );
    if (HAPROXY) {
      const proxyPort = await freePort();
      proxyUrl = `http://127.0.0.1:${proxyPort}`;
      proxy = run(HAPROXY, ['-f', 'deploy/haproxy.cfg', '-db'], {
        VITRINE_LISTEN: `127.0.0.1:${proxyPort}`,
        VITRINE_NODE_1: `127.0.0.1:${nodes[0]!.port}`,
        VITRINE_NODE_2: `127.0.0.1:${nodes[1]!.port}`,
      });
      const deadline = Date.now() + 15_000;
      while (!(await reachable(`${proxyUrl}/api/health`))) {
        if (Date.now() > deadline) throw new Error(`haproxy did not start: ${proxy.logs.join('\n')}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }, 240_000);

  afterAll(async () => {
    await stop(proxy);
    for (const n of nodes) await stop(n.p);
    await s3?.close();
    await database?.cleanup();
  });

  /** Signs the administrator in on one node as a browser would: cookies and the CSRF token. */
  const signIn = async (url: string) => {
    const session = await fetch(`${url}/api/session`);
    const csrf = ((await session.json()) as { csrfToken: string }).csrfToken;
    const jar = new Map(session.headers.getSetCookie().map((c) => c.split(';')[0]!.split('=') as [string, string]));
    const res = await fetch(`${url}/api/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': csrf, cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
      body: JSON.stringify({ email: 'admin@shop.example', password: PASSWORD }),
    });
    expect(res.status).toBe(200);
    for (const c of res.headers.getSetCookie()) {
      const [k, v] = c.split(';')[0]!.split('=') as [string, string];
      jar.set(k, v);
    }
    return { csrf, cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') };
  };

  it('serves a picture uploaded on node A from node B and through the proxy, every time', async () => {
    const who = await signIn(base(0));
    const form = new FormData();
    form.set('_csrf', who.csrf);
    form.set('alt', 'Teal square');
    const picture = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 20, g: 140, b: 140 } } }).png().toBuffer();
    form.set('files', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'teal.png');
    const res = await fetch(`${base(0)}/admin/products/images.json`, { method: 'POST', headers: { cookie: who.cookie, 'x-csrf-token': who.csrf }, body: form });
    expect(res.status, await res.clone().text()).toBe(200);
    const [image] = ((await res.json()) as { images: { path: string; widths: string }[] }).images;
    const widths = JSON.parse(image!.widths) as number[];
    expect(widths).toEqual([150, 300, 600]);

    const fromA = new Map<number, Buffer>();
    for (const w of widths) {
      const r = await fetch(`${base(0)}/media/${image!.path}-${w}.webp`);
      expect(r.status).toBe(200);
      fromA.set(w, Buffer.from(await r.arrayBuffer()));
    }
    // Node B never saw the upload: its bytes come from the bucket.
    const targets = [base(1), ...(proxyUrl ? [proxyUrl] : [])];
    for (const target of targets) {
      // Through the proxy the requests alternate between the nodes: each must answer.
      for (let round = 0; round < 6; round++) {
        for (const w of widths) {
          const r = await fetch(`${target}/media/${image!.path}-${w}.webp`);
          expect(r.status, `${target} round ${round} width ${w}`).toBe(200);
          expect(r.headers.get('content-type')).toBe('image/webp');
          expect(r.headers.get('cache-control')).toBe('public, max-age=2592000');
          expect(Buffer.from(await r.arrayBuffer()).equals(fromA.get(w)!)).toBe(true);
        }
      }
    }
    // The folder of neither node holds it.
    for (const name of ['a', 'b']) expect(existsSync(path.join(database.dataDir, name, 'media', 'uploads'))).toBe(false);
  }, 120_000);

  it.runIf(!!HAPROXY)('answers 404 for a picture no node has, through the proxy too', async () => {
    for (const target of [base(0), base(1), proxyUrl]) {
      expect((await fetch(`${target}/media/uploads/none-150.webp`)).status).toBe(404);
    }
  });
});
