import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/*
 * Live chat (app/features/chat): the people in it (visitors and operators), their
 * conversations, the messages with a per-conversation sequence number, evaluations, offline
 * messages and canned replies. Same portable types as the other migrations: 0/1 flags, ISO
 * text times, JSON as text.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  const id = (t: ReturnType<typeof db.schema.createTable>) =>
    isPostgres(db) ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await id(db.schema.createTable('chat_users'))
    // visitor or operator
    .addColumn('kind', 'text', (c) => c.notNull())
    // Visitors: SHA-256 of the chat cookie (their only identity). Operators: null.
    .addColumn('visitor_key', 'text', (c) => c.unique())
    // The account: a signed-in visitor, or the operator's staff account (one record each).
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('operator_user', 'integer', (c) => c.unique())
    // The visitor's current conversation (null between conversations and for operators).
    .addColumn('conversation_id', 'integer')
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    // MD5 of the trimmed, lower-case e-mail (Gravatar's key); empty without one.
    .addColumn('gravatar', 'text', (c) => c.notNull().defaultTo(''))
    // gravatar, image or other
    .addColumn('avatar_type', 'text', (c) => c.notNull().defaultTo('gravatar'))
    .addColumn('avatar_image', 'text', (c) => c.notNull().defaultTo(''))
    // online, offline, wait (guest limit reached)
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('offline'))
    .addColumn('last_online', 'text')
    .addColumn('current_page', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_mobile', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('vendor_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('vendor_name', 'text', (c) => c.notNull().defaultTo(''))
    // "free", or the id of the operator record this visitor talks to.
    .addColumn('chat_with', 'text', (c) => c.notNull().defaultTo('free'))
    // Open sockets of this person, across every server process.
    .addColumn('connections', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('chat_users_status').on('chat_users').columns(['kind', 'status']).execute();
  await db.schema.createIndex('chat_users_email').on('chat_users').column('email').execute();

  await id(db.schema.createTable('chat_conversations'))
    .addColumn('visitor_id', 'integer', (c) => c.references('chat_users.id').onDelete('set null'))
    .addColumn('operator_id', 'integer', (c) => c.references('chat_users.id').onDelete('set null'))
    .addColumn('vendor_id', 'integer', (c) => c.notNull().defaultTo(0))
    // The visitor as they were (transcripts outlive the live records).
    .addColumn('visitor_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('visitor_email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('operator_name', 'text', (c) => c.notNull().defaultTo(''))
    // open, closed
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    // good, bad or empty
    .addColumn('evaluation', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('receive_copy', 'integer', (c) => c.notNull().defaultTo(0))
    // The sequence number of the last message: the next one gets last_seq + 1.
    .addColumn('last_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'text')
    .addColumn('closed_at', 'text')
    .execute();
  await db.schema.createIndex('chat_conversations_visitor').on('chat_conversations').column('visitor_id').execute();
  await db.schema.createIndex('chat_conversations_status').on('chat_conversations').columns(['status', 'vendor_id']).execute();

  await id(db.schema.createTable('chat_messages'))
    .addColumn('conversation_id', 'integer', (c) => c.notNull().references('chat_conversations.id').onDelete('cascade'))
    // 1, 2, 3… within the conversation, in the order the server stored them.
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('sender_id', 'integer', (c) => c.references('chat_users.id').onDelete('set null'))
    // visitor, operator or system (closing message)
    .addColumn('sender_type', 'text', (c) => c.notNull())
    // "v:<chat user id>" / "o:<chat user id>" / "system": with client_id, what a resend is recognised by.
    .addColumn('sender_key', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text')
    .addColumn('user_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('gravatar', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('avatar_type', 'text', (c) => c.notNull().defaultTo('gravatar'))
    .addColumn('avatar_image', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('vendor_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('chat_messages_seq', ['conversation_id', 'seq'])
    .addUniqueConstraint('chat_messages_client', ['conversation_id', 'sender_key', 'client_id'])
    .execute();

  await id(db.schema.createTable('chat_evaluations'))
    .addColumn('conversation_id', 'integer', (c) => c.notNull().unique().references('chat_conversations.id').onDelete('cascade'))
    .addColumn('evaluation', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('receive_copy', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('chat_with', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await id(db.schema.createTable('chat_offline_messages'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('vendor_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('current_page', 'text', (c) => c.notNull().defaultTo(''))
    // new, read, replied
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
    .addColumn('mail_sent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('chat_offline_messages_created').on('chat_offline_messages').column('created_at').execute();

  await id(db.schema.createTable('chat_canned_replies'))
    .addColumn('vendor_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['chat_canned_replies', 'chat_offline_messages', 'chat_evaluations', 'chat_messages', 'chat_conversations', 'chat_users']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
