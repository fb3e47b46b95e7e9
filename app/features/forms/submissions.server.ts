/**
 * Contact form submissions in the database (both dialects): the inbox (list per form, status
 * and search, paged; one with its files; mark read; delete; CSV export), staff downloads of
 * their files, and a shopper's own submissions for privacy export and erasure.
 */
import { sql } from 'kysely';
import type { DB } from '../../../db/client.ts';
import { CSV_BOM, csvLine } from '../../lib/csv-write.ts';
import { HttpError } from '../../lib/http-error.ts';
import { readUpload, removeUpload } from './uploads.server.ts';
import { getDefinition } from './forms.server.ts';

export type StoredStatus = 'mail_sent' | 'mail_failed' | 'spam';
export const STORED_STATUSES: readonly StoredStatus[] = ['mail_sent', 'mail_failed', 'spam'];

export interface SubmissionFile {
  id: number;
  field: string;
  name: string;
  size: number;
  type: string;
  /** False once the retention period removed the file. */
  available: boolean;
}

export interface Submission {
  id: number;
  formId: number;
  formTitle: string;
  status: StoredStatus;
  /** Why it was judged spam, or why its mail failed; '' otherwise. */
  reason: string;
  fields: Record<string, string | string[]>;
  hash: string;
  ip: string;
  userAgent: string;
  userId: number | null;
  read: boolean;
  createdAt: string;
  files: SubmissionFile[];
}

export interface SubmissionQuery {
  formId?: number;
  status?: StoredStatus;
  /** Words found in any field's value (case-insensitive). */
  q?: string;
  read?: boolean;
  page?: number;
  perPage?: number;
}

export interface SubmissionPage {
  items: Submission[];
  total: number;
  page: number;
  perPage: number;
}

type SubmissionRow = {
  id: number;
  form_id: number;
  form_title: string;
  status: string;
  reason: string;
  fields: string;
  hash: string;
  ip: string;
  user_agent: string;
  user_id: number | null;
  is_read: number;
  created_at: string;
};

function baseSubmissions(db: DB) {
  return db
    .selectFrom('contact_submissions as s')
    .innerJoin('contact_forms as f', 'f.id', 's.form_id')
    .select(['s.id', 's.form_id', 'f.title as form_title', 's.status', 's.reason', 's.fields', 's.hash', 's.ip', 's.user_agent', 's.user_id', 's.is_read', 's.created_at']);
}

async function withFiles(db: DB, rows: SubmissionRow[]): Promise<Submission[]> {
  if (rows.length === 0) return [];
  const files = await db
    .selectFrom('contact_uploads')
    .select(['id', 'submission_id', 'field', 'original_name', 'size', 'type', 'deleted_at'])
    .where(
      'submission_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    formId: r.form_id,
    formTitle: r.form_title,
    status: r.status as StoredStatus,
    reason: r.reason,
    fields: JSON.parse(r.fields) as Record<string, string | string[]>,
    hash: r.hash,
    ip: r.ip,
    userAgent: r.user_agent,
    userId: r.user_id,
    read: Number(r.is_read) === 1,
    createdAt: r.created_at,
    files: files
      .filter((f) => f.submission_id === r.id)
      .map((f) => ({ id: f.id, field: f.field, name: f.original_name, size: f.size, type: f.type, available: f.deleted_at === null })),
  }));
}

/** Escapes LIKE wildcards; used with ESCAPE '\'. */
const likeText = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listSubmissions(db: DB, query: SubmissionQuery = {}): Promise<SubmissionPage> {
  const page = Math.max(1, Math.floor(query.page ?? 1));
  const perPage = Math.min(200, Math.max(1, Math.floor(query.perPage ?? 20)));
  let q = baseSubmissions(db);
  if (query.formId !== undefined) q = q.where('s.form_id', '=', query.formId);
  if (query.status) q = q.where('s.status', '=', query.status);
  if (query.read !== undefined) q = q.where('s.is_read', '=', query.read ? 1 : 0);
  const words = (query.q ?? '').trim().slice(0, 200).split(/\s+/).filter(Boolean).slice(0, 8);
  for (const w of words) q = q.where(sql<boolean>`lower(s.fields) like ${likeText(w)} escape '\\'`);
  const total = await q
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const rows = await q
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  return { items: await withFiles(db, rows), total: Number(total.n), page, perPage };
}

export async function getSubmission(db: DB, id: number): Promise<Submission | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const row = await baseSubmissions(db).where('s.id', '=', id).executeTakeFirst();
  return row ? (await withFiles(db, [row]))[0]! : null;
}

export async function markRead(db: DB, id: number, read = true): Promise<void> {
  const res = await db.updateTable('contact_submissions').set({ is_read: read ? 1 : 0 }).where('id', '=', id).executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) throw new HttpError(404, 'not_found', 'No such submission.');
}

export async function deleteSubmission(db: DB, dataDir: string, id: number): Promise<void> {
  const files = await db.selectFrom('contact_uploads').select('stored_name').where('submission_id', '=', id).execute();
  const res = await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('contact_uploads').where('submission_id', '=', id).execute();
    return trx.deleteFrom('contact_submissions').where('id', '=', id).executeTakeFirst();
  });
  if (Number(res.numDeletedRows) === 0) throw new HttpError(404, 'not_found', 'No such submission.');
  for (const f of files) await removeUpload(dataDir, f.stored_name);
}

/** One uploaded file's record for staff download (the bytes via readUpload); null when unknown. */
export async function getUploadRecord(db: DB, submissionId: number, uploadId: number) {
  const row = await db
    .selectFrom('contact_uploads')
    .select(['id', 'field', 'original_name', 'stored_name', 'size', 'type', 'deleted_at'])
    .where('id', '=', uploadId)
    .where('submission_id', '=', submissionId)
    .executeTakeFirst();
  return row && row.deleted_at === null && row.stored_name ? { id: row.id, field: row.field, name: row.original_name, storedName: row.stored_name, size: row.size, type: row.type } : null;
}

/**
 * An uploaded file's bytes for the staff inbox's download link (the route checks the role):
 * null when the submission does not hold that file or it was removed. Send it with
 * `Content-Disposition: attachment` and `X-Content-Type-Options: nosniff`.
 */
export async function uploadForStaff(db: DB, dataDir: string, submissionId: number, uploadId: number): Promise<{ name: string; type: string; size: number; data: Buffer } | null> {
  if (![submissionId, uploadId].every((n) => Number.isSafeInteger(n) && n > 0)) return null;
  const rec = await getUploadRecord(db, submissionId, uploadId);
  if (!rec) return null;
  const data = await readUpload(dataDir, rec.storedName);
  return data ? { name: rec.name, type: rec.type, size: data.length, data } : null;
}

/**
 * The form's submissions as CSV (RFC 4180, CRLF, UTF-8 with BOM for spreadsheet programs):
 * date, status, one column per field of the form, then files; every cell neutralised against
 * formula injection. Filters as listSubmissions.
 */
export async function submissionsCsv(db: DB, formId: number, query: Omit<SubmissionQuery, 'formId' | 'page' | 'perPage'> = {}): Promise<string> {
  const def = await getDefinition(db, formId);
  if (!def) throw new HttpError(404, 'not_found', 'No such contact form.');
  const names = def.tags.filter((t) => t.name && t.type !== 'count' && t.type !== 'submit' && t.type !== 'response' && t.type !== 'file').map((t) => t.name);
  const header = ['Date', 'Status', ...names, 'Files'];
  const lines = [csvLine(header)];
  for (let page = 1; ; page++) {
    const { items } = await listSubmissions(db, { ...query, formId, page, perPage: 200 });
    for (const s of items) {
      const cells = [s.createdAt, s.status, ...names.map((n) => ([] as string[]).concat(s.fields[n] ?? []).join(', ')), s.files.map((f) => f.name).join(', ')];
      lines.push(csvLine(cells));
    }
    if (items.length < 200) break;
  }
  return CSV_BOM + lines.join('');
}

/**
 * Deletes the submissions of a shopper being erased (privacy): those sent while signed in
 * and those whose fields hold their e-mail address. Answers the stored upload names, to
 * remove from disk once the caller's transaction has committed.
 */
export async function eraseContactSubmissions(db: DB, userId: number, email: string): Promise<string[]> {
  const needle = `%${JSON.stringify(email.toLowerCase()).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const ids = db
    .selectFrom('contact_submissions')
    .select('id')
    .where((eb) => eb.or([eb('user_id', '=', userId), eb(sql<string>`lower(fields)`, 'like', sql<string>`${needle} escape '\\'`)]));
  const files = await db.selectFrom('contact_uploads').select('stored_name').where('submission_id', 'in', ids).execute();
  await db.deleteFrom('contact_uploads').where('submission_id', 'in', ids).execute();
  await db.deleteFrom('contact_submissions').where('id', 'in', ids).execute();
  return files.map((f) => f.stored_name).filter(Boolean);
}

/** A signed-in shopper's own submissions, for their data export (oldest first). */
export async function contactSubmissionsOf(db: DB, userId: number): Promise<{ form: string; fields: Record<string, string | string[]>; files: string[]; createdAt: string }[]> {
  const rows = await baseSubmissions(db).where('s.user_id', '=', userId).orderBy('s.id').execute();
  return (await withFiles(db, rows)).map((s) => ({ form: s.formTitle, fields: s.fields, files: s.files.map((f) => f.name), createdAt: s.createdAt }));
}
