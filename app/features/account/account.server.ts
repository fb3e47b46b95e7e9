import { createHash, randomBytes } from 'node:crypto';
import { plural, t } from '../../i18n/t-emails.ts';
import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import { sql } from 'kysely';
import type { DB } from '../../../db/client.ts';
import { isPostgres } from '../../../db/dialect.ts';
import { LIMITS } from '../../config/constants.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { Services, SessionUser } from '../../lib/services.server.ts';
import { isoIn, nowIso } from '../../lib/time.ts';
import { parseInput } from '../../lib/validate.ts';
import { sharedRateLimiter, type RateLimiter } from '../../lib/rate-limit.server.ts';
import { getSettings } from '../settings/settings.server.ts';
import { mailOrigin } from '../settings/origin.server.ts';
import type { StoreSettings } from '../settings/settings.schema.ts';
import { inBackground } from '../../lib/background.server.ts';
import { composeEmail, type ShopMail } from '../emails/compose.server.ts';
import {
  createUserSchema,
  loginSchema,
  registerSchema,
  resetConfirmSchema,
  resetRequestSchema,
  setupSchema,
} from './account.schema.ts';
import { readOrCreateSetupCode, removeSetupCode, setupCodeMatches } from './setup-code.server.ts';
import type { Role } from '../../lib/roles.ts';
import { createSession, destroySession, destroyUserSessions } from './session.server.ts';
import { admitLogin, loginFailed, loginSucceeded } from './login-limits.server.ts';

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
  // A taken address is refused before the password is hashed (the unique index still decides races).
  const taken = await services.db.selectFrom('users').select('id').where('email', '=', data.email).executeTakeFirst();
  if (taken) throw emailTaken();
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
 * Checks the password and starts a fresh session; limited per address and e-mail, per
 * address across e-mails (429) and per process (503), login-limits.server.ts.
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
  await admitLogin(services, clientIp, data.email);
  const row = await services.db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'role', 'password_hash'])
    .where('email', '=', data.email)
    .executeTakeFirst();
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  const ok = await argonVerify(row?.password_hash ?? (await dummyHash), data.password).catch(() => false);
  if (!row || !ok) {
    await loginFailed(services, clientIp);
    throw new HttpError(401, 'invalid_credentials', 'The e-mail address or password is incorrect.');
  }
  await loginSucceeded(services, clientIp, data.email);
  await destroySession(services.db, previousToken ?? undefined);
  return { user: toSessionUser(row), token: await createSession(services.db, row.id) };
}

/**
 * Sends a reset link when the address has an account. Answers the same either way, so
 * the form cannot be used to find out who has an account: what is done before the answer
 * (checking the input and the rate limits) is the same for every address; looking the
 * account up, storing the token and mailing happen after it, in the background.
 * The link's origin is the trusted one (PUBLIC_URL or the store address; `requestOrigin` only
 * when allowed), never the request's Host: without one, no mail is sent and the log says why.
 */
export async function requestPasswordReset(services: Services, input: unknown, requestOrigin: string | null, clientIp: string): Promise<void> {
  const { email } = parseInput(resetRequestSchema, input);
  // Per address and per e-mail: nobody can flood an inbox or the outgoing mail server.
  const limit = resetLimitersFor(services);
  const wait = Math.max(await limit.client.hit(clientIp), await limit.email.hit(email));
  if (wait > 0) {
    throw new HttpError(429, 'rate_limited', `Too many reset requests. Try again in ${Math.ceil(wait / 60)} minutes.`, undefined, { 'retry-after': String(wait) });
  }
  inBackground(services, 'password reset e-mail', () => sendResetMail(services, email, requestOrigin));
}

async function sendResetMail(services: Services, email: string, requestOrigin: string | null): Promise<void> {
  const user = await services.db.selectFrom('users').select(['id', 'name', 'email']).where('email', '=', email).executeTakeFirst();
  if (!user) return;
  // The answer has gone already; a mail server that is down is only logged.
  await mailResetLink(services, user, requestOrigin).catch((err: unknown) => services.log.error({ err, userId: user.id }, 'password reset e-mail could not be sent'));
}

/**
 * Stores a new reset token for the account and mails its link: the shopper's own request
 * (above, after the answer) and the back office's "send a password-reset e-mail" share it.
 * Answers 'no_origin' — nothing stored or sent, the log says why — when no trusted address
 * exists for the link; throws when the mail server refuses the message.
 */
export async function mailResetLink(
  services: Services,
  user: { id: number; name: string; email: string },
  requestOrigin: string | null,
): Promise<'sent' | 'no_origin' | 'off'> {
  const origin = await mailOrigin(services, 'password reset', requestOrigin);
  // A reset mail without its link is no use: nothing is stored or sent.
  if (!origin) return 'no_origin';
  const settings = await getSettings(services.db);
  // Switched off by the owner (/admin/settings/emails): no link is made.
  if (!settings.emails.customer_reset_password.enabled) return 'off';
  const token = randomBytes(32).toString('base64url');
  await services.db
    .insertInto('password_resets')
    .values({ token_hash: sha(token), user_id: user.id, expires_at: isoIn(LIMITS.passwordResetMs), used_at: null })
    .execute();
  const mail = composeResetEmail(settings, user, `${origin}/account/reset-password?token=${token}`)!;
  await services.mailer.send({
    to: user.email,
    // The outbox the admin pages show keeps this message with the token withheld.
    kind: 'password_reset',
    secrets: [token],
    ...mail,
  });
  return 'sent';
}

/** The password-reset e-mail with its link, for the send and the admin's preview and test (`ignoreSwitch`). */
export function composeResetEmail(settings: StoreSettings, user: { name: string; email: string }, link: string, opts: { ignoreSwitch?: boolean } = {}): ShopMail | null {
  const minutes = Math.round(LIMITS.passwordResetMs / 60_000);
  return composeEmail(
    settings,
    'customer_reset_password',
    {
      subject: t('emails.resetPassword.subject', { site_title: settings.storeName }),
      heading: t('emails.resetPassword.heading'),
      paragraphs: [t('emails.hello', { name: user.name || user.email }), plural('emails.resetPassword.intro', minutes, { site_title: settings.storeName })],
      action: { label: t('emails.resetPassword.action'), url: link },
      footer: t('emails.resetPassword.footer'),
    },
    { customer_name: user.name || user.email },
    opts,
  );
}

/**
 * The reset links' per-e-mail limit, for links the back office sends: staff cannot flood an
 * inbox either. Answers the seconds to wait (0: go ahead), counting this one.
 */
export async function resetMailAllowance(services: Services, email: string): Promise<number> {
  return resetLimitersFor(services).email.hit(email);
}

// One limiter per running app (tests build many apps in one process, each with its own count).
const resetLimiters = new WeakMap<Services, { client: RateLimiter; email: RateLimiter }>();
function resetLimitersFor(services: Services) {
  let l = resetLimiters.get(services);
  if (!l) {
    l = {
      client: sharedRateLimiter(services, 'password-reset-client', LIMITS.passwordResetPerClient, LIMITS.passwordResetWindowMs),
      email: sharedRateLimiter(services, 'password-reset-email', LIMITS.passwordResetPerEmail, LIMITS.passwordResetWindowMs),
    };
    resetLimiters.set(services, l);
  }
  return l;
}

const invalidResetToken = () =>
  new HttpError(400, 'invalid_token', 'This reset link has expired or was already used. Ask for a new one.', {
    token: 'This reset link has expired or was already used.',
  });

/** Sets a new password from a reset token; the token works once and expires. Ends other sessions. */
export async function resetPassword(services: Services, input: unknown): Promise<SessionUser> {
  const data = parseInput(resetConfirmSchema, input);
  // A token that cannot work is refused before the password is hashed: an unknown token
  // must not cost the server a password hash (tens of milliseconds of CPU) per request.
  const usable = await services.db
    .selectFrom('password_resets')
    .select('user_id')
    .where('token_hash', '=', sha(data.token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso())
    .executeTakeFirst();
  if (!usable) throw invalidResetToken();
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
    if (!claimed) throw invalidResetToken();
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
const wrongCode = () =>
  new HttpError(403, 'invalid_setup_code', 'The setup code is not right. It is printed in the server log at start, and by `npx vitrine setup-code`.', {
    setupCode: 'The setup code is not right: copy it from the server log or from `npx vitrine setup-code`.',
  });

/**
 * First-run setup: creates the first admin, refused once any admin exists, and only for
 * whoever has the setup code from the server log (checked in constant time, at most
 * `LIMITS.setupAttemptsPerClient` codes per client address per window). A wrong code creates
 * nothing. The store address given (the shop's public origin, confirmed by the owner) is saved
 * with the admin. Several setup requests can arrive at once on a fresh shop, so the check and
 * the insert run in one transaction that only one of them holds at a time: SQLite has a single
 * connection per process, PostgreSQL takes a transaction-scoped advisory lock.
 */
export async function setupFirstAdmin(services: Services, input: unknown, clientIp: string): Promise<SessionUser> {
  if (await adminExists(services)) throw setupDone();
  const data = parseInput(setupSchema, input);
  const wait = await setupLimiterFor(services).hit(clientIp);
  if (wait > 0) {
    throw new HttpError(429, 'rate_limited', `Too many setup attempts. Try again in ${Math.ceil(wait / 60)} minutes.`, undefined, { 'retry-after': String(wait) });
  }
  if (!(await setupCodeMatches(services.db, data.setupCode))) throw wrongCode();
  const password_hash = await hashPassword(data.password);
  const user = await services.db.transaction().execute(async (trx) => {
    if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(${SETUP_LOCK_ID})`.execute(trx);
    if (await adminExists({ db: trx })) throw setupDone();
    const admin = await insertUser(trx, { email: data.email, name: data.name, role: 'admin' }, password_hash);
    const first = { ...(data.storeUrl ? { storeUrl: data.storeUrl } : {}), ...(data.shopEmail ? { emailFromAddress: data.shopEmail } : {}) };
    for (const [key, value] of Object.entries(first)) {
      const row = { key: `store.${key}`, value: JSON.stringify(value) };
      await trx.insertInto('settings').values(row).onConflict((oc) => oc.column('key').doUpdateSet({ value: row.value })).execute();
    }
    // Gone with the admin's creation, in the same transaction: no moment with both.
    await removeSetupCode(trx);
    return admin;
  });
  return user;
}

const setupLimiters = new WeakMap<Services, RateLimiter>();
function setupLimiterFor(services: Services): RateLimiter {
  let l = setupLimiters.get(services);
  if (!l) setupLimiters.set(services, (l = sharedRateLimiter(services, 'setup', LIMITS.setupAttemptsPerClient, LIMITS.setupWindowMs)));
  return l;
}

/**
 * At start: on a shop without an administrator, makes sure a setup code exists and prints it
 * in the log; on a shop with one, removes a code left over. Answers the code, or null.
 */
export async function announceSetupCode(services: Services): Promise<string | null> {
  if (await adminExists(services)) {
    await removeSetupCode(services.db);
    return null;
  }
  const code = await readOrCreateSetupCode(services.db);
  services.log.warn(`This shop has no administrator yet. Open /admin/setup and enter the setup code ${code} (also shown by \`npx vitrine setup-code\`).`);
  return code;
}

/** Any fixed number: names the advisory lock that serialises first-run setup. */
const SETUP_LOCK_ID = 7_411_002;
