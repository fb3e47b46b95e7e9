import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
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
}

export const mailDir = (dataDir: string) => path.join(dataDir, 'mail');

/** SMTP when a URL is configured, otherwise .eml files that the admin's Mail page lists. */
export function createMailer(opts: { smtpUrl?: string; from: string; dataDir: string }): Mailer {
  if (opts.smtpUrl) {
    const transporter: Transporter = nodemailer.createTransport(opts.smtpUrl);
    return {
      transport: 'smtp',
      async send(m) {
        await transporter.sendMail({ from: opts.from, ...m });
      },
      close: () => transporter.close(),
    };
  }
  const dir = mailDir(opts.dataDir);
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    transport: 'file',
    async send(m) {
      const info = await builder.sendMail({ from: opts.from, ...m });
      await mkdir(dir, { recursive: true });
      // Time-ordered names so the newest sorts last; random suffix avoids collisions.
      const name = `${Date.now().toString().padStart(15, '0')}-${randomBytes(4).toString('hex')}.eml`;
      await writeFile(path.join(dir, name), info.message as Buffer, { mode: 0o600 });
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
