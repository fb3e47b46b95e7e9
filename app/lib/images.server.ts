import sharp, { type Metadata } from 'sharp';
import type { DB } from '../../db/client.ts';
import { IMAGE_PIXELS } from '../config/constants.ts';
import { HttpError } from './http-error.ts';
import type { MediaStore } from './media-store.server.ts';
import { nowIso } from './time.ts';

/**
 * Every stored image is kept only as WebP variants at these widths (px); pages build
 * `srcset` from the list saved in media.widths, so a width missing here is never linked.
 */
export const IMAGE_WIDTHS = [150, 300, 600, 1200] as const;
/** WebP quality of the variants: visually clean for product photos at a fraction of JPEG's size. */
export const WEBP_QUALITY = 80;

export interface VariantOptions {
  /** libwebp effort 0–6: higher is smaller but slower. Seeds of flat artwork use a low one. */
  effort?: number;
  /** The picture covers its whole canvas: drop the alpha channel, a quarter of the encoding time. */
  opaque?: boolean;
  /** Pixels (width × height) above which the source is refused before decoding; default IMAGE_PIXELS' default. */
  maxPixels?: number;
}

/** The store setting in megapixels as a pixel count. */
export const megapixels = (mp: number) => Math.round(mp * 1_000_000);

/**
 * Refuses a picture declaring more than `maxPixels` (413) from its header alone: sharp's
 * metadata() reads no pixels, so a tiny file claiming 16000 × 16000 px costs nothing here.
 */
export function checkPixels(meta: Pick<Metadata, 'width' | 'height'>, maxPixels: number, name = 'The picture'): void {
  const { width = 0, height = 0 } = meta;
  if (width * height <= maxPixels) return;
  const mp = (n: number) => Math.round(n / 100_000) / 10;
  const message = `${name} is ${width} × ${height} pixels (${mp(width * height)} megapixels); the largest accepted is ${mp(maxPixels)} megapixels.`;
  throw new HttpError(413, 'too_large', `images: ${message}`, { images: message });
}

export interface VariantResult {
  width: number;
  height: number;
  widths: number[];
}

// Media paths become file names and URLs: lower-case segments only, never "..".
const SEGMENT = /^[a-z0-9][a-z0-9._-]*$/;

function checkPath(path: string): void {
  const parts = path.split('/');
  if (path.length > 200 || parts.some((p) => !SEGMENT.test(p) || p.includes('..'))) {
    throw new HttpError(400, 'invalid_path', `Invalid media path "${path}": use lower-case letters, digits, ".", "_", "-" and "/".`);
  }
}

/** The widths to generate for a source this wide: those that fit, and always the smallest. */
export function variantWidths(sourceWidth: number): number[] {
  const fit = IMAGE_WIDTHS.filter((w) => w <= sourceWidth);
  return fit.length ? fit : [IMAGE_WIDTHS[0]];
}

/** Writes `<path>-<w>.webp` to the media store for each variant width and reports what was made. */
export async function generateVariants(
  input: Buffer,
  store: MediaStore,
  path: string,
  options: VariantOptions = {},
): Promise<VariantResult> {
  checkPath(path);
  // autoOrient applies EXIF rotation first, so a portrait phone photo stays portrait.
  const source = sharp(input, { failOn: 'error' }).autoOrient();
  let meta: Metadata;
  try {
    meta = await source.metadata();
  } catch {
    throw new HttpError(415, 'unsupported_image', 'The file is not an image we can read (use JPEG, PNG, WebP, AVIF, GIF or SVG).');
  }
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height) throw new HttpError(415, 'unsupported_image', 'The image has no size.');
  checkPixels(meta, options.maxPixels ?? megapixels(IMAGE_PIXELS.defaultMegapixels));
  const widths = variantWidths(width);
  const webp = { quality: WEBP_QUALITY, effort: options.effort ?? 4 };
  // Vector input is rasterised straight at each width (density scales it): sharper and
  // much faster than drawing it large and shrinking it four times.
  const at = (w: number) => (meta.format === 'svg' ? sharp(input, { density: (72 * w) / width }) : source.clone());
  const prepared = (w: number) => (options.opaque ? at(w).removeAlpha() : at(w));
  await Promise.all(widths.map(async (w) => store.put(`${path}-${w}.webp`, await prepared(w).resize({ width: w }).webp(webp).toBuffer(), 'image/webp')));
  return { width, height, widths };
}

export interface StoreImageInput {
  buffer: Buffer;
  /** Media path without extension, e.g. "demo/hoodie-red"; may contain "/". */
  path: string;
  alt?: string;
  title?: string;
  caption?: string;
  originalUrl?: string | null;
}

export interface MediaRowInput extends VariantResult {
  path: string;
  alt?: string;
  title?: string;
  caption?: string;
  originalUrl?: string | null;
  /** Uploaded from an editor and not saved anywhere yet: cleaned up a day later if still unused. */
  unsaved?: boolean;
}

/** Inserts the media row for variants already in the store; returns its id. */
export async function insertMedia(db: DB, m: MediaRowInput): Promise<number> {
  const row = await db
    .insertInto('media')
    .values({
      path: m.path,
      alt: m.alt ?? '',
      title: m.title ?? '',
      caption: m.caption ?? '',
      width: m.width,
      height: m.height,
      widths: JSON.stringify(m.widths),
      original_url: m.originalUrl ?? null,
      created_at: nowIso(),
      unsaved: m.unsaved ? 1 : 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Generates the variants of an image and records it in `media`; returns the media id. */
export async function storeImage(db: DB, store: MediaStore, input: StoreImageInput, options: VariantOptions = {}): Promise<number> {
  const made = await generateVariants(input.buffer, store, input.path, options);
  return insertMedia(db, { ...made, ...input });
}
