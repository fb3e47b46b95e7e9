import { createHash, randomBytes } from 'node:crypto';
import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import { sql } from 'kysely';
import type { DB } from '../../../db/client.ts';
import { isPostgres } from '../../../db/dialect.ts';
import { LIMITS } from '../../config/constants.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { Services, SessionUser } from '../../lib/services.server.ts';
import { isoIn, nowIso } from '../../lib/time.ts';
import { parseInput } from '../../lib/validate.ts';
import { createRateLimiter, type RateLimiter } from '../../lib/rate-limit.server.ts';
import { getSettings } from '../admin/settings.server.ts';
import { renderMail } from '../../lib/mail-template.server.ts';
import {
  createUserSchema,
  loginSchema,
  registerSchema,
  resetConfirmSchema,
  resetRequestSchema,
} from './account.schema.ts';
import type { Role } from './roles.ts';
import { createSession, destroySession, destroyUserSessions } from './session.server.ts';

// argon2id with OWASP's recommended minimum cost (19 MiB, 2 passes).
const ARGON = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
/** argon2id hash of a password (also used when checkout creates an account). */
export const hashPassword = (password: string) => argonHash(password, ARGON);
/** True when the password matches the stored argon2 hash; a malformed hash is a mismatch. */
export const verifyPassword = (hash: string, password: string) => argonVerify(hash, password).catch(() => false);

// A real hash to verify against when the e-mail is unknown, so timing does not reveal accounts.
let dummyHash: Promise<string> | undefined;

const sha = (token: string) => createHash('sha256').update(token).digest('base64url');

function toSessionUser(row: { id: number; email: string; name: string; role: string }): SessionUser {
  return { id: row.id, email: row.email, name: row.name, role: row.role as Role };
}

const emailTaken = () =>
  new HttpError(409, 'email_taken', 'An account with this e-mail address already exists.', {
    email: 'An account with this e-mail address already exists.',
  });

/** Inserts a validated account; the unique index on e-mail has the last word. */
async function insertUser(
  db: DB,
  data: { email: string; name: string; role: Role },
  password_hash: string,
): Promise<SessionUser> {
  const now = nowIso();
  const existing = await db.selectFrom('users').select('id').where('email', '=', data.email).executeTakeFirst();
  if (existing) throw emailTaken();
  try {
    const row = await db
      .insertInto('users')
      .values({ email: data.email, password_hash, name: data.name, role: data.role, created_at: now, updated_at: now })
      .returning(['id', 'email', 'name', 'role'])
      .executeTakeFirstOrThrow();
    return toSessionUser(row);
  } catch (err) {
    // Two registrations racing for one address: the unique index decides.
    if (/unique|duplicate/i.test(String(err))) throw emailTaken();
    throw err;
  }
}

/** Creates an account with any role (CLI and admin setup); register() is the shopper's way in. */
export async function createUser(services: Services, input: unknown): Promise<SessionUser> {
  const data = parseInput(createUserSchema, input);
  return insertUser(services.db, data, await hashPassword(data.password));
}

/**
 * Shopper registration: always the customer role; signs the new account in, ending the
 * session the browser held before (if any) only once the account exists.
 */
export async function register(
  services: Services,
  input: unknown,
  previousToken?: string | null,
): Promise<{ user: SessionUser; token: string }> {
  const data = parseInput(registerSchema, input);
  const user = await createUser(services, { ...data, role: 'customer' });
  await destroySession(services.db, previousToken ?? undefined);
  return { user, token: await createSession(services.db, user.id) };
}

/**
 * Checks the password and starts a fresh session; limited per address and e-mail (429).
 * The browser's previous session ends only on success, so a mistyped password does not
 * sign anyone out.
 */
export async function login(
  services: Services,
  input: unknown,
  clientIp: string,
  previousToken?: string | null,
): Promise<{ user: SessionUser; token: string }> {
  const data = parseInput(loginSchema, input);
  const key = `${clientIp}|${data.email}`;
  const wait = services.loginLimiter.hit(key);
  if (wait > 0) {
    throw new HttpError(429, 'rate_limited', `Too many login attempts. Try again in ${Math.ceil(wait / 60)} minutes.`, undefined, {
      'retry-after': String(wait),
    });
  }
  const row = await services.db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'role', 'password_hash'])
    .where('email', '=', data.email)
    .executeTakeFirst();
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  const ok = await argonVerify(row?.password_hash ?? (await dummyHash), data.password).catch(() => false);
  if (!row || !ok) {
    throw new HttpError(401, 'invalid_credentials', 'The e-mail address or password is incorrect.');
  }
  services.loginLimiter.reset(key);
  await destroySession(services.db, previousToken ?? undefined);
  return { user: toSessionUser(row), token: await createSession(services.db, row.id) };
}

/**
 * Sends a reset link when the address has an account. Answers the same either way, so
 * the form cannot be used to find out who has an account.
 */
export async function requestPasswordReset(services: Services, input: unknown, origin: string, clientIp: string): Promise<void> {
  const { email } = parseInput(resetRequestSchema, input);
  // Per address and per e-mail: nobody can flood an inbox or the outgoing mail server.
  const limit = resetLimitersFor(services);
  const wait = Math.max(limit.client.hit(clientIp), limit.email.hit(email));
  if (wait > 0) {
    throw new HttpError(429, 'rate_limited', `Too many reset requests. Try again in ${Math.ceil(wait / 60)} minutes.`, undefined, { 'retry-after': String(wait) });
  }
  const user = await services.db.selectFrom('users').select(['id', 'name', 'email']).where('email', '=', email).executeTakeFirst();
  if (!user) return;
  const token = randomBytes(32).toString('base64url');
  await services.db
    .insertInto('password_resets')
    .values({ token_hash: sha(token), user_id: user.id, expires_at: isoIn(LIMITS.passwordResetMs), used_at: null })
    .execute();
  const settings = await getSettings(services.db);
  const link = `${origin}/account/reset-password?token=${token}`;
  const minutes = Math.round(LIMITS.passwordResetMs / 60_000);
  // A mail server that is down must not answer differently (that would tell who has an
  // account) nor fail the request: the shop's log says what happened.
  await services.mailer.send({
    to: user.email,
    ...renderMail(settings, {
      subject: `Reset your password for ${settings.storeName}`,
      heading: 'Reset your password',
      paragraphs: [
        `Hello ${user.name || user.email},`,
        `Someone asked to reset the password of your ${settings.storeName} account. If it was you, choose a new password here (the link works once, for ${minutes} minutes):`,
      ],
      action: { label: 'Choose a new password', url: link },
      footer: 'If you did not ask for this, ignore this message: your password stays as it is.',
    }),
  }).catch((err: unknown) => services.log.error({ err, userId: user.id }, 'password reset e-mail could not be sent'));
}

// One limiter per running app (tests build many apps in one process, each with its own count).
const resetLimiters = new WeakMap<Services, { client: RateLimiter; email: RateLimiter }>();
function resetLimitersFor(services: Services) {
  let l = resetLimiters.get(services);
  if (!l) {
    l = {
      client: createRateLimiter(LIMITS.passwordResetPerClient, LIMITS.passwordResetWindowMs),
      email: createRateLimiter(LIMITS.passwordResetPerEmail, LIMITS.passwordResetWindowMs),
    };
    resetLimiters.set(services, l);
  }
  return l;
}

/** Sets a new password from a reset token; the token works once and expires. Ends other sessions. */
export async function resetPassword(services: Services, input: unknown): Promise<SessionUser> {
  const data = parseInput(resetConfirmSchema, input);
  const password_hash = await hashPassword(data.password);
  return services.db.transaction().execute(async (trx) => {
    const now = nowIso();
    // The conditional update claims the token: a second use finds nothing to update.
    const claimed = await trx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('token_hash', '=', sha(data.token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('user_id')
      .executeTakeFirst();
    if (!claimed) {
      throw new HttpError(400, 'invalid_token', 'This reset link has expired or was already used. Ask for a new one.', {
        token: 'This reset link has expired or was already used.',
      });
    }
    const user = await trx
      .updateTable('users')
      .set({ password_hash, updated_at: now })
      .where('id', '=', claimed.user_id)
      .returning(['id', 'email', 'name', 'role'])
      .executeTakeFirstOrThrow();
    await destroyUserSessions(trx, user.id);
    return toSessionUser(user);
  });
}

export async function adminExists(services: Services | { db: DB }): Promise<boolean> {
  const row = await services.db.selectFrom('users').select('id').where('role', '=', 'admin').limit(1).executeTakeFirst();
  return !!row;
}

const setupDone = () => new HttpError(403, 'setup_done', 'This shop already has an administrator. Log in instead.');

/**
 * First-run setup: creates the first admin, refused once any admin exists. Several setup
 * requests can arrive at once on a fresh shop, so the check and the insert run in one
 * transaction that only one of them holds at a time: SQLite has a single connection per
 * process, PostgreSQL takes a transaction-scoped advisory lock.
 */
export async function setupFirstAdmin(services: Services, input: unknown): Promise<SessionUser> {
  if (await adminExists(services)) throw setupDone();
  const data = parseInput(registerSchema, input);
  const password_hash = await hashPassword(data.password);
  return services.db.transaction().execute(async (trx) => {
    if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(${SETUP_LOCK_ID})`.execute(trx);
    if (await adminExists({ db: trx })) throw setupDone();
    return insertUser(trx, { ...data, role: 'admin' }, password_hash);
  });
}

/** Any fixed number: names the advisory lock that serialises first-run setup. */
const SETUP_LOCK_ID = 7_411_002;
