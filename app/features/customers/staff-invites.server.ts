import { createHash, randomBytes } from 'node:crypto';
import { plural, t as mail } from '../../i18n/t-emails.ts';
import type { DB } from '../../../db/client.ts';
import { STAFF_INVITE_VALID_MS } from '../../config/constants.ts';
import { HttpError } from '../../lib/http-error.ts';
import { renderMail } from '../emails/layout.server.ts';
import type { Services, SessionUser } from '../../lib/services.server.ts';
import { isoIn, nowIso } from '../../lib/time.ts';
import { parseInput } from '../../lib/validate.ts';
import { hashPassword } from '../account/account.server.ts';
import type { Role } from '../../lib/roles.ts';
import { createSession, destroySession } from '../account/session.server.ts';
import { mailOrigin, NO_ORIGIN_MESSAGE } from '../settings/origin.server.ts';
import { getSettings } from '../settings/settings.server.ts';
import { withTransaction } from '../orders/transaction.server.ts';
import { t } from '../../i18n/t-admin.ts';
import { acceptInviteSchema, inviteSchema } from './customers.schema.ts';
import type { InvitableRole } from './roles.ts';

/*
 * Staff invitations: an administrator names someone, their e-mail address and a staff role;
 * the mail carries a link with a random 256-bit token (only its SHA-256 is stored) that works
 * once, for STAFF_INVITE_VALID_MS. The invitee chooses a password there and is signed in with
 * the role. An address that already has an account is refused: its role is changed on its
 * customer page instead. Resending replaces the token (the old link stops working).
 */

const sha = (token: string) => createHash('sha256').update(token).digest('base64url');

export interface PendingInvite {
  id: number;
  email: string;
  name: string;
  role: InvitableRole;
  sentAt: string;
  expiresAt: string;
  expired: boolean;
}

/** Pending invitations, newest first (expired ones too: they can be sent again). */
export async function listInvites(db: DB): Promise<PendingInvite[]> {
  const now = nowIso();
  const rows = await db.selectFrom('staff_invites').select(['id', 'email', 'name', 'role', 'sent_at', 'expires_at']).orderBy('sent_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map((r) => ({ id: r.id, email: r.email, name: r.name, role: r.role as InvitableRole, sentAt: r.sent_at, expiresAt: r.expires_at, expired: r.expires_at <= now }));
}

const emailTaken = () =>
  new HttpError(409, 'email_taken', 'An account with this e-mail address already exists: change its role on its customer page instead.', {
    email: 'An account with this e-mail address already exists.',
  });
const noOrigin = () => new HttpError(409, 'no_origin', `No invitation was sent. ${NO_ORIGIN_MESSAGE}.`);
const mailFailed = (what: string) => new HttpError(503, 'mail_failed', `The invitation e-mail could not be sent: the mail server did not take it. ${what}`);

/** Invites someone to the staff: stores the invitation and mails its link (nothing is kept when the mail fails). */
export async function inviteStaff(services: Services, actor: SessionUser, input: unknown, requestOrigin: string | null): Promise<{ email: string }> {
  const data = parseInput(inviteSchema, input);
  const { db } = services;
  if (await db.selectFrom('users').select('id').where('email', '=', data.email).executeTakeFirst()) throw emailTaken();
  if (await db.selectFrom('staff_invites').select('id').where('email', '=', data.email).executeTakeFirst()) {
    throw new HttpError(409, 'already_invited', 'This address has a pending invitation: send it again from the list instead.', { email: 'Already invited.' });
  }
  const origin = await mailOrigin(services, 'staff invitation', requestOrigin);
  if (!origin) throw noOrigin();
  const token = randomBytes(32).toString('base64url');
  const now = nowIso();
  let id: number;
  try {
    const row = await db
      .insertInto('staff_invites')
      .values({ email: data.email, name: data.name, role: data.role, token_hash: sha(token), invited_by: actor.id, created_at: now, sent_at: now, expires_at: isoIn(STAFF_INVITE_VALID_MS) })
      .returning('id')
      .executeTakeFirstOrThrow();
    id = row.id;
  } catch (err) {
    // Two invitations of one address at once: the unique index decides.
    if (/unique|duplicate/i.test(String(err))) throw new HttpError(409, 'already_invited', 'This address has a pending invitation.', { email: 'Already invited.' });
    throw err;
  }
  try {
    await sendInviteMail(services, { email: data.email, name: data.name, role: data.role }, actor, `${origin}/account/invite?token=${token}`, token);
  } catch (err) {
    services.log.error({ err, inviteId: id }, 'staff invitation e-mail could not be sent');
    await db.deleteFrom('staff_invites').where('id', '=', id).execute();
    throw mailFailed('Nothing was saved; try again.');
  }
  return { email: data.email };
}

/** Sends an invitation again with a new link, valid for the full period from now. */
export async function resendInvite(services: Services, actor: SessionUser, id: number, requestOrigin: string | null): Promise<{ email: string }> {
  const origin = await mailOrigin(services, 'staff invitation', requestOrigin);
  if (!origin) throw noOrigin();
  const token = randomBytes(32).toString('base64url');
  const now = nowIso();
  const row = await services.db
    .updateTable('staff_invites')
    .set({ token_hash: sha(token), sent_at: now, expires_at: isoIn(STAFF_INVITE_VALID_MS) })
    .where('id', '=', id)
    .returning(['email', 'name', 'role'])
    .executeTakeFirst();
  if (!row) throw new HttpError(404, 'not_found', 'This invitation no longer exists (accepted or revoked).');
  try {
    await sendInviteMail(services, { email: row.email, name: row.name, role: row.role as InvitableRole }, actor, `${origin}/account/invite?token=${token}`, token);
  } catch (err) {
    services.log.error({ err, inviteId: id }, 'staff invitation e-mail could not be sent');
    throw mailFailed('The earlier link no longer works; send it again later.');
  }
  return { email: row.email };
}

export async function revokeInvite(db: DB, id: number): Promise<{ email: string }> {
  const row = await db.deleteFrom('staff_invites').where('id', '=', id).returning('email').executeTakeFirst();
  if (!row) throw new HttpError(404, 'not_found', 'This invitation no longer exists (accepted or revoked).');
  return row;
}

async function sendInviteMail(services: Services, to: { email: string; name: string; role: Role }, actor: SessionUser, link: string, token: string) {
  const settings = await getSettings(services.db);
  const days = Math.round(STAFF_INVITE_VALID_MS / 86_400_000);
  await services.mailer.send({
    to: to.email,
    // A link that creates an account: the outbox keeps this message with the token withheld.
    kind: 'account_setup',
    secrets: [token],
    ...renderMail(settings, {
      subject: mail('emails.invite.subject', { site_title: settings.storeName }),
      heading: mail('emails.invite.heading', { site_title: settings.storeName }),
      paragraphs: [
        mail('emails.hello', { name: to.name || to.email }),
        plural('emails.invite.intro', days, { inviter: actor.name || actor.email, site_title: settings.storeName, role: t(`admin.role.${to.role}`) }),
      ],
      action: { label: mail('emails.invite.action'), url: link },
      footer: mail('emails.invite.footer'),
    }),
  });
}

/** The invitation a link names, while it can still be accepted; null for an unknown, used, revoked or expired one. */
export async function inviteByToken(db: DB, token: string): Promise<{ email: string; name: string; role: InvitableRole } | null> {
  if (token.length < 10 || token.length > 200) return null;
  const row = await db.selectFrom('staff_invites').select(['email', 'name', 'role']).where('token_hash', '=', sha(token)).where('expires_at', '>', nowIso()).executeTakeFirst();
  return row ? { email: row.email, name: row.name, role: row.role as InvitableRole } : null;
}

const invalidToken = () =>
  new HttpError(400, 'invalid_token', 'This invitation link has expired or was already used. Ask an administrator to send it again.', {
    token: 'This invitation link has expired or was already used.',
  });

/**
 * Accepts an invitation: creates the account with its role and the password chosen, deletes
 * the invitation in the same transaction (so the link works once), and starts a session,
 * ending the one this browser held before. A token that cannot work is refused before the
 * password is hashed.
 */
export async function acceptInvite(services: Services, input: unknown, previousToken?: string | null): Promise<{ user: SessionUser; token: string }> {
  const data = parseInput(acceptInviteSchema, input);
  if (!(await inviteByToken(services.db, data.token))) throw invalidToken();
  const password_hash = await hashPassword(data.password);
  const user = await withTransaction(services.db, async (trx) => {
    const now = nowIso();
    const invite = await trx
      .deleteFrom('staff_invites')
      .where('token_hash', '=', sha(data.token))
      .where('expires_at', '>', now)
      .returning(['email', 'name', 'role'])
      .executeTakeFirst();
    if (!invite) throw invalidToken();
    // Someone registered the address after the invitation went out: the invitation stays (rolled back).
    if (await trx.selectFrom('users').select('id').where('email', '=', invite.email).executeTakeFirst()) throw emailTaken();
    const name = data.name || invite.name;
    const row = await trx
      .insertInto('users')
      .values({ email: invite.email, password_hash, name, role: invite.role, created_at: now, updated_at: now })
      .returning(['id', 'email', 'name', 'role'])
      .executeTakeFirstOrThrow()
      .catch((err: unknown) => {
        // A registration of the same address racing this one: the unique index decides.
        throw /unique|duplicate/i.test(String(err)) ? emailTaken() : err;
      });
    return { id: row.id, email: row.email, name: row.name, role: row.role as Role };
  });
  await destroySession(services.db, previousToken ?? undefined);
  return { user, token: await createSession(services.db, user.id) };
}
