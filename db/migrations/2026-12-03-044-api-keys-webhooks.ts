import { sql, type Kysely } from 'kysely';
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
 * - `webhook_deliveries`: the outbox and the delivery log in one. Database triggers on
 *   orders, products and users write a row for each active webhook of the topic in the same
 *   transaction as the change (whichever code made it: checkout, the back office, an import,
 *   the command line), so a rolled-back change sends nothing and a committed one is never
 *   lost; a change to something that already waits unsent for that webhook adds nothing
 *   (the body is built when first sent, from the data as it is then). The delivery job
 *   claims due rows (`locked_until`, so one node sends each), builds the body once
 *   (`payload`) and records each attempt's answer.
 */

/** What each trigger queues: [table, event, condition, topic, id]. */
const EVENTS: [string, 'insert' | 'update' | 'delete', string, string, string][] = [
  ['orders', 'insert', 'true', 'order.created', 'new.id'],
  ['orders', 'insert', 'new.paid_at is not null', 'order.paid', 'new.id'],
  ['orders', 'update', 'new.updated_at <> old.updated_at', 'order.updated', 'new.id'],
  ['orders', 'update', 'old.paid_at is null and new.paid_at is not null', 'order.paid', 'new.id'],
  ['orders', 'update', "new.refunded_total > old.refunded_total or (new.status = 'refunded' and old.status <> 'refunded')", 'order.refunded', 'new.id'],
  ['products', 'insert', 'true', 'product.created', 'new.id'],
  ['products', 'update', "new.status = 'trash' and old.status <> 'trash'", 'product.deleted', 'new.id'],
  ['products', 'update', "new.updated_at <> old.updated_at and not (new.status = 'trash' and old.status <> 'trash')", 'product.updated', 'new.id'],
  ['products', 'delete', "old.status <> 'trash'", 'product.deleted', 'old.id'],
  ['users', 'insert', "new.role = 'customer'", 'customer.created', 'new.id'],
];

const queue = (topic: string, id: string, now: string) =>
  `insert into webhook_deliveries (webhook_id, topic, resource_id, next_attempt_at, created_at)
   select w.id, '${topic}', ${id}, ${now}, ${now} from webhooks w
   where w.topic = '${topic}' and w.status = 'active'
   and not exists (select 1 from webhook_deliveries d where d.webhook_id = w.id and d.resource_id = ${id} and d.topic = '${topic}' and d.status = 'pending' and d.payload is null)`;

const PG_NOW = `to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const SQLITE_NOW = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;

async function createTriggers(db: Kysely<unknown>, pg: boolean): Promise<void> {
  for (const [i, [table, event, when, topic, id]] of EVENTS.entries()) {
    const name = `${table}_webhook_${i}`;
    if (pg) {
      await sql.raw(`create or replace function vitrine_${name}() returns trigger language plpgsql as $$
        begin
          if ${when} then ${queue(topic, id, PG_NOW)}; end if;
          return null;
        end $$`).execute(db);
      await sql.raw(`create trigger ${name} after ${event} on ${table} for each row execute function vitrine_${name}()`).execute(db);
    } else {
      await sql.raw(`create trigger ${name} after ${event} on ${table} when ${when} begin ${queue(topic, id, SQLITE_NOW)}; end`).execute(db);
    }
  }
}
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
  await db.schema.createIndex('webhook_deliveries_resource').on('webhook_deliveries').columns(['resource_id', 'webhook_id']).execute();
  await createTriggers(db, pg);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  for (const [i, [table]] of EVENTS.entries()) {
    const name = `${table}_webhook_${i}`;
    await sql.raw(pg ? `drop trigger if exists ${name} on ${table}` : `drop trigger if exists ${name}`).execute(db);
    if (pg) await sql.raw(`drop function if exists vitrine_${name}()`).execute(db);
  }
  await db.schema.dropTable('webhook_deliveries').ifExists().execute();
  await db.schema.dropTable('webhooks').ifExists().execute();
  await db.schema.dropTable('api_keys').ifExists().execute();
}
