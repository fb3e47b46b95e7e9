import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import nodePath from 'node:path';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { AppConfig, MediaS3Config } from '../config/app-config.ts';
import { mediaRoot, privateRoot } from './media.server.ts';

/** One stored picture, ready to stream. */
export interface MediaObject {
  body: Readable;
  contentType: string;
  /** Bytes in `body` (the part asked for when a range was given). */
  length: number;
  /** Size of the whole object. */
  size: number;
  etag?: string;
  lastModified?: Date;
}

/** Bytes `start`..`end` inclusive, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where media lives (uploaded pictures' generated variants, served at /media/<key>). Keys are
 * relative paths such as `uploads/cat-300.webp`; every node of a shop must see the same store.
 */
export interface MediaStore {
  readonly kind: 'local' | 's3';
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none (a range past its end also answers the whole size in `size`). */
  get(key: string, range?: ByteRange): Promise<MediaObject | null>;
  exists(key: string): Promise<boolean>;
  /** Removes one object; nothing to remove is not an error. */
  delete(key: string): Promise<void>;
  /** Removes every object whose key starts with `prefix` (e.g. all widths of one picture). */
  deletePrefix(prefix: string): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
  '.svg': 'image/svg+xml',
};

/** The content type a media key is served with (the folder store has no metadata of its own). */
export const mediaType = (key: string) => TYPES[nodePath.extname(key).toLowerCase()] ?? 'application/octet-stream';

// Keys become file names and object names: lower-case segments only, never "..".
const SEGMENT = /^[a-z0-9][a-z0-9._-]*$/;

/** The first segment of the private store's keys in a shared bucket: never served under /media. */
export const PRIVATE_PREFIX = 'private';

function isStoreKey(key: string): boolean {
  const parts = key.split('/');
  return key.length <= 240 && parts.every((p) => SEGMENT.test(p) && !p.includes('..'));
}

/**
 * A key the shop could have written for a public picture: anything else (including the
 * private area's `private/…`) is answered 404 without asking the store.
 */
export function isMediaKey(key: string): boolean {
  return isStoreKey(key) && key.split('/')[0] !== PRIVATE_PREFIX;
}

function checkKey(key: string): void {
  if (!isStoreKey(key)) throw new Error(`Invalid media key "${key}"`);
}

/** `DATA_DIR/media`: one node, or several sharing that folder (NFS and the like). `root` names another folder (the private one). */
export function localMediaStore(dataDir: string, root = mediaRoot(dataDir)): MediaStore {
  const file = (key: string) => {
    checkKey(key);
    return nodePath.join(root, key);
  };
  return {
    kind: 'local',
    async put(key, bytes) {
      const target = file(key);
      await mkdir(nodePath.dirname(target), { recursive: true });
      // Written aside and renamed: a reader never sees half a picture.
      const partial = `${target}.${process.pid}.${Date.now()}.partial`;
      await writeFile(partial, bytes);
      await rename(partial, target);
    },
    async get(key, range) {
      const target = file(key);
      const info = await stat(target).catch(() => null);
      if (!info?.isFile()) return null;
      const part = range && range.start < info.size ? { start: range.start, end: Math.min(range.end, info.size - 1) } : undefined;
      return {
        body: createReadStream(target, part),
        contentType: mediaType(key),
        length: part ? part.end - part.start + 1 : info.size,
        size: info.size,
        lastModified: info.mtime,
      };
    },
    async exists(key) {
      return (await stat(file(key)).catch(() => null))?.isFile() ?? false;
    },
    async delete(key) {
      await rm(file(key), { force: true });
    },
    async deletePrefix(prefix) {
      const dir = nodePath.dirname(nodePath.join(root, prefix));
      const start = nodePath.basename(prefix);
      const names = await readdir(dir).catch(() => [] as string[]);
      await Promise.all(names.filter((n) => n.startsWith(start)).map((n) => rm(nodePath.join(dir, n), { force: true, recursive: true })));
    },
  };
}

const notFound = (err: unknown) => err instanceof S3ServiceException && (err.$metadata.httpStatusCode === 404 || err.name === 'NoSuchKey' || err.name === 'NotFound');

/** An S3 bucket (AWS, or any server speaking its API: MinIO, Garage, Ceph, R2…) shared by every node. */
export function s3MediaStore(s3: MediaS3Config): MediaStore {
  return s3Store(s3, s3.prefix);
}

function s3Store(s3: MediaS3Config, keyPrefix: string): MediaStore {
  const client = new S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: s3.forcePathStyle,
    credentials: s3.accessKeyId && s3.secretAccessKey ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } : undefined,
    // Checksums only where the API demands them: several S3-compatible servers refuse the
    // SDK's newer default ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = s3.bucket;
  const name = (key: string) => {
    checkKey(key);
    return `${keyPrefix}${key}`;
  };
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: name(key), Body: bytes, ContentType: contentType, ContentLength: bytes.length }));
    },
    async get(key, range) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: name(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }));
        const length = out.ContentLength ?? 0;
        // "bytes 0-99/1234": the whole size follows the slash.
        const size = out.ContentRange ? Number(out.ContentRange.split('/')[1]) : length;
        return { body: out.Body as Readable, contentType: out.ContentType ?? mediaType(key), length, size, etag: out.ETag, lastModified: out.LastModified };
      } catch (err) {
        if (notFound(err)) return null;
        // A range starting past the end: the object is there, the part is not.
        if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 416 && range) {
          const head = await client.send(new HeadObjectCommand({ Bucket, Key: name(key) }));
          return { body: emptyStream(), contentType: head.ContentType ?? mediaType(key), length: 0, size: head.ContentLength ?? 0, etag: head.ETag };
        }
        throw err;
      }
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: name(key) }));
        return true;
      } catch (err) {
        if (notFound(err)) return false;
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: name(key) }));
    },
    async deletePrefix(prefix) {
      const Prefix = `${keyPrefix}${prefix}`;
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken: token }));
        // One by one: a picture has a handful of widths, and DeleteObjects (with its required
        // checksum) is not understood alike by every S3-compatible server.
        for (const o of page.Contents ?? []) if (o.Key) await client.send(new DeleteObjectCommand({ Bucket, Key: o.Key }));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}

const emptyStream = (): Readable => Readable.from([]);

type MediaConfig = Pick<AppConfig, 'dataDir'> & { mediaS3?: MediaS3Config };
const stores = new WeakMap<MediaConfig, MediaStore>();

/** The shop's media store for this configuration (one per configuration: one S3 client per process). */
export function mediaStoreFor(config: MediaConfig): MediaStore {
  let store = stores.get(config);
  if (!store) {
    store = config.mediaS3 ? s3MediaStore(config.mediaS3) : localMediaStore(config.dataDir);
    stores.set(config, store);
  }
  return store;
}

const privateStores = new WeakMap<MediaConfig, MediaStore>();

/**
 * The shop's private store (downloadable products' files), shared by every node as the media
 * store is: `DATA_DIR/private` (outside the served media folder), or the media bucket under
 * `<prefix>private/`, which the /media route refuses. Files here are only ever streamed by
 * the code that checked who asks (the signed download links).
 */
export function privateStoreFor(config: MediaConfig): MediaStore {
  let store = privateStores.get(config);
  if (!store) {
    store = config.mediaS3 ? s3Store(config.mediaS3, `${config.mediaS3.prefix}${PRIVATE_PREFIX}/`) : localMediaStore(config.dataDir, privateRoot(config.dataDir));
    privateStores.set(config, store);
  }
  return store;
}
