/*
 * Demo product pictures drawn locally: a soft background tinted by the product colour
 * and a flat silhouette per kind of product, no text. Nothing is downloaded, so a fresh
 * install shows a complete shop offline.
 */

export type Shape = 'tshirt' | 'hoodie' | 'cap' | 'beanie' | 'tote' | 'socks' | 'scarf' | 'pin' | 'mug' | 'tumbler' | 'poster' | 'pot' | 'plant' | 'ticket' | 'sleeve';
/** Gallery views: the whole item, a close-up, and the item on a striped backdrop. */
export type View = 'front' | 'detail' | 'alt';

export interface Art {
  shape: Shape;
  /** CSS hex colour of the item. */
  color: string;
  view?: View;
  /** A second shape drawn beside the first (category tiles). */
  extra?: Shape;
}

export const SOURCE_SIZE = 1200;

const clamp = (v: number) => Math.max(0, Math.min(255, Math.round(v)));
function rgb(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
const toHex = (c: number[]) => `#${c.map((v) => clamp(v).toString(16).padStart(2, '0')).join('')}`;
/** Mixes a colour towards another: t = 0 keeps it, 1 gives the other. */
const mix = (a: string, b: string, t: number) => toHex(rgb(a).map((v, i) => v + (rgb(b)[i] - v) * t));
const light = (hex: string) => rgb(hex).reduce((s, v, i) => s + v * [0.299, 0.587, 0.114][i], 0) / 255;

// Silhouettes in a 100x100 box; `d` is the darker shade used for seams and details.
const SHAPES: Record<Shape, (c: string, d: string) => string> = {
  tshirt: (c, d) =>
    `<path d="M34 22 L43 18 Q50 25 57 18 L66 22 L82 34 L75 45 L67 40 L67 82 L33 82 L33 40 L25 45 L18 34 Z" fill="${c}"/><path d="M43 18 Q50 25 57 18" stroke="${d}" stroke-width="1.6" fill="none"/>`,
  hoodie: (c, d) =>
    `<path d="M36 26 Q38 12 50 12 Q62 12 64 26 L80 36 L84 72 L75 73 L70 46 L69 84 L31 84 L30 46 L25 73 L16 72 L20 36 Z" fill="${c}"/><path d="M40 27 Q50 38 60 27 M44 31 L43 44 M56 31 L57 44 M37 64 L63 64 L60 76 L40 76 Z" stroke="${d}" stroke-width="1.4" fill="none"/>`,
  cap: (c, d) => `<path d="M24 60 Q24 30 50 30 Q76 30 76 60 Z" fill="${c}"/><path d="M72 58 Q88 58 90 66 L60 66 Z" fill="${d}"/><circle cx="50" cy="30" r="2.5" fill="${d}"/><path d="M50 31 L50 59 M37 34 Q41 46 40 59 M63 34 Q59 46 60 59" stroke="${d}" stroke-width="1" fill="none"/>`,
  beanie: (c, d) => `<circle cx="50" cy="22" r="7" fill="${d}"/><path d="M27 62 Q27 28 50 28 Q73 28 73 62 Z" fill="${c}"/><rect x="24" y="60" width="52" height="14" rx="3" fill="${d}"/>`,
  tote: (c, d) => `<path d="M38 40 Q38 18 50 18 Q62 18 62 40" stroke="${d}" stroke-width="3" fill="none"/><path d="M28 38 L72 38 L76 84 L24 84 Z" fill="${c}"/><circle cx="50" cy="60" r="8" fill="${d}" opacity="0.5"/>`,
  socks: (c, d) =>
    `<path d="M32 16 L46 16 L46 56 Q46 66 38 72 L28 80 Q20 84 17 76 Q15 70 22 65 L32 57 Z" fill="${c}"/><path d="M54 22 L68 22 L68 62 Q68 72 60 78 L50 86 Q42 90 39 82 Q37 76 44 71 L54 63 Z" fill="${mix(c, '#ffffff', 0.25)}"/><rect x="32" y="16" width="14" height="6" fill="${d}"/><rect x="54" y="22" width="14" height="6" fill="${d}"/>`,
  scarf: (c, d) => `<path d="M30 20 Q50 34 70 20 L70 32 Q50 46 30 32 Z M56 36 L66 36 L70 84 L58 84 Z" fill="${c}"/><path d="M58 84 L58 90 M62 84 L62 90 M66 84 L66 90 M70 84 L70 90 M58 50 L68 50 M58 66 L69 66" stroke="${d}" stroke-width="1.5"/>`,
  pin: (c, d) => `<path d="M50 18 L59 38 L81 40 L64 55 L69 77 L50 66 L31 77 L36 55 L19 40 L41 38 Z" fill="${c}" stroke="${d}" stroke-width="3" stroke-linejoin="round"/>`,
  mug: (c, d) => `<path d="M66 40 Q82 40 82 54 Q82 68 66 68" stroke="${d}" stroke-width="6" fill="none"/><path d="M26 32 L70 32 L67 80 Q66 84 62 84 L34 84 Q30 84 29 80 Z" fill="${c}"/><ellipse cx="48" cy="32" rx="22" ry="4" fill="${d}"/>`,
  tumbler: (c, d) => `<rect x="36" y="14" width="28" height="8" rx="3" fill="${d}"/><path d="M34 22 L66 22 L62 86 L38 86 Z" fill="${c}"/><rect x="35" y="46" width="30" height="8" fill="${d}" opacity="0.6"/>`,
  poster: (c, d) =>
    `<rect x="24" y="12" width="52" height="74" fill="#ffffff" stroke="${d}" stroke-width="2"/><rect x="29" y="17" width="42" height="64" fill="${mix(c, '#ffffff', 0.55)}"/><circle cx="58" cy="36" r="8" fill="${mix(c, '#ffd34d', 0.5)}"/><path d="M29 81 L44 50 L54 66 L60 57 L71 81 Z" fill="${c}"/>`,
  pot: (c, d) => `<path d="M26 44 L74 44 L68 84 L32 84 Z" fill="${c}"/><rect x="22" y="38" width="56" height="10" rx="2" fill="${d}"/>`,
  plant: (c, d) =>
    `<path d="M50 44 Q30 30 28 12 Q46 18 50 40 Q52 18 68 10 Q70 30 52 44 Q66 32 80 30 Q74 44 54 46" fill="#4f8a4c"/><path d="M50 46 Q42 30 36 22" stroke="#3b6b39" stroke-width="1.2" fill="none"/><path d="M30 48 L70 48 L65 86 L35 86 Z" fill="${c}"/><rect x="27" y="44" width="46" height="8" rx="2" fill="${d}"/>`,
  ticket: (c, d) => `<path d="M16 32 L84 32 L84 44 Q78 50 84 56 L84 68 L16 68 L16 56 Q22 50 16 44 Z" fill="${c}"/><path d="M62 34 L62 66" stroke="${d}" stroke-width="1.5" stroke-dasharray="3 3"/><circle cx="39" cy="50" r="8" fill="${d}" opacity="0.5"/>`,
  sleeve: (c, d) => `<rect x="18" y="28" width="64" height="46" rx="6" fill="${c}"/><path d="M18 40 L82 40" stroke="${d}" stroke-width="2"/><rect x="44" y="34" width="12" height="3" rx="1.5" fill="${d}"/>`,
};

/** The SVG for one picture; deterministic, so the same art always gives the same image. */
export function drawSvg(art: Art): string {
  const bg = light(art.color) > 0.82 ? '#dfe6ee' : mix(art.color, '#ffffff', 0.82);
  const dark = mix(art.color, '#000000', 0.35);
  const item = SHAPES[art.shape](art.color, dark);
  const view = art.view ?? 'front';
  const stripes =
    view === 'alt'
      ? `<pattern id="s" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="4" height="8" fill="${mix(bg, '#ffffff', 0.5)}"/></pattern><rect width="100" height="100" fill="url(#s)"/>`
      : '';
  const body = art.extra
    ? `<g transform="translate(-14 6) scale(0.8)">${item}</g><g transform="translate(34 26) scale(0.66)">${SHAPES[art.extra](mix(art.color, '#ffffff', 0.3), dark)}</g>`
    : view === 'detail'
      ? `<g transform="translate(-40 -30) scale(1.8)">${item}</g>`
      : `<ellipse cx="50" cy="88" rx="30" ry="4" fill="#000000" opacity="0.08"/>${item}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SOURCE_SIZE}" height="${SOURCE_SIZE}" viewBox="0 0 100 100"><rect width="100" height="100" fill="${bg}"/>${stripes}${body}</svg>`;
}

/**
 * The art as a 1200x1200 SVG buffer, ready for generateVariants: sharp rasterises it
 * itself, which takes half the time of going through an intermediate PNG.
 */
export function renderArt(art: Art): Buffer {
  return Buffer.from(drawSvg(art));
}

/** A stable key and media path for a picture, so each distinct one is generated once. */
export function artKey(art: Art): string {
  return [art.shape, art.color.slice(1), art.view ?? 'front', art.extra ?? ''].filter(Boolean).join('-');
}
