import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/*
 * Links that move a guest's chat to another device (app/features/chat/chat-resume.server.ts):
 * mailed to the address the conversation was started with, kept only as their SHA-256, good
 * once and for a short while.
 *
 * Also: operators' pictures become a choice of theirs (initials unless they pick Gravatar or a
 * picture in the console). Until now every record carried the column's default, 'gravatar',
 * which nobody chose: operators get 'other' (initials).
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable('chat_resume_links')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('chat_user_id', 'integer', (c) => c.notNull().references('chat_users.id').onDelete('cascade'))
    .addColumn('conversation_id', 'integer', (c) => c.notNull().references('chat_conversations.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('chat_resume_links_user').on('chat_resume_links').column('chat_user_id').execute();
  await sql`update chat_users set avatar_type = 'other' where kind = 'operator' and avatar_type = 'gravatar'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('chat_resume_links').ifExists().execute();
}
