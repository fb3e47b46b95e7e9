/**
 * Files sent with contact forms. A file is accepted only when its name's last extension is
 * one the field allows AND its content is of that type (magic bytes), so `shell.php.jpg`
 * holding a script, `a.php5` and `x.phtml` are refused whatever the owner allowed. Accepted
 * files are written under DATA_DIR/form-uploads (never served publicly) with a random name
 * and no extension; the sender's name is kept, cleaned, only as a label and attachment name.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { DB } from '../../../db/client.ts';
import { repeat } from '../../lib/repeat.server.ts';
import { t } from '../../i18n/t-forms.ts';
import type { Services } from '../../lib/services.server.ts';
import { formSettingsSchema } from './definition.ts';
import { effectiveSettings } from './build.ts';
import { extensionOf } from './value-checks.ts';

export const uploadDir = (dataDir: string) => path.join(dataDir, 'form-uploads');

/** Extensions that name something a server or a browser may run: never kept in a name's inner part. */
export const EXECUTABLE_EXTENSIONS = new Set([
  'php', 'php2', 'php3', 'php4', 'php5', 'php6', 'php7', 'php8', 'phtml', 'pht', 'phar', 'phps', 'pl', 'py', 'cgi', 'asp', 'aspx', 'jsp', 'jspx',
  'sh', 'bash', 'exe', 'dll', 'bat', 'cmd', 'com', 'msi', 'js', 'mjs', 'html', 'htm', 'xhtml', 'shtml', 'svg', 'htaccess', 'jar', 'vbs', 'ps1', 'rb',
]); // prettier-ignore

interface Signature {
  mime: string;
  test: (b: Buffer) => boolean;
}
const starts = (b: Buffer, bytes: number[], at = 0) => bytes.every((x, i) => b[at + i] === x);
const ascii = (b: Buffer, text: string, at = 0) => b.length >= at + text.length && b.toString('latin1', at, at + text.length) === text;

/** Plain text: valid UTF-8, no NUL, nothing a server would run. */
function plainText(b: Buffer): boolean {
  if (b.includes(0)) return false;
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(b);
    return !/<\?(?:php|=)?|^#!|<script|<html|<svg/i.test(text);
  } catch {
    return false;
  }
}

/** What each accepted extension's content must look like. */
const SIGNATURES: Record<string, Signature> = {
  jpg: { mime: 'image/jpeg', test: (b) => starts(b, [0xff, 0xd8, 0xff]) },
  jpeg: { mime: 'image/jpeg', test: (b) => starts(b, [0xff, 0xd8, 0xff]) },
  png: { mime: 'image/png', test: (b) => starts(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  gif: { mime: 'image/gif', test: (b) => ascii(b, 'GIF87a') || ascii(b, 'GIF89a') },
  webp: { mime: 'image/webp', test: (b) => ascii(b, 'RIFF') && ascii(b, 'WEBP', 8) },
  pdf: { mime: 'application/pdf', test: (b) => ascii(b, '%PDF-') },
  txt: { mime: 'text/plain', test: plainText },
  csv: { mime: 'text/csv', test: plainText },
  zip: { mime: 'application/zip', test: (b) => starts(b, [0x50, 0x4b, 0x03, 0x04]) },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', test: (b) => starts(b, [0x50, 0x4b, 0x03, 0x04]) },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', test: (b) => starts(b, [0x50, 0x4b, 0x03, 0x04]) },
  pptx: { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', test: (b) => starts(b, [0x50, 0x4b, 0x03, 0x04]) },
  odt: { mime: 'application/vnd.oasis.opendocument.text', test: (b) => starts(b, [0x50, 0x4b, 0x03, 0x04]) },
  doc: { mime: 'application/msword', test: (b) => starts(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]) },
  xls: { mime: 'application/vnd.ms-excel', test: (b) => starts(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]) },
  ppt: { mime: 'application/vnd.ms-powerpoint', test: (b) => starts(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]) },
  mp3: { mime: 'audio/mpeg', test: (b) => ascii(b, 'ID3') || (b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0) },
  ogg: { mime: 'audio/ogg', test: (b) => ascii(b, 'OggS') },
  wav: { mime: 'audio/wav', test: (b) => ascii(b, 'RIFF') && ascii(b, 'WAVE', 8) },
  m4a: { mime: 'audio/mp4', test: (b) => ascii(b, 'ftyp', 4) },
  mp4: { mime: 'video/mp4', test: (b) => ascii(b, 'ftyp', 4) },
  mov: { mime: 'video/quicktime', test: (b) => ascii(b, 'ftyp', 4) || ascii(b, 'moov', 4) },
  webm: { mime: 'video/webm', test: (b) => starts(b, [0x1a, 0x45, 0xdf, 0xa3]) },
};

/** Extensions whose content can be checked (the only ones a file tag can accept). */
export const CHECKABLE_EXTENSIONS = Object.keys(SIGNATURES);

/**
 * The sender's file name made harmless as a label: the last path segment, no control
 * characters, only letters, digits and `._-`, inner executable extensions followed by `_`
 * (`shell.php.jpg` → `shell.php_.jpg`), at most 100 characters.
 */
export function cleanFileName(raw: string): string {
  let base = raw.replace(/\\/g, '/').split('/').pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  base = base.normalize('NFKC').replace(/[\u0000-\u001f\u007f]/g, '');
  base = base.replace(/[^\p{L}\p{N}._-]+/gu, '_').replace(/^[._]+/, '');
  const parts = base.split('.');
  const last = parts.length > 1 ? parts.pop()! : '';
  const inner = parts.map((p) => (EXECUTABLE_EXTENSIONS.has(p.toLowerCase()) ? `${p}_` : p));
  let name = last ? `${inner.join('.')}.${last}` : inner.join('.');
  if (name.length > 100) name = `${name.slice(0, 90)}${last ? `.${last}` : ''}`.slice(0, 100);
  return name || 'file';
}

export type UploadVerdict = { ok: true; ext: string; mime: string; name: string } | { ok: false; reason: 'type' | 'size' };

/** Whether a file may be kept for a field allowing `filetypes` up to `limit` bytes. */
export function checkUpload(file: { name: string; data: Buffer }, filetypes: string[], limit: number): UploadVerdict {
  if (file.data.length > limit) return { ok: false, reason: 'size' };
  const name = cleanFileName(file.name);
  const ext = extensionOf(name);
  if (!ext || EXECUTABLE_EXTENSIONS.has(ext) || !filetypes.includes(ext)) return { ok: false, reason: 'type' };
  const sig = SIGNATURES[ext];
  if (!sig || !sig.test(file.data)) return { ok: false, reason: 'type' };
  return { ok: true, ext, mime: sig.mime, name };
}

/** Kinds of accepted file the shop's pixel limit applies to (whoever opens them decodes them). */
const PICTURES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

/** `detail`: the picture's size and the limit, said after the form's own "too large" message. */
export type PictureVerdict = { ok: true } | { ok: false; reason: 'type' } | { ok: false; reason: 'pixels'; width: number; height: number; detail: string };

/**
 * A picture's size against the store's pixel limit (`imageMaxMegapixels`), from its header
 * alone as for catalog uploads (sharp's metadata() decodes no pixels): a few kilobytes
 * declaring 16000 × 16000 px are refused before anyone opens them. A picture whose header
 * cannot be read is not one we can vouch for: refused as the wrong type. Other files pass.
 */
export async function checkPicture(data: Buffer, mime: string, maxPixels: number): Promise<PictureVerdict> {
  if (!PICTURES.has(mime)) return { ok: true };
  let width = 0;
  let height = 0;
  try {
    ({ width = 0, height = 0 } = await sharp(data).metadata());
  } catch {
    return { ok: false, reason: 'type' };
  }
  if (!width || !height) return { ok: false, reason: 'type' };
  if (width * height <= maxPixels) return { ok: true };
  const mp = (n: number) => Math.round(n / 100_000) / 10;
  return { ok: false, reason: 'pixels', width, height, detail: t('forms.picturePixels', { width, height, mp: mp(width * height), max: mp(maxPixels) }) };
}

/** Writes the bytes under a new random name (exclusive create); returns that name. */
export async function storeUpload(dataDir: string, data: Buffer): Promise<string> {
  const dir = uploadDir(dataDir);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const stored = randomBytes(16).toString('hex');
  await writeFile(path.join(dir, stored), data, { flag: 'wx', mode: 0o600 });
  return stored;
}

const STORED_NAME = /^[0-9a-f]{32}$/;

/** The bytes of a stored upload; null when its name is not one we made or it is gone. */
export async function readUpload(dataDir: string, stored: string): Promise<Buffer | null> {
  if (!STORED_NAME.test(stored)) return null;
  return readFile(path.join(uploadDir(dataDir), stored)).catch(() => null);
}

export async function removeUpload(dataDir: string, stored: string): Promise<void> {
  if (!STORED_NAME.test(stored)) return;
  await rm(path.join(uploadDir(dataDir), stored), { force: true });
}

/**
 * Deletes the files of uploads older than their form's retention (the rows stay, marked
 * deleted, so the inbox says the file was there). Answers how many files went.
 */
export async function deleteExpiredUploads(db: DB, dataDir: string, now: Date = new Date()): Promise<number> {
  const forms = await db.selectFrom('contact_forms').select(['id', 'settings']).execute();
  let removed = 0;
  for (const f of forms) {
    const parsed = formSettingsSchema.safeParse(JSON.parse(f.settings));
    const days = parsed.success ? effectiveSettings(parsed.data).uploadRetentionDays : 30;
    if (days <= 0) continue;
    const before = new Date(now.getTime() - days * 86_400_000).toISOString();
    const rows = await db
      .selectFrom('contact_uploads as u')
      .innerJoin('contact_submissions as s', 's.id', 'u.submission_id')
      .select(['u.id', 'u.stored_name'])
      .where('s.form_id', '=', f.id)
      .where('u.deleted_at', 'is', null)
      .where('u.created_at', '<', before)
      .limit(1000)
      .execute();
    for (const r of rows) {
      await removeUpload(dataDir, r.stored_name);
      await db.updateTable('contact_uploads').set({ deleted_at: now.toISOString(), stored_name: '' }).where('id', '=', r.id).execute();
      removed++;
    }
  }
  return removed;
}

/** Runs deleteExpiredUploads at start and then hourly; the returned function stops it. */
export function scheduleUploadRetention(services: Pick<Services, 'db' | 'config' | 'log'>, everyMs = 3_600_000): () => Promise<void> {
  return repeat(() => deleteExpiredUploads(services.db, services.config.dataDir), everyMs, (err) => services.log.error({ err }, 'removing expired form uploads failed'), 'upload-retention');
}
