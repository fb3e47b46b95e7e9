import { randomBytes } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SendMailOptions } from 'nodemailer';

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
  /** Replaces the configured MAIL_FROM (the shop's own address, from its e-mail settings). */
  from?: string;
  /** Extra header lines (e.g. List-Unsubscribe on alert e-mails). */
  headers?: Record<string, string>;
}

/** What a message may add to the usual four (contact forms: their own sender, reply address, copies, files). */
export interface MailExtras {
  replyTo?: string;
  cc?: string;
  bcc?: string;
  attachments?: { filename: string; content: Buffer; contentType?: string }[];
}

/** A message with a one-time token must name it, so the outbox copy can be redacted. */
export type MailMessage =
  | (BaseMessage & { kind: 'password_reset' | 'magic_link' | 'email_verification' | 'account_setup'; secrets: string[] })
  | (BaseMessage & MailExtras & { kind?: 'order' | 'account' | 'other'; secrets?: undefined });

/** The extras of a message, for the transports (only its sender for messages with one-time tokens). */
function extrasOf(m: MailMessage): MailExtras & { from?: string } {
  const out: MailExtras & { from?: string } = {};
  if (m.from) out.from = m.from;
  if (m.kind && ONE_TIME_TOKEN_KINDS.has(m.kind)) return out;
  const e = m as MailExtras;
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
  const thread = mailThread(opts.smtpUrl);
  if (opts.smtpUrl) {
    return {
      transport: 'smtp',
      async send(m) {
        const { to, subject, text, html, headers } = m;
        await thread.run([{ mail: { from: opts.from, to, subject, text, html, ...(headers ? { headers } : {}), ...extrasOf(m) } }]);
      },
      close: thread.close,
    };
  }
  const dir = mailDir(opts.dataDir);
  return {
    transport: 'file',
    async send(m) {
      // Time-ordered names so the newest sorts last; random suffix avoids collisions.
      const name = `${Date.now().toString().padStart(15, '0')}-${randomBytes(4).toString('hex')}.eml`;
      const { message, redacted } = redactForOutbox(m);
      const outbox = { mail: { from: opts.from, ...message, ...extrasOf(m), headers: redacted ? { [REDACTED_HEADER]: 'one-time token' } : message.headers }, file: { dir, name } };
      // The real message (its link is what lets the owner finish a reset on a machine without
      // SMTP) goes where only someone with shell access reads it, before the outbox copy.
      const full = { mail: { from: m.from || opts.from, to: m.to, subject: m.subject, text: m.text, html: m.html }, file: { dir: privateMailDir(opts.dataDir), name, dirMode: 0o700 } };
      await thread.run(redacted ? [full, outbox] : [outbox]);
    },
    close: thread.close,
  };
}

/** Where the mail thread writes a built message instead of sending it: a file of mode 0600 in `dir`, made if missing (with `dirMode`, also set on an existing one). */
interface MailFile {
  dir: string;
  name: string;
  dirMode?: number;
}

/**
 * The mail thread's code. Building a message (MIME parts, quoted-printable, headers) and
 * sending it over SMTP or writing it out takes more CPU than the order it reports: on the
 * request thread it was a fifth of a purchase's time. Here nodemailer does it on a worker
 * thread; the request thread hands over plain options and waits for the answer.
 */
const WORKER = `
(async () => {
  // Imported, not required: the code runs as a module when the process was started as one.
  const { parentPort, workerData } = await import('node:worker_threads');
  const fs = await import('node:fs');
  const path = await import('node:path');
  const loaded = await import(workerData.module);
  const nodemailer = loaded.default ?? loaded;
  const transport = workerData.smtpUrl
    ? nodemailer.createTransport(workerData.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  // Buffers arrive as Uint8Arrays.
  const asBuffer = (c) => (c instanceof Uint8Array && !Buffer.isBuffer(c) ? Buffer.from(c.buffer, c.byteOffset, c.byteLength) : c);
  // Folders made (and given their mode) by this thread: each once, again only when a write
  // finds it gone (someone emptied the data folder while the shop runs). The file calls are
  // synchronous: blocking this thread is its job, and each asynchronous call would be a hop
  // to the thread pool and back (three per message), on cores the requests need.
  const made = new Set();
  function makeDir(file) {
    fs.mkdirSync(file.dir, { recursive: true, ...(file.dirMode ? { mode: file.dirMode } : {}) });
    if (file.dirMode) fs.chmodSync(file.dir, file.dirMode);
    made.add(file.dir);
  }
  async function one({ mail, file }) {
    if (mail.attachments) mail.attachments = mail.attachments.map((a) => ({ ...a, content: asBuffer(a.content) }));
    const info = await transport.sendMail(mail);
    if (!file) return;
    if (!made.has(file.dir)) makeDir(file);
    const write = () => fs.writeFileSync(path.join(file.dir, file.name), info.message, { mode: 0o600 });
    try {
      write();
    } catch (err) {
      if (!err || err.code !== 'ENOENT') throw err;
      makeDir(file);
      write();
    }
  }
  // A job's parts (a message, or a message and its redacted outbox copy) go out in order.
  async function run(parts) {
    for (const part of parts) await one(part);
  }
  // What a caller or the log may want of a transport's error (nodemailer's SMTP fields).
  const described = (err) => {
    const out = { message: String((err && err.message) || err), stack: err && err.stack };
    for (const k of ['code', 'responseCode', 'response', 'command']) if (err && err[k] !== undefined) out[k] = err[k];
    return out;
  };
  parentPort.on('message', (job) => {
    run(job.parts).then(
      () => parentPort.postMessage({ id: job.id }),
      (err) => parentPort.postMessage({ id: job.id, error: described(err) }),
    );
  });
})();
`;

/** A transport's error as the mail thread reports it. */
interface ThreadError {
  message: string;
  stack?: string;
  code?: string;
  responseCode?: number;
  response?: string;
  command?: string;
}

/** The transport's error again, with its SMTP fields (code, responseCode, response, command) and the thread's stack as its cause. */
function rebuilt(e: ThreadError): Error {
  const { message, stack, ...fields } = e;
  return Object.assign(new Error(message, { cause: stack }), fields);
}

type Job = { resolve: () => void; reject: (err: Error) => void };

/**
 * Runs nodemailer on a worker thread, started on the first message. `run` hands over one
 * send's parts (a message, or a message and its redacted outbox copy, written in that order)
 * and resolves once they are out, or rejects with the transport's error. While sends are
 * under way the thread keeps the process alive, as an open SMTP connection did; idle, it
 * does not. Should the thread stop, the sends under way fail and the next one starts another.
 * `close` refuses new sends and ends the thread once those under way are done.
 */
function mailThread(smtpUrl: string | undefined): { run(parts: { mail: SendMailOptions; file?: MailFile }[]): Promise<void>; close(): void } {
  let current: { worker: Worker; pending: Map<number, Job> } | undefined;
  let closing = false;
  let next = 0;
  const idle = (worker: Worker) => {
    if (closing) void worker.terminate();
    else worker.unref();
  };
  const start = () => {
    const worker = new Worker(WORKER, { eval: true, workerData: { module: pathToFileURL(createRequire(import.meta.url).resolve('nodemailer')).href, smtpUrl } });
    const pending = new Map<number, Job>();
    const mine = { worker, pending };
    worker.on('message', ({ id, error }: { id: number; error?: ThreadError }) => {
      const job = pending.get(id);
      pending.delete(id);
      if (error === undefined) job?.resolve();
      else job?.reject(rebuilt(error));
      if (pending.size === 0) idle(worker);
    });
    const fail = (err: Error) => {
      if (current === mine) current = undefined;
      for (const job of pending.values()) job.reject(err);
      pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the mail thread stopped (exit code ${code})`)));
    worker.unref();
    return mine;
  };
  return {
    run(parts) {
      if (closing) return Promise.reject(new Error('the mailer is closed'));
      current ??= start();
      const { worker, pending } = current;
      const id = ++next;
      return new Promise<void>((resolve, reject) => {
        try {
          // Throws for what cannot be copied to the thread (a stream, a function): nothing is left waiting.
          worker.postMessage({ id, parts });
        } catch (err) {
          reject(err instanceof Error ? err : new Error(String(err)));
          return;
        }
        pending.set(id, { resolve, reject });
        worker.ref();
      });
    },
    close() {
      closing = true;
      if (current && current.pending.size === 0) idle(current.worker);
    },
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
