import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * Signed download links: `/download/<access id>?expires=<unix seconds>&sig=<HMAC>`. The
 * signature (HMAC-SHA256 with the shop's secret) covers the access id and the link's own
 * expiry, so an id or time changed by hand, or a guessed link, fails the check. The link is
 * only a way in: every request also checks the access itself (revoked, used up, expired, and
 * whose it is), so a link that is still valid never outlives what it gives access to.
 */

/** How long a link shown in My account → Downloads stays valid (the page makes new ones each time). */
export const PAGE_LINK_SECONDS = 24 * 60 * 60;
/** How long a link in an e-mail stays valid: after that the shopper opens My account → Downloads (or the order page). */
export const MAIL_LINK_SECONDS = 30 * 24 * 60 * 60;

const sign = (secret: string, id: number, expires: number) => createHmac('sha256', `download-link:${secret}`).update(`${id}.${expires}`).digest('base64url');

/** The path (no origin) of a signed link to access `id`, valid for `seconds` from `now`. */
export function downloadPath(secret: string, id: number, seconds: number, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + seconds;
  return `/download/${id}?expires=${expires}&sig=${sign(secret, id, expires)}`;
}

export type LinkCheck = { ok: true; id: number } | { ok: false; reason: 'invalid' | 'link_expired' };

/** Checks a link's id, expiry and signature; an unsigned, altered or malformed link is `invalid`. */
export function checkDownloadLink(secret: string, idText: string | undefined, expiresText: string | null, sig: string | null, now = Date.now()): LinkCheck {
  if (!idText || !/^\d{1,10}$/.test(idText) || !expiresText || !/^\d{1,12}$/.test(expiresText) || !sig || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return { ok: false, reason: 'invalid' };
  const id = Number(idText);
  const expires = Number(expiresText);
  const want = Buffer.from(sign(secret, id, expires));
  const got = Buffer.from(sig);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return { ok: false, reason: 'invalid' };
  if (expires * 1000 < now) return { ok: false, reason: 'link_expired' };
  return { ok: true, id };
}
