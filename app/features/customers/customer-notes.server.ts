import type { DB } from '../../../db/client.ts';
import type { SessionUser } from '../../lib/services.server.ts';
import { nowIso } from '../../lib/time.ts';
import { parseInput } from '../../lib/validate.ts';
import { customerNoteSchema } from './customers.schema.ts';

/*
 * Private notes on a customer, written by staff on the customer's back-office page and
 * shown nowhere else (never in My account, the order e-mails or the privacy export's
 * order data). An account's notes are by its id; a guest buyer's by their e-mail, and they
 * join the account's when the guest registers with that address.
 */

export interface CustomerNote {
  id: number;
  body: string;
  authorName: string;
  createdAt: string;
}

/** Who a note is about: an account (with its e-mail, for the notes made while a guest) or a guest's e-mail. */
export type NoteSubject = { userId: number; email: string } | { userId: null; email: string };

export async function customerNotes(db: DB, subject: NoteSubject): Promise<CustomerNote[]> {
  const email = subject.email.toLowerCase();
  let q = db.selectFrom('customer_notes').select(['id', 'body', 'author_name', 'created_at']);
  q =
    subject.userId === null
      ? q.where('user_id', 'is', null).where('email', '=', email)
      : q.where((eb) => eb.or([eb('user_id', '=', subject.userId), eb.and([eb('user_id', 'is', null), eb('email', '=', email)])]));
  const rows = await q.orderBy('id', 'desc').execute();
  return rows.map((r) => ({ id: r.id, body: r.body, authorName: r.author_name, createdAt: r.created_at }));
}

export async function addCustomerNote(db: DB, subject: NoteSubject, author: SessionUser, input: unknown): Promise<CustomerNote> {
  const { note } = parseInput(customerNoteSchema, input);
  const row = await db
    .insertInto('customer_notes')
    .values({ user_id: subject.userId, email: subject.email.toLowerCase(), body: note, author_id: author.id, author_name: author.name || author.email, created_at: nowIso() })
    .returning(['id', 'body', 'author_name', 'created_at'])
    .executeTakeFirstOrThrow();
  return { id: row.id, body: row.body, authorName: row.author_name, createdAt: row.created_at };
}
