import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

/**
 * What a message is for. Kinds in ONE_TIME_TOKEN_KINDS carry a secret that lets whoever
 * reads the message act as its recipient (a password-reset link; later a sign-in link, an
 * address verification, an account-setup invitation): such a message is never kept
 * readable in the outbox the admin pages show.
 */
export type MailKind = 'password_reset' | 'magic_link' | 'email_verification' | 'account_setup' | 'order' | 'account' | 'other';

export const ONE_TIME_TOKEN_KINDS: ReadonlySet<MailKind> = new Set(['password_reset', 'magic_link', 'email_verification', 'account_setup']);

interface BaseMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra header lines (e.g. List-Unsubscribe on alert e-mails). */
  headers?: Record<string, string>;
}

/** What a message may add to the usual four (contact forms: their own sender, reply address, copies, files). */
export interface MailExtras {
  /** Replaces the configured MAIL_FROM. */
  from?: string;
  replyTo?: string;
  cc?: string;
  bcc?: string;
  attachments?: { filename: string; content: Buffer; contentType?: string }[];
}

/** A message with a one-time token must name it, so the outbox copy can be redacted. */
export type MailMessage =
  | (BaseMessage & { kind: 'password_reset' | 'magic_link' | 'email_verification' | 'account_setup'; secrets: string[] })
  | (BaseMessage & MailExtras & { kind?: 'order' | 'account' | 'other'; secrets?: undefined });

/** The extras of a message, for the transports ({} for messages with one-time tokens). */
function extrasOf(m: MailMessage): MailExtras {
  if (m.kind && ONE_TIME_TOKEN_KINDS.has(m.kind)) return {};
  const e = m as MailExtras;
  const out: MailExtras = {};
  if (e.from) out.from = e.from;
  if (e.replyTo) out.replyTo = e.replyTo;
  if (e.cc) out.cc = e.cc;
  if (e.bcc) out.bcc = e.bcc;
  if (e.attachments?.length) out.attachments = e.attachments;
  return out;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** "smtp" delivers to a server; "file" writes .eml files under the data directory. */
  readonly transport: 'smtp' | 'file';
  close(): void;
}

export interface StoredMail {
  id: string;
  to: string;
  subject: string;
  date: string;
  size: number;
  /** Its one-time token is withheld here (the full message is in privateMailDir). */
  redacted: boolean;
}

export const mailDir = (dataDir: string) => path.join(dataDir, 'mail');
/**
 * Unredacted copies of messages with one-time tokens (file transport only): readable by the
 * server's own user (mode 0700/0600), never listed or served by the admin pages.
 */
export const privateMailDir = (dataDir: string) => path.join(mailDir(dataDir), 'private');

/** Header marking an outbox copy whose one-time token was withheld. */
export const REDACTED_HEADER = 'X-Vitrine-Redacted';
export const REDACTED = '[withheld]';

/** The message as the outbox may show it: every secret replaced, in both parts. */
export function redactForOutbox(m: MailMessage): { message: BaseMessage; redacted: boolean } {
  const { to, subject, text, html, headers } = m;
  if (!m.kind || !ONE_TIME_TOKEN_KINDS.has(m.kind)) return { message: { to, subject, text, html, ...(headers ? { headers } : {}) }, redacted: false };
  const secrets = (m.secrets ?? []).filter((x) => x.length > 0);
  // A token kind that names no secret keeps nothing but its subject.
  if (secrets.length === 0) return { message: { to, subject, text: REDACTED, html: `<p>${REDACTED}</p>` }, redacted: true };
  const strip = (s: string) => secrets.reduce((out, secret) => out.split(secret).join(REDACTED).split(encodeURIComponent(secret)).join(REDACTED), s);
  return { message: { to, subject: strip(subject), text: strip(text), html: strip(html) }, redacted: true };
}

/** SMTP when a URL is configured, otherwise .eml files that the admin's Mail page lists. */
export function createMailer(opts: { smtpUrl?: string; from: string; dataDir: string }): Mailer {
  if (opts.smtpUrl) {
    const transporter: Transporter = nodemailer.createTransport(opts.smtpUrl);
    return {
      transport: 'smtp',
      async send(m) {
        const { to, subject, text, html, headers } = m;
        await transporter.sendMail({ from: opts.from, to, subject, text, html, ...(headers ? { headers } : {}), ...extrasOf(m) });
      },
      close: () => transporter.close(),
    };
  }
  const dir = mailDir(opts.dataDir);
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  // The outbox folder is made once, and again should someone remove it while the shop runs.
  let made: Promise<unknown> | undefined;
  const makeDir = () =>
    (made ??= mkdir(dir, { recursive: true }).catch((err: unknown) => {
      made = undefined;
      throw err;
    }));
  const write = async (name: string, data: Buffer) => {
    await makeDir();
    try {
      await writeFile(path.join(dir, name), data, { mode: 0o600 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      made = undefined;
      await makeDir();
      await writeFile(path.join(dir, name), data, { mode: 0o600 });
    }
  };
  return {
    transport: 'file',
    async send(m) {
      // Time-ordered names so the newest sorts last; random suffix avoids collisions.
      const name = `${Date.now().toString().padStart(15, '0')}-${randomBytes(4).toString('hex')}.eml`;
      const { message, redacted } = redactForOutbox(m);
      if (redacted) {
        // The real message (its link is what lets the owner finish a reset on a machine
        // without SMTP) goes where only someone with shell access reads it.
        const full = await builder.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text, html: m.html });
        const secret = privateMailDir(opts.dataDir);
        await mkdir(secret, { recursive: true, mode: 0o700 });
        await chmod(secret, 0o700);
        await writeFile(path.join(secret, name), full.message as Buffer, { mode: 0o600 });
      }
      const info = await builder.sendMail({ from: opts.from, ...message, ...extrasOf(m), headers: redacted ? { [REDACTED_HEADER]: 'one-time token' } : message.headers });
      await write(name, info.message as Buffer);
    },
    close: () => builder.close(),
  };
}

const MAIL_ID = /^[0-9]{15}-[0-9a-f]{8}\.eml$/;

/** Messages written by the file transport, newest first. */
export async function listStoredMail(dataDir: string, limit = 100): Promise<StoredMail[]> {
  const dir = mailDir(dataDir);
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => MAIL_ID.test(n)).sort().reverse();
  return Promise.all(
    names.slice(0, limit).map(async (id) => {
      const file = path.join(dir, id);
      const [raw, info] = await Promise.all([readFile(file, 'utf8'), stat(file)]);
      const head = raw.slice(0, raw.indexOf('\n\n') >>> 0);
      return {
        id,
        to: decodeHeader(header(head, 'To')),
        subject: decodeHeader(header(head, 'Subject')),
        date: new Date(Number(id.slice(0, 15))).toISOString(),
        size: info.size,
        redacted: header(head, REDACTED_HEADER) !== '',
      };
    }),
  );
}

/** The raw text of one stored message; null for an unknown or malformed id. */
export async function readStoredMail(dataDir: string, id: string): Promise<string | null> {
  if (!MAIL_ID.test(id)) return null;
  return readFile(path.join(mailDir(dataDir), id), 'utf8').catch(() => null);
}

function header(head: string, name: string): string {
  const m = new RegExp(`^${name}: (.*(?:\\n[ \\t].*)*)`, 'mi').exec(head);
  return m ? m[1].replace(/\n[ \t]+/g, ' ').trim() : '';
}

const WORD = /=\?([^?\s]+)\?([QqBb])\?([^?\s]*)\?=/g;
/** One encoded word, or several separated only by whitespace (which RFC 2047 drops). */
const RUN = new RegExp(`${WORD.source}(?:\\s+${WORD.source})*`, 'g');

/**
 * Decodes RFC 2047 encoded words (=?utf-8?Q?…?= / =?utf-8?B?…?=). Adjacent words are
 * joined as bytes before decoding, since a mailer may split one character across two;
 * whitespace next to plain text is kept.
 */
export function decodeHeader(value: string): string {
  return value.replace(RUN, (run) => {
    const bytes: Buffer[] = [];
    let charset = 'utf-8';
    for (const [, cs, enc, text] of run.matchAll(WORD)) {
      charset = cs.split('*')[0];
      bytes.push(
        enc.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64')
          : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1'),
      );
    }
    return decodeBytes(Buffer.concat(bytes), charset);
  });
}

function decodeBytes(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return bytes.toString('utf8'); // an unknown charset name
  }
}
