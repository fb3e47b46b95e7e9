import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/*
 * "Send me a copy" for a guest (app/features/chat/chat-mail.server.ts): the transcript goes
 * only to an address its visitor has proved, so the first mail is a link to confirm it. One
 * link per conversation (the unique column: the confirmation is mailed once), kept as its
 * SHA-256, good once and for a day.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable('chat_transcript_links')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('conversation_id', 'integer', (c) => c.notNull().unique().references('chat_conversations.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('chat_transcript_links').ifExists().execute();
}
