import type { Logger } from 'pino';
import type { DB } from '../../db/client.ts';
import type { AppConfig } from '../config/app-config.ts';
import type { Mailer } from './mail.server.ts';
import type { RateLimiter } from './rate-limit.server.ts';
import type { SharedState } from './redis-shared.server.ts';
import type { IdempotencyStore } from './idempotency.server.ts';
import type { Role } from './roles.ts';

/** What every feature service is given: created once per process by buildApp. */
export interface Services {
  db: DB;
  config: AppConfig;
  mailer: Mailer;
  log: Logger;
  loginLimiter: RateLimiter;
  /** With REDIS_URL: what the nodes share through Redis (rate limits, background job turns). */
  shared?: SharedState;
  /** Where Idempotency-Key records are kept (Redis when shared, else the database); set by buildApp. */
  idempotency?: IdempotencyStore;
  /** The live chat's sockets, once the server has attached them (pages reach them through this). */
  chat?: {
    disconnectUser(chatUserId: number): Promise<void>;
    /** Closes a shop account's sockets on every node (its role changed). */
    disconnectAccount(accountId: number): Promise<void>;
    /** The chat settings were saved: open sockets on every node take them. */
    settingsChanged(): Promise<void>;
    /** A shop account's operator vendor changed: its open sockets serve the new vendor at once. */
    operatorVendorChanged(accountId: number): Promise<void>;
  };
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
  /** Empty while rendering a shared page (`sharedPage`): forms there carry no token. */
  csrfToken: string;
  cspNonce: string;
  /**
   * This request's own origin, only when it may be believed (TRUST_PROXY and a host on
   * ALLOWED_HOSTS), else null. Absolute links take `trustedOrigin(services, requestOrigin)`.
   */
  requestOrigin: string | null;
  /**
   * Set while rendering a page for the anonymous page cache (server/page-cache.ts): its bytes
   * go to every visitor, so nothing of this one (cart, cookies, notices) may be rendered.
   */
  sharedPage?: boolean;
  secure: boolean;
  /** The client's address (from the proxy header only when TRUST_PROXY is set). */
  clientIp: string;
}
