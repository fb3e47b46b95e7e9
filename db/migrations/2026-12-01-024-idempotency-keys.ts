import type { Kysely } from 'kysely';

/*
 * Idempotency-Key records (app/lib/idempotency.server.ts): one row per caller and key while
 * its request runs (no status yet) and, once answered, the answer to send again to a repeat
 * for 24 hours. Kept in the database so every node sees them (Redis holds them instead when
 * the nodes share one). The row's id is a digest of the caller and the key, the answer is
 * sealed with a key derived from them and the server secret: a copy of the database alone
 * reads neither the keys nor the cookies and tokens an answer carries.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    // Null while the first request runs; its answer's status once answered.
    .addColumn('status', 'integer')
    .addColumn('answer', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idempotency_keys_expiry').on('idempotency_keys').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').ifExists().execute();
}
