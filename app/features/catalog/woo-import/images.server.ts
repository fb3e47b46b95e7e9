import { createHash } from 'node:crypto';
import type { DB } from '../../../../db/client.ts';
import { generateVariants, insertMedia, type VariantResult } from '../../../lib/images.server.ts';
import type { MediaStore } from '../../../lib/media-store.server.ts';
import { DEFAULT_FETCH_POLICY, FETCH_REFUSED_MESSAGE, FetchRefused, fetchImage, type FetchPolicy } from '../../../lib/safe-fetch.server.ts';
import { StagedMap } from './staged.ts';

/*
 * Product pictures named by URL in the CSV. Each is downloaded once per import (and never
 * again once a media row remembers its original URL), turned into WebP variants before the
 * row's transaction, and recorded in `media` inside it. Downloads go through the shared
 * guard (safe-fetch.server.ts): public addresses only. Anything not fetched is reported,
 * never fatal: the product shows the placeholder and keeps the URL for a later re-import.
 */

/** A shop's export can name thousands of pictures: a dead server must not cost minutes each. */
export const IMAGE_TIMEOUT_MS = 3_000;
/** Larger downloads are refused; product photos are a few MB at most. */
export const IMAGE_MAX_BYTES = 20 * 1024 * 1024;
/** The reason given for every picture that was not fetched, whatever the cause. */
export const IMAGE_NOT_FETCHED = FETCH_REFUSED_MESSAGE;

type Prepared = { url: string; mediaId: number } | { url: string; made: VariantResult & { path: string } };

export interface ImageOutcome {
  ids: number[];
  failed: { url: string; reason: string }[];
}

export class ImageStore {
  private known = new StagedMap<string, number>();
  private deadHosts = new Set<string>();
  private policy: FetchPolicy;

  constructor(
    private media: MediaStore,
    private download: boolean,
    policy: Partial<FetchPolicy> = {},
  ) {
    this.policy = { ...DEFAULT_FETCH_POLICY, timeoutMs: IMAGE_TIMEOUT_MS, maxBytes: IMAGE_MAX_BYTES, ...policy };
  }

  /** Learns the pictures earlier imports stored, so a re-import downloads nothing again. */
  async load(db: DB): Promise<void> {
    const rows = await db.selectFrom('media').select(['id', 'original_url']).where('original_url', 'is not', null).execute();
    this.known.load(rows.map((r) => [r.original_url!, r.id]));
  }

  /** Downloads and converts what is new; runs outside any transaction. */
  async prepare(urls: string[]): Promise<{ ready: Prepared[]; failed: ImageOutcome['failed'] }> {
    const failed: ImageOutcome['failed'] = [];
    const results = await Promise.all(
      [...new Set(urls)].map(async (url): Promise<Prepared | null> => {
        const id = this.known.get(url);
        if (id !== undefined) return { url, mediaId: id };
        if (!this.download) {
          failed.push({ url, reason: 'image downloads are turned off' });
          return null;
        }
        try {
          const buffer = await this.fetch(url);
          const path = mediaPath(url);
          return { url, made: { ...(await generateVariants(buffer, this.media, path)), path } };
        } catch {
          // One text whatever went wrong: a refused address, a closed port, a 404 and a
          // file that is no picture look alike to whoever wrote the CSV.
          failed.push({ url, reason: IMAGE_NOT_FETCHED });
          return null;
        }
      }),
    );
    return { ready: results.filter((r): r is Prepared => r !== null), failed };
  }

  /** Media ids for prepared pictures, inserting rows for new ones inside the caller's transaction. */
  async save(trx: DB, ready: Prepared[], alt: string): Promise<number[]> {
    const ids: number[] = [];
    for (const p of ready) {
      if ('mediaId' in p) ids.push(p.mediaId);
      else {
        const id = await insertMedia(trx, { ...p.made, alt, originalUrl: p.url });
        this.known.set(p.url, id);
        ids.push(id);
      }
    }
    return ids;
  }

  commit(): void {
    this.known.commit();
  }

  rollback(): void {
    this.known.rollback();
  }

  private async fetch(url: string): Promise<Buffer> {
    const host = new URL(url).host;
    if (this.deadHosts.has(host)) throw new FetchRefused(`${host} was unreachable earlier in this import`, true);
    try {
      return await fetchImage(url, this.policy);
    } catch (err) {
      if (err instanceof FetchRefused && err.unreachable) this.deadHosts.add(host);
      throw err;
    }
  }
}

/** "imports/hoodie-blue-3f2a9c1b07": readable, unique per URL, within the media path rules. */
function mediaPath(url: string): string {
  const file = new URL(url).pathname.split('/').pop() ?? '';
  let name = file;
  try {
    name = decodeURIComponent(file);
  } catch {
    // A stray "%" in the URL: the raw name is as good a stem.
  }
  const stem = name.replace(/\.[a-z0-9]+$/i, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60);
  return `imports/${stem || 'image'}-${createHash('sha1').update(url).digest('hex').slice(0, 10)}`;
}
