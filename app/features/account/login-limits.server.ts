import { LIMITS } from '../../config/constants.ts';
import { HttpError } from '../../lib/http-error.ts';
import { createRateLimiter, sharedRateLimiter, type RateLimiter } from '../../lib/rate-limit.server.ts';
import type { Services } from '../../lib/services.server.ts';

/*
 * The limits a login passes before its password is checked (docs/ARCHITECTURE.md, Security):
 *  - per client address and e-mail (services.loginLimiter): guessing one account's password;
 *  - per client address across e-mails, counting failures: one address trying a password
 *    on many accounts (spraying). Successes are not counted, so an office behind one
 *    address signs in as usual;
 *  - per process, every password check whoever asks: argon2id costs tens of milliseconds of
 *    a core, so a flood from many addresses cannot starve the pages (503, try again soon).
 *    Counted in this process, since the hashing load is this process's own.
 * The first two are shared between nodes through Redis when REDIS_URL is set.
 */

interface LoginLimiters {
  clientFailures: RateLimiter;
  checks: RateLimiter;
}

// One set per running app (tests build many apps in one process, each with its own count).
const limiters = new WeakMap<Services, LoginLimiters>();
function limitersFor(services: Services): LoginLimiters {
  let l = limiters.get(services);
  if (!l) {
    l = {
      clientFailures: sharedRateLimiter(services, 'login-client-failures', LIMITS.loginFailuresPerClient, LIMITS.loginWindowMs),
      checks: createRateLimiter(LIMITS.passwordChecksPerSecond, 1_000),
    };
    limiters.set(services, l);
  }
  return l;
}

const tooMany = (wait: number) =>
  new HttpError(429, 'rate_limited', `Too many login attempts. Try again in ${Math.ceil(wait / 60)} minutes.`, undefined, { 'retry-after': String(wait) });

/** Throws 429 (or 503 at the process's ceiling) when this attempt may not check a password now. */
export async function admitLogin(services: Services, clientIp: string, email: string): Promise<void> {
  const own = await services.loginLimiter.hit(`${clientIp}|${email}`);
  if (own > 0) throw tooMany(own);
  const client = await limitersFor(services).clientFailures.peek(clientIp);
  if (client > 0) throw tooMany(client);
  const busy = await limitersFor(services).checks.hit('all');
  if (busy > 0) throw new HttpError(503, 'busy', 'Too many sign-ins at once. Please try again in a moment.', undefined, { 'retry-after': String(busy) });
}

/** Counts a wrong e-mail or password against the client address. */
export async function loginFailed(services: Services, clientIp: string): Promise<void> {
  await limitersFor(services).clientFailures.hit(clientIp);
}

/** A successful login clears its own address-and-e-mail count (not the address's failures). */
export async function loginSucceeded(services: Services, clientIp: string, email: string): Promise<void> {
  await services.loginLimiter.reset(`${clientIp}|${email}`);
}
