import type { Logger } from 'pino';
import type { DB } from '../../db/client.ts';
import type { AppConfig } from '../../server/config.ts';
import type { Mailer } from './mail.server.ts';
import type { RateLimiter } from './rate-limit.server.ts';
import type { Role } from '../features/account/roles.ts';

/** What every feature service is given: created once per process by buildApp. */
export interface Services {
  db: DB;
  config: AppConfig;
  mailer: Mailer;
  log: Logger;
  loginLimiter: RateLimiter;
}

export interface SessionUser {
  id: number;
  email: string;
  name: string;
  role: Role;
}


/** Per-request context handed to page loaders and actions. */
export interface RequestContext {
  services: Services;
  user: SessionUser | null;
  sessionToken: string | null;
  csrfToken: string;
  cspNonce: string;
  /** Origin used for absolute links in mail and canonical URLs. */
  origin: string;
  secure: boolean;
  /** The client's address (from the proxy header only when TRUST_PROXY is set). */
  clientIp: string;
}
