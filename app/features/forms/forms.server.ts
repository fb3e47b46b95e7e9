/**
 * Contact forms in the database (both dialects): the admin's list, create, update, duplicate
 * and delete of forms, and the demo shop's form. Their submissions are in
 * submissions.server.ts; resending a submission's mail is in pipeline.server.ts.
 */
import { sql } from 'kysely';
import type { DB } from '../../../db/client.ts';
import { isPostgres } from '../../../db/dialect.ts';
import { HttpError } from '../../lib/http-error.ts';
import { parseInput } from '../../lib/validate.ts';
import { nowIso } from '../../lib/time.ts';
import { formDefinitionSchema, type FormDefinition, type MailTemplate, type MessageKey, type FormSettings, type ParseIssue } from './definition.ts';
import { buildDefinition, formInputSchema, type FormInput } from './build.ts';
import { parseTemplate } from './parse.ts';
import { removeUpload } from './uploads.server.ts';
import { DEMO_CONTACT_FORM_ID, DEMO_CONTACT_MAIL, DEMO_CONTACT_MAIL2, DEMO_CONTACT_MESSAGES, DEMO_CONTACT_SETTINGS, DEMO_CONTACT_TEMPLATE, DEMO_CONTACT_TITLE } from './demo-form.ts';

export interface StoredForm {
  id: number;
  title: string;
  locale: string;
  source: string;
  mail: MailTemplate;
  mail2: MailTemplate;
  /** Only the messages the owner worded (the definition has all of them). */
  messages: Partial<Record<MessageKey, string>>;
  settings: FormSettings;
  definition: FormDefinition;
  /** What the parser found in the template and the mails (errors and warnings). */
  issues: ParseIssue[];
  createdAt: string;
  updatedAt: string;
}

export interface FormSummary {
  id: number;
  title: string;
  submissions: number;
  unread: number;
  /** Submissions judged spam (counted in `submissions` too). */
  spam: number;
  lastSubmissionAt: string | null;
  updatedAt: string;
}

type FormRow = {
  id: number;
  title: string;
  locale: string;
  source: string;
  mail: string;
  mail2: string;
  messages: string;
  settings: string;
  definition: string;
  created_at: string;
  updated_at: string;
};

function toStored(row: FormRow): StoredForm {
  const definition = formDefinitionSchema.parse(JSON.parse(row.definition));
  const input = parseInput(formInputSchema, {
    title: row.title,
    locale: row.locale,
    source: row.source,
    mail: JSON.parse(row.mail),
    mail2: JSON.parse(row.mail2),
    messages: JSON.parse(row.messages),
    settings: JSON.parse(row.settings),
  });
  return {
    id: row.id,
    title: row.title,
    locale: row.locale,
    source: row.source,
    mail: input.mail,
    mail2: input.mail2,
    messages: input.messages,
    settings: input.settings,
    definition,
    issues: buildDefinition(row.id, input).issues,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const notFound = () => new HttpError(404, 'not_found', 'No such contact form.');

export async function listForms(db: DB): Promise<FormSummary[]> {
  const rows = await db
    .selectFrom('contact_forms as f')
    .leftJoin('contact_submissions as s', 's.form_id', 'f.id')
    .select((eb) => [
      'f.id',
      'f.title',
      'f.updated_at',
      eb.fn.count<number>('s.id').as('submissions'),
      eb.fn.sum<number>(eb.case().when('s.is_read', '=', 0).then(1).else(0).end()).as('unread'),
      eb.fn.sum<number>(eb.case().when('s.status', '=', 'spam').then(1).else(0).end()).as('spam'),
      eb.fn.max('s.created_at').as('last'),
    ])
    .groupBy(['f.id', 'f.title', 'f.updated_at'])
    .orderBy('f.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    submissions: Number(r.submissions),
    unread: Number(r.unread ?? 0),
    spam: Number(r.spam ?? 0),
    lastSubmissionAt: (r.last as string | null) ?? null,
    updatedAt: r.updated_at,
  }));
}

export async function getForm(db: DB, id: number): Promise<StoredForm | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const row = await db.selectFrom('contact_forms').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toStored(row) : null;
}

/** The parsed definition only (what the pipeline and the pages need); null when there is no such form. */
export async function getDefinition(db: DB, id: number): Promise<FormDefinition | null> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
  const row = await db.selectFrom('contact_forms').select('definition').where('id', '=', id).executeTakeFirst();
  return row ? formDefinitionSchema.parse(JSON.parse(row.definition)) : null;
}

function columns(input: ReturnType<typeof formInputSchema.parse>) {
  return {
    title: input.title,
    locale: input.locale,
    source: input.source,
    mail: JSON.stringify(input.mail),
    mail2: JSON.stringify(input.mail2),
    messages: JSON.stringify(input.messages),
    settings: JSON.stringify(input.settings),
  };
}

/**
 * Saves a new form (400 with per-field messages for bad input). A template with parse errors
 * is saved all the same, as Contact Form 7 does; the errors come back in `issues`.
 */
export async function createForm(db: DB, raw: FormInput | unknown, opts: { id?: number } = {}): Promise<StoredForm> {
  const input = parseInput(formInputSchema, raw);
  const now = nowIso();
  const id = await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('contact_forms')
      .values({ ...(opts.id ? { id: opts.id } : {}), ...columns(input), definition: '{}', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { definition } = buildDefinition(inserted.id, input);
    await trx.updateTable('contact_forms').set({ definition: JSON.stringify(definition) }).where('id', '=', inserted.id).execute();
    return inserted.id;
  });
  if (opts.id && isPostgres(db)) {
    // An explicit id leaves PostgreSQL's sequence behind; move it past the largest id.
    await sql`select setval(pg_get_serial_sequence('contact_forms', 'id'), (select max(id) from contact_forms))`.execute(db);
  }
  return (await getForm(db, id))!;
}

export async function updateForm(db: DB, id: number, raw: FormInput | unknown): Promise<StoredForm> {
  const input = parseInput(formInputSchema, raw);
  const { definition } = buildDefinition(id, input);
  const res = await db
    .updateTable('contact_forms')
    .set({ ...columns(input), definition: JSON.stringify(definition), updated_at: nowIso() })
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) throw notFound();
  return (await getForm(db, id))!;
}

/** A copy titled "… (copy)", without submissions. */
export async function duplicateForm(db: DB, id: number): Promise<StoredForm> {
  const form = await getForm(db, id);
  if (!form) throw notFound();
  const title = `${form.title} (copy)`.slice(0, 200);
  return createForm(db, { title, locale: form.locale, source: form.source, mail: form.mail, mail2: form.mail2, messages: form.messages, settings: form.settings });
}

/** Deletes a form with its submissions and their files. */
export async function deleteForm(db: DB, dataDir: string, id: number): Promise<void> {
  const files = await db
    .selectFrom('contact_uploads as u')
    .innerJoin('contact_submissions as s', 's.id', 'u.submission_id')
    .select('u.stored_name')
    .where('s.form_id', '=', id)
    .execute();
  const res = await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('contact_uploads').where('submission_id', 'in', trx.selectFrom('contact_submissions').select('id').where('form_id', '=', id)).execute();
    await trx.deleteFrom('contact_submissions').where('form_id', '=', id).execute();
    return trx.deleteFrom('contact_forms').where('id', '=', id).executeTakeFirst();
  });
  if (Number(res.numDeletedRows) === 0) throw notFound();
  for (const f of files) await removeUpload(dataDir, f.stored_name);
}

/** Parses a template without saving (the editor's live preview and its error list). */
export function checkTemplate(source: string): ParseIssue[] {
  return parseTemplate(source).issues;
}

/**
 * The demo shop's "Contact us" form under DEMO_CONTACT_FORM_ID (works inside the seed's
 * transaction: one insert, no transaction of its own). Does nothing when that id is taken.
 */
export async function seedDemoContactForm(db: DB): Promise<void> {
  const exists = await db.selectFrom('contact_forms').select('id').where('id', '=', DEMO_CONTACT_FORM_ID).executeTakeFirst();
  if (exists) return;
  const input = parseInput(formInputSchema, {
    title: DEMO_CONTACT_TITLE,
    source: DEMO_CONTACT_TEMPLATE,
    mail: DEMO_CONTACT_MAIL,
    mail2: DEMO_CONTACT_MAIL2,
    messages: DEMO_CONTACT_MESSAGES,
    settings: DEMO_CONTACT_SETTINGS,
  });
  const { definition } = buildDefinition(DEMO_CONTACT_FORM_ID, input);
  const now = nowIso();
  await db
    .insertInto('contact_forms')
    .values({ id: DEMO_CONTACT_FORM_ID, ...columns(input), definition: JSON.stringify(definition), created_at: now, updated_at: now })
    .execute();
  if (isPostgres(db)) await sql`select setval(pg_get_serial_sequence('contact_forms', 'id'), (select max(id) from contact_forms))`.execute(db);
}
