/** Responsive image URLs: every stored image has WebP variants at the widths listed in media.widths. */
export function parseWidths(widths: string | null | undefined): number[] {
  if (!widths) return [];
  try {
    const list = JSON.parse(widths) as unknown;
    return Array.isArray(list) ? list.filter((w): w is number => Number.isInteger(w)).sort((a, b) => a - b) : [];
  } catch {
    return [];
  }
}

export const variantUrl = (path: string, width: number) => `/media/${path}-${width}.webp`;

export function imageSources(path: string | null | undefined, widths: string | null | undefined, preferred = 600) {
  const list = parseWidths(widths);
  if (!path || list.length === 0) return null;
  const src = variantUrl(path, list.find((w) => w >= preferred) ?? list[list.length - 1]);
  return { src, srcSet: list.map((w) => `${variantUrl(path, w)} ${w}w`).join(', ') };
}
