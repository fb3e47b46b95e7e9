import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { DB } from '../../../db/client.ts';

/*
 * The one-time code that claims a fresh shop. Whoever reaches /admin/setup first on a new
 * install would otherwise become its administrator; the code is printed in the server log
 * (and by `npx vitrine setup-code`), so only someone who can read those can claim it. It is
 * kept in the database (settings, key `setup.code`), so every process of the shop — the
 * workers, the nodes behind a proxy, the CLI, a restart — agrees on one code: the first to
 * ask creates it with an insert that does nothing when another process's is already there.
 * Once an administrator exists it is deleted, and setup is refused whatever code is given.
 */

const KEY = 'setup.code';
// No 0/O, 1/I/L: the code is read from a log and typed by hand.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** 12 characters from 31: about 59 bits, out of reach of guessing at 10 attempts per 15 minutes. */
const LENGTH = 12;

const normalise = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');

function newCode(): string {
  let s = '';
  for (let i = 0; i < LENGTH; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return s.match(/.{4}/g)!.join('-');
}

/** The setup code, created on first use; processes asking at once all get the one that was stored first. */
export async function readOrCreateSetupCode(db: DB): Promise<string> {
  const stored = await readRow(db);
  if (stored?.code) return stored.code;
  // A value that is not a code (written by hand, cut off) is replaced rather than trusted;
  // only that value, so a code another process has just stored stays.
  if (stored) await db.deleteFrom('settings').where('key', '=', KEY).where('value', '=', stored.value).execute();
  await db
    .insertInto('settings')
    .values({ key: KEY, value: JSON.stringify(newCode()) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const code = (await readRow(db))?.code;
  if (!code) throw new Error('The setup code could not be stored.');
  return code;
}

async function readRow(db: DB): Promise<{ value: string; code: string | null } | null> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', KEY).executeTakeFirst();
  if (!row) return null;
  try {
    const code: unknown = JSON.parse(row.value);
    return { value: row.value, code: typeof code === 'string' && normalise(code).length === LENGTH ? code : null };
  } catch {
    return { value: row.value, code: null };
  }
}

const readCode = async (db: DB) => (await readRow(db))?.code ?? null;

const digest = (s: string) => createHash('sha256').update(normalise(s)).digest();

/** Whether `given` is the current setup code (spaces, dashes and case ignored), compared in constant time. */
export async function setupCodeMatches(db: DB, given: string): Promise<boolean> {
  const code = await readCode(db);
  if (!code) return false;
  return timingSafeEqual(digest(code), digest(given));
}

/** Forgets the code (the shop has an administrator now). */
export async function removeSetupCode(db: DB): Promise<void> {
  await db.deleteFrom('settings').where('key', '=', KEY).execute();
}
