import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { test as base, expect } from './fixtures.ts';
import { MOBILE, expectNoSeriousA11yViolations, screenshot, waitForHydration } from './helpers.ts';
import { adminSession } from './checkout-helpers.ts';
import { budget } from './time.ts';

/*
 * The back office's integrations in the browser: an administrator creates an API key (shown
 * once, then only its end), the key reads the admin API and its last use shows, revoking it
 * refuses it at once; a webhook is added, "Send a test" reaches a receiving service on this
 * machine with a valid signature and shows in the delivery log, "Redeliver" sends it again.
 * Axe on each page, screenshots at 1280 and 390 px.
 */

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A receiving service: answers 200 to every post and keeps what it got. */
class Receiver {
  readonly got: Received[] = [];
  private constructor(private server: http.Server) {}
  static async start(): Promise<Receiver> {
    const server = http.createServer();
    const r = new Receiver(server);
    server.on('request', (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        r.got.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('thanks');
      });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    return r;
  }
  get origin(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  close(): Promise<void> {
    return new Promise((done) => this.server.close(() => done()));
  }
}

const test = base.extend<object, { receiver: Receiver }>({
  receiver: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const r = await Receiver.start();
      await provide(r);
      await r.close();
    },
    { scope: 'worker' },
  ],
  // Outside production a webhook may post to this machine (a local receiver); in production it may not.
  shopEnv: [{ NODE_ENV: 'test' }, { scope: 'worker' }],
});

// Its own shop: it creates the first administrator, keys and webhooks.
test.use({ shopInstance: 'integrations' });

test('create an API key, shown once; it reads the admin API, its last use shows; revoked, it is refused at once', async ({ page }) => {
  test.setTimeout(budget(120_000));
  await adminSession(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin/api-keys');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible();
  await expect(page.getByText('No API keys yet.')).toBeVisible();
  await page.getByLabel('Description').fill('Accounting export');
  await page.getByLabel('Permission').selectOption({ label: 'Read' });
  await page.getByRole('button', { name: 'Create key' }).click();

  await expect(page.getByText('Key “Accounting export” created. Copy it now: it is not shown again.')).toBeVisible();
  const shown = page.getByRole('textbox', { name: 'Your new key' });
  await expect(shown).toHaveValue(/^vtk_\S{20,}$/);
  const key = await shown.inputValue();
  const row = page.getByRole('row').filter({ hasText: 'Accounting export' });
  await expect(row).toContainText(`vtk_…${key.slice(-4)}`);
  await expect(row).toContainText('Read');
  await expect(row).toContainText('Never');
  await expectNoSeriousA11yViolations(page, 'the API keys page with a new key');
  await screenshot(page, 'admin-api-keys-1280');
  await page.setViewportSize(MOBILE);
  await screenshot(page, 'admin-api-keys-390');
  await page.setViewportSize({ width: 1280, height: 900 });

  // The key works, as a tool would send it.
  const call = () => page.request.get('/api/admin/orders', { headers: { authorization: `Bearer ${key}`, cookie: '' } });
  expect((await call()).status()).toBe(200);
  // Shown once: the page again has its end only, and "Last used" is no longer "Never".
  await page.goto('/admin/api-keys');
  await waitForHydration(page);
  await expect(page.getByRole('textbox', { name: 'Your new key' })).toHaveCount(0);
  expect(await page.content()).not.toContain(key);
  await expect(page.getByRole('row').filter({ hasText: 'Accounting export' })).not.toContainText('Never');

  await page.getByRole('button', { name: 'Revoke the key Accounting export' }).click();
  await expect(page.getByText('Key “Accounting export” revoked: it no longer works.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Accounting export' })).toHaveCount(0);
  expect((await call()).status()).toBe(401);
});

test('add a webhook, send a test to the receiver, see it in the delivery log, and redeliver it', async ({ page, receiver }) => {
  test.setTimeout(budget(120_000));
  await adminSession(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin/webhooks');
  await waitForHydration(page);
  await expect(page.getByText('No webhooks yet.')).toBeVisible();
  await page.getByLabel('Name').fill('Fulfilment');
  await page.getByLabel('Delivery address').fill(`${receiver.origin}/hooks/orders`);
  await page.getByLabel('Event').selectOption({ label: 'Order paid' });
  await page.getByRole('button', { name: 'Add webhook' }).click();

  await expect(page).toHaveURL(/\/admin\/webhooks\/\d+\?created=1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Fulfilment' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Webhook “Fulfilment” added.' })).toBeVisible();
  const secret = await page.getByRole('textbox', { name: 'Signing secret' }).inputValue();
  expect(secret.length).toBeGreaterThanOrEqual(16);
  await expect(page.getByText('Nothing delivered yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Send a test' }).click();
  await expect(page.getByText(/^Test sent: 200 \(\d+ ms\)\.$/)).toBeVisible();
  const log = page.getByRole('table', { name: 'Deliveries' });
  const first = log.getByRole('row').filter({ hasText: 'Test' });
  await expect(first).toHaveCount(1);
  await expect(first).toContainText('Delivered');
  await expect(first).toContainText('200');
  // The receiver got it once, signed with the secret the page shows.
  expect(receiver.got.filter((g) => g.path === '/hooks/orders')).toHaveLength(1);
  const msg = receiver.got[0]!;
  expect(msg.headers['vitrine-topic']).toBe('ping');
  const [, ts, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(msg.headers['vitrine-signature'])) ?? [];
  expect(v1).toBe(createHmac('sha256', secret).update(`${ts}.${msg.body}`).digest('hex'));

  await expectNoSeriousA11yViolations(page, 'a webhook with its delivery log');
  await screenshot(page, 'admin-webhook-1280');
  await page.setViewportSize(MOBILE);
  await screenshot(page, 'admin-webhook-390');
  await page.setViewportSize({ width: 1280, height: 900 });

  const id = /#(\d+)/.exec((await first.getByRole('rowheader').textContent()) ?? '')?.[1];
  await first.getByRole('button', { name: `Deliver message ${id} again` }).click();
  await expect(page.getByText(/^Message \d+ queued again\.$/)).toBeVisible();
  // The delivery job sends it within a few seconds; the log then has both, delivered.
  await expect.poll(() => receiver.got.filter((g) => g.path === '/hooks/orders').length, { timeout: 20_000 }).toBe(2);
  expect(receiver.got[1]!.body).toBe(msg.body);
  await page.reload();
  await expect(log.getByRole('row').filter({ hasText: 'Delivered' })).toHaveCount(2);

  // The list names it with its event and last answer.
  await page.goto('/admin/webhooks');
  await waitForHydration(page);
  const listed = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Open the webhook Fulfilment' }) });
  await expect(listed).toContainText('Order paid');
  await expect(listed).toContainText('Active');
  await expect(listed).toContainText('200');
  await expectNoSeriousA11yViolations(page, 'the webhooks list');
  await screenshot(page, 'admin-webhooks-1280');
  await page.setViewportSize(MOBILE);
  await screenshot(page, 'admin-webhooks-390');
  await page.setViewportSize({ width: 1280, height: 900 });

  // Deleting asks first, naming it: "Cancel" keeps it; "OK" deletes it.
  await page.getByRole('link', { name: 'Open the webhook Fulfilment' }).click();
  await waitForHydration(page);
  const asked: string[] = [];
  page.once('dialog', (d) => void (asked.push(d.message()), d.dismiss()));
  await page.getByRole('button', { name: 'Delete webhook' }).click();
  expect(asked).toEqual(['Delete the webhook “Fulfilment” and its delivery log? It stops at once and cannot be brought back.']);
  await expect(page.getByRole('heading', { level: 1, name: 'Fulfilment' })).toBeVisible();
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Delete webhook' }).click();
  await expect(page).toHaveURL(/\/admin\/webhooks$/);
  await expect(page.getByRole('link', { name: 'Open the webhook Fulfilment' })).toHaveCount(0);
});
