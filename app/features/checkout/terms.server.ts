import { z } from 'zod';
import type { DB } from '../../../db/client.ts';
import { parseInput } from '../../lib/validate.ts';

/*
 * The text of the terms and conditions, shown at /terms and in the checkout's lightbox.
 * The store settings hold where the terms are (`termsUrl`); the text itself is kept beside
 * them in the settings table under its own key.
 */

const KEY = 'checkout.termsText';
export const TERMS_PATH = '/terms';
export const termsTextSchema = z.string().trim().max(50_000, 'At most 50,000 characters');

export async function getTermsText(db: DB): Promise<string> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', KEY).executeTakeFirst();
  if (!row) return '';
  try {
    const v: unknown = JSON.parse(row.value);
    return typeof v === 'string' ? v : '';
  } catch {
    return '';
  }
}

export async function saveTermsText(db: DB, text: unknown): Promise<string> {
  const value = parseInput(z.object({ termsText: termsTextSchema }), { termsText: text ?? '' }).termsText;
  const json = JSON.stringify(value);
  await db
    .insertInto('settings')
    .values({ key: KEY, value: json })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json }))
    .execute();
  return value;
}
