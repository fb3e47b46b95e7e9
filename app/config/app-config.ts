import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { SEARCH } from './constants.ts';

function isHttpUrl(v: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(v).protocol);
  } catch {
    return false;
  }
}

/** The process configuration, read once at boot from the environment. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .default('sqlite:data/vitrine.sqlite')
    .refine((v) => /^(sqlite:|postgres(ql)?:\/\/)/.test(v), 'must start with sqlite: or postgres://'),
  // PostgreSQL: 'off' for a pooler that hands each transaction to any server connection (PgBouncer's transaction mode).
  DATABASE_PREPARED_STATEMENTS: z.enum(['on', 'off']).default('on'),
  REDIS_URL: z.string().url().optional(),
  REDIS_PREFIX: z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'letters, digits and _ . : - only').default('vitrine'),
  // Longest a shared limit, job turn or open-socket count waits for Redis before this node counts alone.
  REDIS_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(500),
  SMTP_URL: z
    .string()
    .optional()
    .refine((v) => v === undefined || /^smtps?:\/\//.test(v), 'must start with smtp:// or smtps://'),
  MAIL_FROM: z.string().default('Vitrine <shop@vitrine.localhost>'),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PUBLIC_URL: z.string().refine(isHttpUrl, 'must be an http:// or https:// address').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().default('data'),
  TRUST_PROXY: z.enum(['0', '1', 'true', 'false']).default('0'),
  ALLOWED_HOSTS: z
    .string()
    .optional()
    .refine((v) => v === undefined || v.split(',').every((h) => /^[a-z0-9.-]+(:\d{1,5})?$/i.test(h.trim())), 'must be host names (with an optional :port), separated by commas'),
  PAGE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
  WORKERS: z.union([z.literal('auto'), z.coerce.number().int().min(1).max(64)]).default(1),
  FETCH_PORTS: z
    .string()
    .default('80,443')
    .transform((v) => v.split(',').map((p) => p.trim()).filter(Boolean).map(Number))
    .refine((ports) => ports.length > 0 && ports.every((p) => Number.isInteger(p) && p >= 1 && p <= 65535), 'must be port numbers separated by commas, e.g. 80,443'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  SEARCH_SUGGEST_LIMIT: z.coerce.number().int().min(1).max(1_000_000_000).default(SEARCH.suggestPerWindow),
  /** Where the Stripe SDK sends its calls instead of api.stripe.com (a local stand-in in tests and benchmarks). */
  STRIPE_API_URL: z.string().refine(isHttpUrl, 'must be an http:// or https:// address').optional(),
  /** Where the PayPal SDK sends its calls instead of api-m.(sandbox.)paypal.com (a local stand-in in tests). */
  PAYPAL_API_URL: z.string().refine(isHttpUrl, 'must be an http:// or https:// address').optional(),
  METRICS_TOKEN: z.string().regex(/^[\x21-\x7e]{24,256}$/, 'must be 24 to 256 printable characters without spaces').optional(),
  METRICS_ADDRESS: z
    .string()
    .regex(/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+):\d{1,5}$/i, 'must be host:port, e.g. 127.0.0.1:9464')
    .refine((v) => Number(v.slice(v.lastIndexOf(':') + 1)) <= 65535, 'port must be at most 65535')
    .optional(),
  // Media in an S3-compatible bucket instead of DATA_DIR/media (several nodes must share one store).
  MEDIA_S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3 to 63 lower-case letters, digits, "." and "-"').optional(),
  MEDIA_S3_ENDPOINT: z.string().refine(isHttpUrl, 'must be an http:// or https:// address').optional(),
  MEDIA_S3_REGION: z.string().regex(/^[a-z0-9-]{1,64}$/, 'must be a region name, e.g. eu-west-1').optional(),
  MEDIA_S3_ACCESS_KEY_ID: z.string().optional(),
  MEDIA_S3_SECRET_ACCESS_KEY: z.string().optional(),
  MEDIA_S3_FORCE_PATH_STYLE: z.enum(['0', '1', 'true', 'false']).optional(),
  MEDIA_S3_PREFIX: z.string().regex(/^([a-z0-9][a-z0-9._-]*\/)*[a-z0-9][a-z0-9._-]*$/, 'must be lower-case path segments without a leading or trailing "/", e.g. shop/media').optional(),
});

export type Env = z.infer<typeof envSchema>;

/** Where media lives when it is not DATA_DIR/media (app/lib/media-store.server.ts). */
export interface MediaS3Config {
  bucket: string;
  region: string;
  /** An S3-compatible server's address; unset: AWS itself. */
  endpoint?: string;
  /** Unset: the AWS SDK's own chain (AWS_* variables, instance or container role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `endpoint/bucket/key` addresses instead of `bucket.endpoint/key` (most self-hosted servers). */
  forcePathStyle: boolean;
  /** Put before every key: "" or ending in "/". */
  prefix: string;
}

export interface AppConfig {
  port: number;
  host: string;
  databaseUrl: string;
  /** PostgreSQL: statements prepared once per connection (db/client.ts); off behind a transaction-mode pooler. */
  preparedStatements: boolean;
  dialect: 'sqlite' | 'postgres';
  redisUrl?: string;
  /** Prefix of this shop's Redis keys and channels (several shops, or test runs, can share one Redis). */
  redisPrefix: string;
  /** Longest a Redis command of the shared state may take before it counts as Redis being away. */
  redisTimeoutMs: number;
  smtpUrl?: string;
  mailFrom: string;
  sessionSecret: string;
  publicUrl?: string;
  logLevel: Env['LOG_LEVEL'];
  dataDir: string;
  mode: 'development' | 'production' | 'test';
  /** Believe X-Forwarded-* headers (set when running behind a reverse proxy). */
  trustProxy: boolean;
  /**
   * Host names (lower case, `host` or `host:port`) whose requests may name the shop's address
   * in links, and only with `trustProxy`; empty: links never come from a request.
   */
  allowedHosts: string[];
  /** Seed the demo catalog when the database has no products (first start). */
  seedDemo: boolean;
  /** Memory for rendered catalog pages served to visitors who are not signed in; 0 turns it off. */
  pageCacheMb: number;
  /** Server processes sharing the port (`npm start`); 1 = this process serves alone. */
  workers: number;
  /** Ports the server may fetch addresses on when asked to (imported pictures); see safe-fetch.server.ts. */
  fetchPorts: number[];
  /** Search suggestion calls one client address may make per minute (then 429). */
  searchSuggestLimit: number;
  /** Bearer token that opens /metrics on the shop's port (server/metrics.ts); unset: /metrics answers 404 there. */
  metricsToken?: string;
  /** A second listener serving only /metrics, without a token (e.g. 127.0.0.1:9464 or a private network address). */
  metricsAddress?: { host: string; port: number };
  /** Media in an S3-compatible bucket; unset: the folder DATA_DIR/media. */
  mediaS3?: MediaS3Config;
  /** Stripe's API address when not api.stripe.com (STRIPE_API_URL: a stand-in for tests and benchmarks). */
  stripeApiUrl?: string;
  /** PayPal's API address when not PayPal's own (PAYPAL_API_URL: a stand-in for tests). */
  paypalApiUrl?: string;
}

export class ConfigError extends Error {}

/** Parses the environment and fails fast with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  // `SMTP_URL=` in a compose file or service unit means "not set", not "an empty URL".
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const mediaS3 = mediaS3From(e);
  const dataDir = path.resolve(overrides.dataDir ?? e.DATA_DIR);
  const databaseUrl = overrides.databaseUrl ?? e.DATABASE_URL;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl,
    dialect: databaseUrl.startsWith('sqlite:') ? 'sqlite' : 'postgres',
    preparedStatements: e.DATABASE_PREPARED_STATEMENTS === 'on',
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    redisTimeoutMs: e.REDIS_TIMEOUT_MS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    sessionSecret: overrides.sessionSecret ?? e.SESSION_SECRET ?? readOrCreateSecret(dataDir),
    publicUrl: e.PUBLIC_URL,
    logLevel: e.LOG_LEVEL,
    dataDir,
    mode: e.NODE_ENV,
    trustProxy: e.TRUST_PROXY === '1' || e.TRUST_PROXY === 'true',
    allowedHosts: (e.ALLOWED_HOSTS ?? '').split(',').map((h) => h.trim().toLowerCase()).filter(Boolean),
    seedDemo: true,
    pageCacheMb: e.PAGE_CACHE_MB,
    workers: e.WORKERS === 'auto' ? availableParallelism() : e.WORKERS,
    fetchPorts: e.FETCH_PORTS,
    searchSuggestLimit: e.SEARCH_SUGGEST_LIMIT,
    metricsToken: e.METRICS_TOKEN,
    metricsAddress: e.METRICS_ADDRESS
      ? { host: e.METRICS_ADDRESS.slice(0, e.METRICS_ADDRESS.lastIndexOf(':')).replace(/^\[|\]$/g, ''), port: Number(e.METRICS_ADDRESS.slice(e.METRICS_ADDRESS.lastIndexOf(':') + 1)) }
      : undefined,
    mediaS3,
    stripeApiUrl: e.STRIPE_API_URL,
    paypalApiUrl: e.PAYPAL_API_URL,
    ...overrides,
  };
}

/**
 * The S3 media store, all or nothing: a half-set store would let one node write pictures
 * where the others never look, so any MEDIA_S3_* without what it needs stops the boot.
 */
function mediaS3From(e: Env): MediaS3Config | undefined {
  const named = Object.entries(e).filter(([k, v]) => k.startsWith('MEDIA_S3_') && v !== undefined).map(([k]) => k);
  if (!named.length) return undefined;
  const missing: string[] = [];
  if (!e.MEDIA_S3_BUCKET) missing.push('MEDIA_S3_BUCKET');
  // AWS needs its region; an S3-compatible server (an endpoint) usually ignores it.
  if (!e.MEDIA_S3_REGION && !e.MEDIA_S3_ENDPOINT) missing.push('MEDIA_S3_REGION (or MEDIA_S3_ENDPOINT)');
  if (e.MEDIA_S3_ACCESS_KEY_ID && !e.MEDIA_S3_SECRET_ACCESS_KEY) missing.push('MEDIA_S3_SECRET_ACCESS_KEY');
  if (e.MEDIA_S3_SECRET_ACCESS_KEY && !e.MEDIA_S3_ACCESS_KEY_ID) missing.push('MEDIA_S3_ACCESS_KEY_ID');
  if (missing.length) {
    throw new ConfigError(`Invalid configuration:\n${missing.map((m) => `  ${m}: must be set for the S3 media store (set: ${named.join(', ')})`).join('\n')}`);
  }
  return {
    bucket: e.MEDIA_S3_BUCKET!,
    region: e.MEDIA_S3_REGION ?? 'us-east-1',
    endpoint: e.MEDIA_S3_ENDPOINT,
    accessKeyId: e.MEDIA_S3_ACCESS_KEY_ID,
    secretAccessKey: e.MEDIA_S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.MEDIA_S3_FORCE_PATH_STYLE === '1' || e.MEDIA_S3_FORCE_PATH_STYLE === 'true',
    prefix: e.MEDIA_S3_PREFIX ? `${e.MEDIA_S3_PREFIX}/` : '',
  };
}

/**
 * A secret generated on first run and kept in the data directory. The file is created
 * exclusively, so two processes starting together (server and CLI) agree on one secret;
 * an empty or truncated file (a crash mid-write) is replaced rather than trusted.
 */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
    unlinkSync(file);
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  try {
    writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return readFileSync(file, 'utf8').trim();
  }
}

/** The SQLite file path for a `sqlite:` URL, relative paths resolved from the working directory. */
export function sqlitePath(databaseUrl: string): string {
  const p = databaseUrl.slice('sqlite:'.length);
  return p === ':memory:' ? p : path.resolve(p);
}
