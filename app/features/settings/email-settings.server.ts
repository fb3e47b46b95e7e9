import type { DB } from '../../../db/client.ts';
import { isPostgres } from '../../../db/dialect.ts';
import { parseInput } from '../../lib/validate.ts';
import { EMAILS, type EmailId } from './email-catalog.ts';
import { emailSettingsSchema, emailsSchema, type EmailSettings } from './settings.schema.ts';

/**
 * Saves one e-mail's settings (/admin/settings/emails/:id). Every e-mail lives in the one
 * `emails` setting: the stored object is read again inside the writing transaction (locked on
 * PostgreSQL) and only this e-mail's entry is replaced, so two e-mails saved one after the
 * other, or from pages opened at the same time, both keep their edits. Recipients belong to
 * the shop's own e-mails only: a customer e-mail always goes to its customer.
 */
export async function saveEmailSettings(db: DB, id: EmailId, input: Record<string, unknown>): Promise<EmailSettings> {
  const entry = parseInput(emailSettingsSchema, EMAILS[id].audience === 'shop' ? input : { ...input, recipient: '' });
  await db.transaction().execute(async (trx) => {
    let read = trx.selectFrom('settings').select('value').where('key', '=', 'store.emails');
    if (isPostgres(trx)) read = read.forUpdate();
    const row = await read.executeTakeFirst();
    let stored: unknown = {};
    try {
      stored = row ? JSON.parse(row.value) : {};
    } catch {
      // A value not written by us: the defaults.
    }
    const parsed = emailsSchema.safeParse(stored);
    const all = { ...(parsed.success ? parsed.data : emailsSchema.parse({})), [id]: entry };
    const value = JSON.stringify(all);
    if (row?.value === value) return;
    await trx
      .insertInto('settings')
      .values({ key: 'store.emails', value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
  });
  return entry;
}
