import type { AppConfig } from '../../config/app-config.ts';
import type { Services } from '../../lib/services.server.ts';
import { getSettings } from './settings.server.ts';
import type { StoreSettings } from './settings.schema.ts';

/*
 * The one place absolute links get their origin. A request's Host and X-Forwarded-* headers are
 * written by the client, so a link built from them can point anywhere (a password-reset mail
 * carrying a valid token to an attacker's host). Links come from, in order:
 *   1. PUBLIC_URL;
 *   2. the store's address, confirmed by the owner at /admin/setup and edited in settings;
 *   3. the request's own address, only behind a trusted proxy (TRUST_PROXY) and only for a
 *      host on the ALLOWED_HOSTS list;
 * and otherwise from nothing: the caller leaves the link out and says so.
 */

export const NO_ORIGIN_MESSAGE =
  'No trusted address for links: set PUBLIC_URL, or the store address in Admin → Settings (or TRUST_PROXY=1 with ALLOWED_HOSTS)';

/**
 * This request's origin when it may be believed (TRUST_PROXY on and its host on the allow-list),
 * else null. With a trusted proxy, Fastify's host and protocol come from X-Forwarded-Host/-Proto.
 */
export function allowedRequestOrigin(config: Pick<AppConfig, 'trustProxy' | 'allowedHosts'>, request: { host: string; protocol: string }): string | null {
  if (!config.trustProxy || config.allowedHosts.length === 0) return null;
  const host = request.host.toLowerCase();
  if (!config.allowedHosts.includes(host)) return null;
  return `${request.protocol === 'https' ? 'https' : 'http'}://${host}`;
}

/** PUBLIC_URL as an origin (no trailing slash), or null. */
export function configuredOrigin(config: Pick<AppConfig, 'publicUrl'>): string | null {
  return config.publicUrl ? config.publicUrl.replace(/\/+$/, '') : null;
}

/**
 * The origin for absolute links, or null when none is trusted. `requestOrigin` is what
 * `allowedRequestOrigin` gave for the current request (the request context's `requestOrigin`).
 */
export async function trustedOrigin(services: Pick<Services, 'config' | 'db'>, requestOrigin?: string | null, settings?: Pick<StoreSettings, 'storeUrl'>): Promise<string | null> {
  const configured = configuredOrigin(services.config);
  if (configured) return configured;
  // The caller's settings when it holds them already.
  const { storeUrl } = settings ?? (await getSettings(services.db));
  return storeUrl || requestOrigin || null;
}

/**
 * The origin for a link in an e-mail; when there is none, logs the configuration error (the
 * caller then sends no link) so the owner learns what to set.
 */
export async function mailOrigin(
  services: Pick<Services, 'config' | 'db' | 'log'>,
  what: string,
  requestOrigin?: string | null,
  settings?: Pick<StoreSettings, 'storeUrl'>,
): Promise<string | null> {
  const origin = await trustedOrigin(services, requestOrigin, settings);
  if (!origin) services.log.error({ mail: what }, `configuration error: ${NO_ORIGIN_MESSAGE}; the e-mail link was not built`);
  return origin;
}
