import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MediaS3Config } from '../../app/config/app-config.ts';

/*
 * A real S3-compatible server (s3rver, objects kept as files in a temporary folder) on a free
 * loopback port: the shop talks to it over HTTP with the AWS SDK exactly as it would to a bucket.
 */

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverClass = new (options: {
  port: number;
  address: string;
  silent: boolean;
  directory: string;
  allowMismatchedSignatures: boolean;
  configureBuckets: { name: string }[];
}) => S3rverInstance;

// The package ships CommonJS without types.
const S3rver = createRequire(import.meta.url)('@20minutes/s3rver') as S3rverClass;

/** s3rver's built-in credentials. */
const KEY = 'S3RVER';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** Where the objects are kept on disk (one folder per bucket). */
  directory: string;
  /** The shop's configuration for this bucket, with an optional key prefix. */
  config(prefix?: string): MediaS3Config;
  /** The same as environment variables, for shop processes. */
  env(prefix?: string): Record<string, string>;
  close(): Promise<void>;
}

export async function startS3(bucket = 'vitrine-media'): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'vitrine-s3-'));
  // s3rver signs bucket-level requests (listing a prefix) over "/bucket/" where the AWS SDK
  // signs "/bucket", and refuses them; object requests would pass either way.
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, allowMismatchedSignatures: true, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    directory,
    config: (prefix = '') => ({ bucket, region: 'us-east-1', endpoint, accessKeyId: KEY, secretAccessKey: KEY, forcePathStyle: true, prefix: prefix ? `${prefix}/` : '' }),
    env: (prefix = '') => ({
      MEDIA_S3_BUCKET: bucket,
      MEDIA_S3_ENDPOINT: endpoint,
      MEDIA_S3_ACCESS_KEY_ID: KEY,
      MEDIA_S3_SECRET_ACCESS_KEY: KEY,
      MEDIA_S3_FORCE_PATH_STYLE: '1',
      ...(prefix ? { MEDIA_S3_PREFIX: prefix } : {}),
    }),
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
