import type { AppLoadContext } from 'react-router';
import pino from 'pino';
import type { DB } from '../../db/client.ts';
import { createMailer } from '../../app/lib/mail.server.ts';
import { createRateLimiter } from '../../app/lib/rate-limit.server.ts';
import type { Services } from '../../app/lib/services.server.ts';
import { loadConfig } from '../../app/config/app-config.ts';
import { csrfToken, newCsrfSeed, newNonce } from '../../server/security.ts';
import { onCleanup } from './cleanup.ts';
import type { BenchContext } from './types.ts';

/**
 * The services and per-request context our server builds for an anonymous visitor
 * (server/app.ts, server/context.ts), over a database connection of the caller's choice,
 * so app functions (page loaders, cart pricing) can be timed in the runner itself.
 */
export function benchServices(ctx: BenchContext, db: DB): Services {
  const config = loadConfig(ctx.serverEnv, { seedDemo: false });
  const mailer = createMailer({ from: config.mailFrom, dataDir: ctx.dataDir });
  onCleanup('close bench mailer', () => mailer.close());
  return { db, config, mailer, log: pino({ level: 'warn' }), loginLimiter: createRateLimiter(1, 1) };
}

export function anonymousContext(services: Services, origin: string): AppLoadContext {
  const context: AppLoadContext = {
    services,
    user: null,
    sessionToken: null,
    csrfToken: csrfToken(services.config.sessionSecret, newCsrfSeed(services.config.sessionSecret)),
    cspNonce: newNonce(),
    requestOrigin: origin,
    secure: false,
    clientIp: '127.0.0.1',
  };
  return context;
}
