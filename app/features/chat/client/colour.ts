/** The widget's colours (spec §9): default #009EDB; white text when the colour's luminance is below 180. */
export const DEFAULT_CHAT_COLOUR = '#009EDB';

/** `#rgb` or `#rrggbb` → [r, g, b]; null when it is not one. */
export function parseHex(colour: string): [number, number, number] | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour.trim());
  if (!m) return null;
  const hex = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

/** Perceived luminance 0–255 (ITU-R BT.601 weights, as the reference widget). */
export function luminance(colour: string): number {
  const rgb = parseHex(colour) ?? parseHex(DEFAULT_CHAT_COLOUR)!;
  return 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2];
}

/** The text colour on a background of `colour`. */
export function textColourOn(colour: string): '#ffffff' | '#000000' {
  return luminance(colour) < 180 ? '#ffffff' : '#000000';
}
