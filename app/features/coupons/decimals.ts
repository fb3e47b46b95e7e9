/* Decimal text typed in forms ↔ the integers we store, worked on digits rather than floats. */

/** "12.5" with `places` 2 → 1250; null unless a plain non-negative decimal. */
export function decimalToInt(text: string, places: number): number | null {
  const m = /^(\d*)(?:\.(\d*))?$/.exec(text.trim());
  if (!m || (!m[1] && !m[2])) return null;
  const frac = m[2] ?? '';
  if (frac.length > places && /[1-9]/.test(frac.slice(places))) return null;
  const n = Number(`${m[1] || '0'}${frac.slice(0, places).padEnd(places, '0')}`);
  return Number.isSafeInteger(n) ? n : null;
}

/** 1250 with `places` 2 → "12.50"; the inverse of decimalToInt for form fields. */
export function intToDecimal(n: number, places: number): string {
  if (places === 0) return String(n);
  const digits = String(Math.abs(n)).padStart(places + 1, '0');
  return `${n < 0 ? '-' : ''}${digits.slice(0, -places)}.${digits.slice(-places)}`;
}
