import { spawnSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { SMTPServer } from 'smtp-server';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseMail, startSmtpServer } from '../../tests/helpers/smtp.ts';
import { createMailer, decodeHeader, listStoredMail, mailDir, privateMailDir, readStoredMail, type Mailer } from './mail.server.ts';

const message = (subject: string, to = 'shopper@example.com') => ({
  to,
  subject,
  text: 'Plain text body',
  html: '<p>HTML body</p>',
});

describe('file mail transport', () => {
  let dataDir: string;
  let mailer: Mailer;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'vitrine-mail-'));
    mailer = createMailer({ from: 'Shop <shop@example.com>', dataDir });
  });
  afterEach(() => {
    mailer.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is used when no SMTP URL is configured, and writes one .eml file per message', async () => {
    expect(mailer.transport).toBe('file');
    await mailer.send(message('Hello'));
    const files = readdirSync(mailDir(dataDir));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
  });

  it('writes again after its folder was removed while the shop runs', async () => {
    await mailer.send(message('First'));
    rmSync(mailDir(dataDir), { recursive: true, force: true });
    await mailer.send(message('After the folder went'));
    expect((await listStoredMail(dataDir)).map((m) => m.subject)).toEqual(['After the folder went']);
  });

  it('lists stored messages newest first with recipient, subject, date and size', async () => {
    const before = Date.now();
    await mailer.send(message('First', 'one@example.com'));
    await new Promise((r) => setTimeout(r, 5));
    await mailer.send(message('Second', 'two@example.com'));
    const list = await listStoredMail(dataDir);
    expect(list.map((m) => [m.to, m.subject])).toEqual([
      ['two@example.com', 'Second'],
      ['one@example.com', 'First'],
    ]);
    expect(Date.parse(list[1].date)).toBeGreaterThanOrEqual(before - 1);
    expect(list[0].size).toBeGreaterThan(100);
    expect(await listStoredMail(dataDir, 1)).toHaveLength(1);
  });

  it('decodes non-ASCII subjects and names, short and long', async () => {
    const long = 'Réinitialisez votre mot de passe pour Boutique Étoile — merci beaucoup, à bientôt 😀';
    await mailer.send(message('Ünïcödé'));
    await new Promise((r) => setTimeout(r, 5));
    await mailer.send(message(long, 'Zoë Ångström <zoe@example.com>'));
    const [newest, oldest] = await listStoredMail(dataDir);
    expect(oldest.subject).toBe('Ünïcödé');
    expect(newest.subject).toBe(long);
    expect(newest.to).toBe('Zoë Ångström <zoe@example.com>');
  });

  it('reads back the whole raw message, which a mail parser understands', async () => {
    await mailer.send(message('Your receipt für heute'));
    const [stored] = await listStoredMail(dataDir);
    const raw = await readStoredMail(dataDir, stored.id);
    expect(raw).toContain('From: Shop <shop@example.com>');
    const parsed = await parseMail(Buffer.from(raw!));
    expect(parsed.subject).toBe('Your receipt für heute');
    expect(parsed.text?.trim()).toBe('Plain text body');
    expect(parsed.html).toContain('<p>HTML body</p>');
  });

  it('answers null for ids that are unknown, malformed or try to leave the mail folder', async () => {
    writeFileSync(path.join(dataDir, 'secret.txt'), 'do not show');
    await mailer.send(message('Hello'));
    for (const id of ['../x', '../secret.txt', '..%2Fsecret.txt', '/etc/passwd', 'secret.txt', '', '000000000000001-00000000.eml']) {
      expect(await readStoredMail(dataDir, id), id).toBeNull();
    }
  });

  it('lists nothing when no mail was ever written, and ignores stray files', async () => {
    expect(await listStoredMail(dataDir)).toEqual([]);
    await mailer.send(message('Hello'));
    writeFileSync(path.join(mailDir(dataDir), 'notes.txt'), 'x');
    writeFileSync(path.join(mailDir(dataDir), 'broken.eml'), 'x');
    expect((await listStoredMail(dataDir)).map((m) => m.subject)).toEqual(['Hello']);
  });
});

const TOKEN = 'Zk3-pQ_9vRtY2mX8wLc4bN7hJ0sD6fGa1eUiOoPq2rS';
const resetMessage = () => ({
  to: 'owner@example.com',
  subject: 'Reset your password',
  text: `Choose a new password:\nhttps://shop.example/account/reset-password?token=${TOKEN}\n`,
  html: `<p><a href="https://shop.example/account/reset-password?token=${TOKEN}">Choose a new password</a></p>`,
  kind: 'password_reset' as const,
  secrets: [TOKEN],
});

describe('outbox copies of messages with one-time tokens', () => {
  let dataDir: string;
  let mailer: Mailer;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'vitrine-mail-'));
    mailer = createMailer({ from: 'Shop <shop@example.com>', dataDir });
  });
  afterEach(() => {
    mailer.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps the listed copy without the token, marked as redacted, in both parts', async () => {
    await mailer.send(resetMessage());
    await mailer.send(message('Your order'));
    const list = await listStoredMail(dataDir);
    expect(Object.fromEntries(list.map((m) => [m.subject, m.redacted]))).toEqual({ 'Your order': false, 'Reset your password': true });
    const stored = list.find((m) => m.redacted)!;
    const raw = (await readStoredMail(dataDir, stored.id))!;
    expect(raw).not.toContain(TOKEN);
    const parsed = await parseMail(Buffer.from(raw));
    expect(parsed.text).toContain('/account/reset-password?token=[withheld]');
    expect(parsed.html).toContain('token=[withheld]');
    expect(parsed.html).not.toContain(TOKEN);
  });

  it('writes the full message only under mail/private, readable by the server user alone and never listed', async () => {
    await mailer.send(resetMessage());
    const [stored] = await listStoredMail(dataDir);
    const file = path.join(privateMailDir(dataDir), stored.id);
    const parsed = await parseMail(readFileSync(file));
    expect(parsed.text).toContain(`/account/reset-password?token=${TOKEN}`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(privateMailDir(dataDir)).mode & 0o777).toBe(0o700);
    expect(await listStoredMail(dataDir)).toHaveLength(1);
    for (const id of [`private/${stored.id}`, `private%2F${stored.id}`, `../mail/private/${stored.id}`]) {
      expect(await readStoredMail(dataDir, id), id).toBeNull();
    }
  });

  it('makes mail/private again, for the server user alone, when the folders went while the shop runs', async () => {
    await mailer.send(resetMessage());
    rmSync(mailDir(dataDir), { recursive: true, force: true });
    await mailer.send(resetMessage());
    const [stored] = await listStoredMail(dataDir);
    expect(readFileSync(path.join(privateMailDir(dataDir), stored.id), 'utf8')).toContain(TOKEN);
    expect(statSync(privateMailDir(dataDir)).mode & 0o777).toBe(0o700);
    expect(await listStoredMail(dataDir)).toHaveLength(1);
  });

  it('keeps only the subject of a token message that names no secret', async () => {
    await mailer.send({ ...resetMessage(), secrets: [] });
    const [stored] = await listStoredMail(dataDir);
    const raw = (await readStoredMail(dataDir, stored.id))!;
    expect(raw).not.toContain(TOKEN);
    expect(stored.subject).toBe('Reset your password');
  });
});

describe('SMTP mail transport', () => {
  it('delivers a token message whole, and writes no file', async () => {
    const smtp = await startSmtpServer();
    const dir = mkdtempSync(path.join(tmpdir(), 'vitrine-mail-'));
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'Shop <shop@example.com>', dataDir: dir });
    try {
      await mailer.send(resetMessage());
      const parsed = await parseMail((await smtp.waitFor(0)).raw);
      expect(parsed.text).toContain(`/account/reset-password?token=${TOKEN}`);
      expect(parsed.headers.map((h) => h.key)).not.toContain('x-vitrine-redacted');
      expect(await listStoredMail(dir)).toEqual([]);
    } finally {
      mailer.close();
      await smtp.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('delivers to the configured server', async () => {
    const smtp = await startSmtpServer();
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'Shop <shop@example.com>', dataDir: tmpdir() });
    try {
      expect(mailer.transport).toBe('smtp');
      await mailer.send(message('Grüße aus dem Laden'));
      const mail = await smtp.waitFor(0);
      expect(mail.to).toEqual(['shopper@example.com']);
      const parsed = await parseMail(mail.raw);
      expect(parsed.subject).toBe('Grüße aus dem Laden');
      expect(parsed.from?.address).toBe('shop@example.com');
    } finally {
      mailer.close();
      await smtp.close();
    }
  });

  it('fails loudly when the server cannot be reached', async () => {
    const smtp = await startSmtpServer();
    await smtp.close();
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'shop@example.com', dataDir: tmpdir() });
    try {
      await expect(mailer.send(message('Hello'))).rejects.toThrow();
    } finally {
      mailer.close();
    }
  });
});

describe('the mail thread', () => {
  it('carries attachments, reply address and copies to the server byte for byte', async () => {
    const smtp = await startSmtpServer();
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'Shop <shop@example.com>', dataDir: tmpdir() });
    const photo = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7) % 256));
    try {
      await mailer.send({ ...message('A photo'), replyTo: 'sender@example.com', cc: 'copy@example.com', attachments: [{ filename: 'photo.png', content: photo, contentType: 'image/png' }] });
      const mail = await smtp.waitFor(0);
      expect(mail.to.sort()).toEqual(['copy@example.com', 'shopper@example.com']);
      const parsed = await parseMail(mail.raw);
      expect(parsed.replyTo).toEqual([{ address: 'sender@example.com', name: '' }]);
      expect(parsed.attachments).toHaveLength(1);
      expect(parsed.attachments[0]!.filename).toBe('photo.png');
      expect(Buffer.from(parsed.attachments[0]!.content as ArrayBuffer).equals(photo)).toBe(true);
    } finally {
      mailer.close();
      await smtp.close();
    }
  });

  it('sends messages handed over together, each once', async () => {
    const smtp = await startSmtpServer();
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'shop@example.com', dataDir: tmpdir() });
    try {
      await Promise.all(Array.from({ length: 12 }, (_, i) => mailer.send(message(`Order ${i}`))));
      await smtp.waitFor(11);
      const subjects = await Promise.all(smtp.received.map(async (m) => (await parseMail(m.raw)).subject));
      expect(subjects.sort()).toEqual(Array.from({ length: 12 }, (_, i) => `Order ${i}`).sort());
    } finally {
      mailer.close();
      await smtp.close();
    }
  });

  it("passes the server's refusal on with its SMTP code", async () => {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(_address, _session, callback) {
        callback(Object.assign(new Error('No such mailbox here'), { responseCode: 550 }));
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const { port } = server.server.address() as AddressInfo;
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'shop@example.com', dataDir: tmpdir() });
    try {
      const refused = await mailer.send(message('Hello')).then(() => null, (err: unknown) => err);
      expect(refused).toBeInstanceOf(Error);
      expect(refused).toMatchObject({ code: 'EENVELOPE', responseCode: 550 });
      expect((refused as Error).message).toMatch(/No such mailbox here/);
    } finally {
      mailer.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('refuses a message it cannot hand over to the thread, and sends the next', async () => {
    const smtp = await startSmtpServer();
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'shop@example.com', dataDir: tmpdir() });
    try {
      const stream = Readable.from(['not a buffer']) as unknown as Buffer;
      await expect(mailer.send({ ...message('Streamed'), attachments: [{ filename: 'a.txt', content: stream }] })).rejects.toThrow();
      await mailer.send(message('Plain'));
      expect((await parseMail((await smtp.waitFor(0)).raw)).subject).toBe('Plain');
    } finally {
      mailer.close();
      await smtp.close();
    }
  });

  it('refuses only the message it cannot hand over when others are sent with it', async () => {
    const smtp = await startSmtpServer();
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'shop@example.com', dataDir: tmpdir() });
    try {
      const stream = Readable.from(['not a buffer']) as unknown as Buffer;
      const outcomes = await Promise.allSettled([
        mailer.send(message('Before')),
        mailer.send({ ...message('Streamed'), attachments: [{ filename: 'a.txt', content: stream }] }),
        mailer.send(message('After')),
      ]);
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      await smtp.waitFor(1);
      const subjects = await Promise.all(smtp.received.map(async (m) => (await parseMail(m.raw)).subject));
      expect(subjects.sort()).toEqual(['After', 'Before']);
    } finally {
      mailer.close();
      await smtp.close();
    }
  });

  it('finishes a token message and its outbox copy when closed in the middle', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vitrine-mail-'));
    const mailer = createMailer({ from: 'shop@example.com', dataDir });
    try {
      const sent = mailer.send(resetMessage());
      mailer.close();
      await sent;
      expect(readdirSync(mailDir(dataDir)).filter((f) => f.endsWith('.eml'))).toHaveLength(1);
      expect(readdirSync(privateMailDir(dataDir)).filter((f) => f.endsWith('.eml'))).toHaveLength(1);
      await expect(mailer.send(message('After closing'))).rejects.toThrow(/closed/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('keeps a process alive until its message is written, then lets it end', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vitrine-mail-'));
    try {
      // A script that hands over a message, does not wait for it and never closes the mailer.
      const script = `import { createMailer } from ${JSON.stringify(new URL('./mail.server.ts', import.meta.url).href)};
        createMailer({ from: 'shop@example.com', dataDir: ${JSON.stringify(dataDir)} }).send({ to: 'a@example.com', subject: 'Last words', text: 'x', html: '<p>x</p>' });`;
      const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60_000 });
      expect(run.error).toBeUndefined();
      expect(run.status, run.stderr).toBe(0);
      expect(readdirSync(mailDir(dataDir)).filter((f) => f.endsWith('.eml'))).toHaveLength(1);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('decodeHeader', () => {
  it('decodes Q and B encoded words', () => {
    expect(decodeHeader('=?UTF-8?Q?Caf=C3=A9_au_lait?=')).toBe('Café au lait');
    expect(decodeHeader('=?utf-8?B?Q2Fmw6k=?=')).toBe('Café');
  });

  it('joins adjacent words, even when one character is split between them', () => {
    expect(decodeHeader('=?UTF-8?Q?Boutique_=C3=89t?=\n =?UTF-8?Q?oile?=')).toBe('Boutique Étoile');
    expect(decodeHeader('=?UTF-8?Q?=C3?= =?UTF-8?Q?=89?=')).toBe('É');
  });

  it('keeps whitespace between encoded words and plain text', () => {
    expect(decodeHeader('=?UTF-8?Q?Caf=C3=A9?= au lait')).toBe('Café au lait');
    expect(decodeHeader('Order =?UTF-8?Q?n=C2=BA?= 12')).toBe('Order nº 12');
  });

  it('honours other charsets and leaves plain text alone', () => {
    expect(decodeHeader('=?ISO-8859-1?Q?Caf=E9?=')).toBe('Café');
    expect(decodeHeader('Plain subject')).toBe('Plain subject');
  });
});
