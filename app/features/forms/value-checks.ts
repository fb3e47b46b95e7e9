/**
 * What a single posted value must look like to pass Contact Form 7's typed rules: an email
 * address as WordPress's is_email() takes it, a URL, a phone number, a number, a date, a time,
 * and a file name's extension. Pure and browser-safe, shared by rules.ts and the server.
 */

/** The equivalent of WordPress's is_email(), as Contact Form 7's browser rules check it. */
export function isEmail(text: string): boolean {
  const t = text.trim();
  if (t.length < 6 || t.indexOf('@', 1) < 0 || t.indexOf('@') !== t.lastIndexOf('@')) return false;
  const [local, domain] = t.split('@') as [string, string];
  if (!/^[a-zA-Z0-9!#$%&'*+/=?^_`{|}~.-]+$/.test(local)) return false;
  if (/\.{2,}/.test(domain) || /^[\s.]|[\s.]$/.test(domain)) return false;
  const subs = domain.split('.');
  if (subs.length < 2) return false;
  return subs.every((s) => /^[a-z0-9-]+$/i.test(s) && !/^-|-$/.test(s));
}

const URL_PROTOCOLS = new Set(['http', 'https', 'ftp', 'ftps', 'mailto', 'news', 'irc', 'irc6', 'ircs', 'gopher', 'nntp', 'feed', 'telnet', 'mms', 'rtsp', 'sms', 'svn', 'tel', 'fax', 'xmpp', 'webcal', 'urn']);

export function isUrl(text: string): boolean {
  const t = text.trim();
  if (!t || /[\s<>"]/.test(t)) return false;
  try {
    const u = new URL(t);
    return URL_PROTOCOLS.has(u.protocol.replace(/:$/, ''));
  } catch {
    return false;
  }
}

export function isTel(text: string): boolean {
  return /^[+]?[0-9]+$/.test(text.trim().replace(/[()/.*#\s-]+/g, ''));
}

export function isNumber(text: string): boolean {
  const t = text.trim();
  return /^-?[0-9]+(?:[eE][+-]?[0-9]+)?$/.test(t) || /^-?(?:[0-9]+)?\.[0-9]+(?:[eE][+-]?[0-9]+)?$/.test(t);
}

const DATE_RE = /^([0-9]{4,})-([0-9]{2})-([0-9]{2})$/;
export function isDate(text: string): boolean {
  const m = DATE_RE.exec(text.trim());
  if (!m) return false;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  if (mo < 1 || mo > 12 || d < 1) return false;
  const days = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  return d <= days;
}

export function isTime(text: string): boolean {
  return /^([01][0-9]|2[0-3]):[0-5][0-9](?::[0-5][0-9])?$/.test(text.trim());
}

/** 1 (Monday) … 7 (Sunday) of a yyyy-mm-dd date. */
export function dayOfWeek(text: string): number {
  const [y, m, d] = text.trim().split('-').map(Number) as [number, number, number];
  const dow = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return dow === 0 ? 7 : dow;
}

/** Lower-case extension of a file name, after its last dot ('' when none). */
export function extensionOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot + 1).toLowerCase();
}
