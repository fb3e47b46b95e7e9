import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/*
 * API keys and outgoing webhooks (docs/ARCHITECTURE.md, "API keys and webhooks"):
 *
 * - `api_keys`: a key's SHA-256 (hex) only, never the key; it acts as the administrator who
 *   made it, limited to its permission (`read` or `read_write`). Revoking deletes the row, so
 *   the next call on any node is refused. `last_used_at` is moved at most once a minute.
 * - `webhooks`: where events of one topic are posted; the signing secret sealed with the
 *   shop's secret. `failures` counts failed attempts since the last success, since
 *   `failing_since`; a webhook failing long enough is `paused`.
 * - `webhook_deliveries`: the outbox and the delivery log in one. A row is written in the
 *   same transaction as the change it tells of (only for active webhooks of that topic);
 *   the delivery job claims due rows (`locked_until`, so one node sends each), builds the
 *   body once (`payload`) and records each attempt's answer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const keys = db.schema.createTable('api_keys');
  await (pg ? keys.addColumn('id', 'serial', (c) => c.primaryKey()) : keys.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('permission', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    // The key's last four characters, to tell keys apart in the list.
    .addColumn('key_end', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .execute();

  const hooks = db.schema.createTable('webhooks');
  await (pg ? hooks.addColumn('id', 'serial', (c) => c.primaryKey()) : hooks.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    // active | paused
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failing_since', 'text')
    .addColumn('paused_at', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhooks_topic_status').on('webhooks').columns(['topic', 'status']).execute();

  const deliveries = db.schema.createTable('webhook_deliveries');
  await (pg ? deliveries.addColumn('id', 'serial', (c) => c.primaryKey()) : deliveries.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()))
    .addColumn('webhook_id', 'integer', (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('resource_id', 'integer', (c) => c.notNull())
    // The body as first sent (JSON text); null until the first attempt builds it.
    .addColumn('payload', 'text')
    // pending | delivered | failed
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('response_code', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('error', 'text')
    .addColumn('duration_ms', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('attempted_at', 'text')
    .addColumn('delivered_at', 'text')
    .execute();
  await db.schema.createIndex('webhook_deliveries_due').on('webhook_deliveries').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('webhook_deliveries_webhook').on('webhook_deliveries').columns(['webhook_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').ifExists().execute();
  await db.schema.dropTable('webhooks').ifExists().execute();
  await db.schema.dropTable('api_keys').ifExists().execute();
}
