/**
 * A chat avatar made here, never fetched: the initials of a name (its first two words; one
 * letter for one word) on a colour chosen by the name, so no Gravatar or other outside
 * request carries the visitor's e-mail hash anywhere.
 */
export function initialsOf(name: string): string {
  const words = name
    .replace(/@.*$/, '')
    .split(/[\s._-]+/)
    .filter(Boolean);
  // Words that start with a letter: a guest's made-up "Guest-3456" reads "G", not "G3".
  const named = words.filter((w) => /^\p{L}/u.test(w));
  const letters = (named.length ? named : words).slice(0, 2).map((w) => [...w][0] ?? '');
  return letters.join('').toLocaleUpperCase() || '?';
}

/** Dark enough for white text (contrast ≥ 4.5:1 on every hue): HSL with 45 % saturation, 32 % lightness. */
export function avatarHue(name: string): number {
  let h = 0;
  for (const ch of name) h = (h * 31 + (ch.codePointAt(0) ?? 0)) % 360;
  return h;
}
