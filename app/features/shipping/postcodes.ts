/*
 * Postcode patterns as WooCommerce shops write them, shared by shipping zones and tax rates:
 * an exact code ("SW1A1AA"), a wildcard ("902*", "SW1*"), or an inclusive range
 * ("90000...90999"). Matching ignores case, spaces and dashes, so "sw1a 1aa" matches
 * "SW1A1AA" and "01310-100" matches "01310100".
 */

/** Upper case without spaces or dashes: the form both sides are compared in. */
export function normalizePostcode(postcode: string): string {
  return postcode.toUpperCase().replace(/[\s-]+/g, '');
}

const RANGE = '...';

/**
 * Letters and digits as two-digit numbers (digits 00–09, letters 10–35), so that ranges of
 * alphanumeric postcodes ("AB1...AB9") compare in the same order as the codes read.
 */
function numericForm(code: string): string {
  let out = '';
  for (const ch of code) {
    if (ch >= '0' && ch <= '9') out += `0${ch}`;
    else if (ch >= 'A' && ch <= 'Z') out += String(ch.charCodeAt(0) - 55);
    else out += '00';
  }
  return out;
}

function inRange(postcode: string, min: string, max: string): boolean {
  if (!postcode || !min || !max) return false;
  const digits = /^\d+$/;
  if (digits.test(min) && digits.test(max)) {
    // Purely numeric bounds only hold purely numeric postcodes (as WooCommerce).
    if (!digits.test(postcode)) return false;
    const n = Number(postcode);
    return n >= Number(min) && n <= Number(max);
  }
  // Alphanumeric: compare equal-length numeric strings. The lower bound is padded low and the
  // upper bound high, so "AB1...AB9" holds every postcode of the districts AB1 to AB9.
  const value = numericForm(postcode);
  const lo = numericForm(min).padEnd(value.length, '0');
  const hi = numericForm(max).padEnd(value.length, '9');
  return value >= lo && value <= hi;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
}

/** Whether one pattern (exact, wildcard or range) matches a postcode. */
export function postcodeMatches(pattern: string, postcode: string): boolean {
  const code = normalizePostcode(postcode);
  if (!code) return false;
  const raw = pattern.trim().toUpperCase();
  if (!raw) return false;
  if (raw.includes(RANGE)) {
    const parts = raw.split(RANGE);
    if (parts.length !== 2) return false;
    return inRange(code, normalizePostcode(parts[0]!), normalizePostcode(parts[1]!));
  }
  const p = normalizePostcode(raw);
  if (!p.includes('*')) return p === code;
  return new RegExp(`^${p.split('*').map(escapeRegExp).join('.*')}$`).test(code);
}

/** Whether any of the patterns matches. */
export function anyPostcodeMatches(patterns: readonly string[], postcode: string): boolean {
  return patterns.some((p) => postcodeMatches(p, postcode));
}

/** Splits a stored or typed list ("a; b", one per line, or commas) into trimmed patterns. */
export function splitList(text: string, separators: RegExp = /[;\n\r]+/): string[] {
  return text
    .split(separators)
    .map((s) => s.trim())
    .filter(Boolean);
}
