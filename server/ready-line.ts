import type { AddressInfo } from 'node:net';

/**
 * The one plain line the server prints when it is ready, beside its JSON logs: where the shop
 * is and, while the shop has no administrator, where to create the first one and with which
 * setup code (when this process knows it; else where to find it).
 */
export function readyLine(shopUrl: string, needsAdmin: boolean, setupCode?: string | null): string {
  const base = shopUrl.replace(/\/+$/, '');
  if (!needsAdmin) return `Vitrine is ready at ${base}/ — the admin is at ${base}/admin`;
  const code = setupCode ? `with the setup code ${setupCode}` : 'with the setup code from the log above';
  return `Vitrine is ready at ${base}/ — create the first administrator at ${base}/admin/setup ${code} (\`npx vitrine setup-code\` shows it again)`;
}

/** The shop's address: PUBLIC_URL when set, else the address it listens on (any interface reads as localhost). */
export function shopUrl(publicUrl: string | undefined, address: AddressInfo | string | null): string {
  if (publicUrl) return publicUrl;
  if (!address || typeof address === 'string') return 'http://localhost';
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard ? 'localhost' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}
