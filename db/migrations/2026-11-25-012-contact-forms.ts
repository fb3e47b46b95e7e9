import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/*
 * Contact forms (app/features/forms): the forms the shop owner writes, the submissions they
 * receive and the files uploaded with them. JSON as text, 0/1 flags, ISO text times.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = (t: ReturnType<typeof db.schema.createTable>) =>
    isPostgres(db) ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await id(db.schema.createTable('contact_forms'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo('en-US'))
    // The form-tag template as the owner wrote it.
    .addColumn('source', 'text', (c) => c.notNull())
    // MailTemplate JSON (definition.ts), the autoresponder's too.
    .addColumn('mail', 'text', (c) => c.notNull())
    .addColumn('mail2', 'text', (c) => c.notNull())
    // Message per status key, JSON object.
    .addColumn('messages', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
    // The FormDefinition JSON parsed from all of the above when saved.
    .addColumn('definition', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await id(db.schema.createTable('contact_submissions'))
    .addColumn('form_id', 'integer', (c) => c.notNull().references('contact_forms.id').onDelete('cascade'))
    // mail_sent, mail_failed, spam (submissions with other statuses are not kept).
    .addColumn('status', 'text', (c) => c.notNull())
    // Why a submission was judged spam, or why its mail failed.
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    // Posted values by field name (JSON object of string or string list).
    .addColumn('fields', 'text', (c) => c.notNull())
    // posted_data_hash: the same data sent again within the hour is a duplicate.
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('contact_submissions_form').on('contact_submissions').columns(['form_id', 'created_at']).execute();
  await db.schema.createIndex('contact_submissions_hash').on('contact_submissions').columns(['hash', 'created_at']).execute();

  await id(db.schema.createTable('contact_uploads'))
    .addColumn('submission_id', 'integer', (c) => c.notNull().references('contact_submissions.id').onDelete('cascade'))
    .addColumn('field', 'text', (c) => c.notNull())
    // The name the sender's file had, cleaned; shown and used as the attachment's name only.
    .addColumn('original_name', 'text', (c) => c.notNull())
    // Random hex name under DATA_DIR/form-uploads (never public, no extension); '' once deleted.
    .addColumn('stored_name', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    // The type found from the content (magic bytes), e.g. image/png.
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema.createIndex('contact_uploads_submission').on('contact_uploads').column('submission_id').execute();
  await db.schema.createIndex('contact_uploads_created').on('contact_uploads').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('contact_uploads').ifExists().execute();
  await db.schema.dropTable('contact_submissions').ifExists().execute();
  await db.schema.dropTable('contact_forms').ifExists().execute();
}
