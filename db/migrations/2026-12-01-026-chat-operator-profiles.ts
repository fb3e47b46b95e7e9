import { sql, type Kysely } from 'kysely';

/*
 * What an operator chose or was given (their vendor, their picture) lives with their staff
 * account, not in their live chat record: the cleanup removes operator records that went
 * offline with their conversations (spec §4), and the next sign-in makes a new record from
 * this profile. Existing operator records seed it.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('chat_operator_profiles')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('vendor_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('vendor_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('avatar_type', 'text', (c) => c.notNull().defaultTo('other'))
    .addColumn('avatar_image', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`insert into chat_operator_profiles (user_id, vendor_id, vendor_name, avatar_type, avatar_image)
    select operator_user, vendor_id, vendor_name, avatar_type, avatar_image from chat_users
    where kind = 'operator' and operator_user is not null and operator_user in (select id from users)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('chat_operator_profiles').ifExists().execute();
}
