import { lookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import sharp from 'sharp';
import { isPublicAddress } from './net-address.server.ts';

/*
 * The one way server code fetches an address it was given (imported pictures today;
 * embeds, avatars, webhooks later). Whoever names the address must not be able to make the
 * server reach anything but the public web: not this machine, the local network or cloud
 * metadata, not other ports, not even by a redirect or a DNS answer that changes between
 * the check and the connection. Every refusal and failure is one FetchRefused with one
 * message, so answers cannot be used to tell closed ports or hidden hosts apart.
 */

export interface FetchPolicy {
  /** Ports an address may name (FETCH_PORTS; default 80 and 443). */
  ports: readonly number[];
  /** Largest body, in bytes: larger ones are aborted while streaming. */
  maxBytes: number;
  /** Time for everything — name lookups, every redirect, the whole body. */
  timeoutMs: number;
  /** Redirects followed (each hop checked like the first address). */
  maxRedirects: number;
  /**
   * Host names let through although they resolve to non-public addresses. For tests that
   * serve files from 127.0.0.1; never read from configuration.
   */
  allowPrivateHosts?: readonly string[];
  /** How names are resolved (default: the system's, every address); tests give fixed answers. */
  resolve?: (host: string) => Promise<{ address: string; family: number }[]>;
}

export const DEFAULT_FETCH_PORTS = [80, 443] as const;
export const DEFAULT_FETCH_POLICY: FetchPolicy = { ports: DEFAULT_FETCH_PORTS, maxBytes: 10 * 1024 * 1024, timeoutMs: 10_000, maxRedirects: 5 };

/** The one text every refusal carries. */
export const FETCH_REFUSED_MESSAGE = 'it could not be fetched (only files on public http and https addresses are fetched)';

export class FetchRefused extends Error {
  constructor(
    /** Why, for logs and tests only: never shown to whoever gave the address. */
    readonly detail: string,
    /** The host did not answer (refused, unknown name, timeout): later fetches from it may be skipped. */
    readonly unreachable = false,
  ) {
    super(FETCH_REFUSED_MESSAGE);
  }
}

export interface Fetched {
  /** The address finally answered, after redirects. */
  url: string;
  contentType: string;
  body: Buffer;
}

interface Target {
  url: URL;
  host: string;
  port: number;
  address: string;
  family: 4 | 6;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Fetches `url` with GET under the policy; anything refused or failed throws FetchRefused. */
export async function safeFetch(url: string, policy: FetchPolicy = DEFAULT_FETCH_POLICY, accept = '*/*'): Promise<Fetched> {
  const deadline = AbortSignal.timeout(policy.timeoutMs);
  try {
    let current = parse(url);
    for (let hop = 0; ; hop++) {
      const target = await checkTarget(current, policy, deadline);
      const res = await request(target, accept, deadline);
      const status = res.statusCode ?? 0;
      if (REDIRECTS.has(status)) {
        res.destroy();
        if (hop >= policy.maxRedirects) throw new FetchRefused('too many redirects');
        current = parse(res.headers.location ?? '', current);
        continue;
      }
      if (status < 200 || status > 299) {
        res.destroy();
        throw new FetchRefused(`answered ${status}`);
      }
      const body = await readCapped(res, policy.maxBytes);
      return { url: current.href, contentType: res.headers['content-type'] ?? '', body };
    }
  } catch (err) {
    if (err instanceof FetchRefused) throw err;
    if (deadline.aborted) throw new FetchRefused(`no answer within ${policy.timeoutMs} ms`, true);
    const e = err as NodeJS.ErrnoException;
    throw new FetchRefused(e.code ?? e.message ?? String(err), true);
  }
}

/** A picture: an image content type, and bytes sharp can read. */
export async function fetchImage(url: string, policy: FetchPolicy = DEFAULT_FETCH_POLICY): Promise<Buffer> {
  const got = await safeFetch(url, policy, 'image/*');
  if (!/^image\//i.test(got.contentType)) throw new FetchRefused(`content type "${got.contentType}" is not an image`);
  try {
    const meta = await sharp(got.body, { failOn: 'error' }).metadata();
    if (!meta.width || !meta.height) throw new Error('no size');
  } catch {
    throw new FetchRefused('not an image sharp can read');
  }
  return got.body;
}

function parse(text: string, base?: URL): URL {
  try {
    return new URL(text, base);
  } catch {
    throw new FetchRefused('not an address');
  }
}

/** Checks scheme, port and every address the name resolves to; returns the address to connect to. */
async function checkTarget(url: URL, policy: FetchPolicy, signal: AbortSignal): Promise<Target> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchRefused(`scheme ${url.protocol}`);
  if (url.username || url.password) throw new FetchRefused('credentials in the address');
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  if (!policy.ports.includes(port)) throw new FetchRefused(`port ${port}`);
  // The URL parser has already turned 2130706433, 0x7f.1 and 017700000001 into 127.0.0.1.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const found = isIP(host) ? [{ address: host, family: isIP(host) }] : await resolve(host, policy, signal);
  if (!found.length) throw new FetchRefused('no address', true);
  const allowed = policy.allowPrivateHosts?.includes(host) ?? false;
  const blocked = found.find((a) => !isPublicAddress(a.address));
  if (blocked && !allowed) throw new FetchRefused(`non-public address ${blocked.address}`);
  return { url, host, port, address: found[0].address, family: found[0].family === 6 ? 6 : 4 };
}

function resolve(host: string, policy: FetchPolicy, signal: AbortSignal) {
  return new Promise<{ address: string; family: number }[]>((done, fail) => {
    const abort = () => fail(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    (policy.resolve?.(host) ?? lookup(host, { all: true, verbatim: true }))
      .then(done, fail)
      .finally(() => signal.removeEventListener('abort', abort));
  });
}

export interface Posted {
  status: number;
  /** The start of the answer's body (at most `maxBytes`), as text. */
  body: string;
}

/**
 * POSTs `body` to `url` under the policy (webhooks): the address checked as for a fetch, the
 * connection pinned to the checked address, no redirect followed (a 3xx is the answer). Any
 * status is returned; only a refusal or a failure to get an answer throws FetchRefused. The
 * answer's body is read up to `maxBytes`, the rest dropped.
 */
export async function safePost(url: string, body: string, headers: Record<string, string>, policy: FetchPolicy = DEFAULT_FETCH_POLICY): Promise<Posted> {
  const deadline = AbortSignal.timeout(policy.timeoutMs);
  try {
    const target = await checkTarget(parse(url), policy, deadline);
    const res = await request(target, '*/*', deadline, { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, body });
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res as AsyncIterable<Buffer>) {
      if (size < policy.maxBytes) chunks.push(chunk);
      size += chunk.length;
      if (size > policy.maxBytes) {
        res.destroy();
        break;
      }
    }
    return { status: res.statusCode ?? 0, body: Buffer.concat(chunks).subarray(0, policy.maxBytes).toString('utf8') };
  } catch (err) {
    if (err instanceof FetchRefused) throw err;
    if (deadline.aborted) throw new FetchRefused(`no answer within ${policy.timeoutMs} ms`, true);
    const e = err as NodeJS.ErrnoException;
    throw new FetchRefused(e.code ?? e.message ?? String(err), true);
  }
}

/** Whether an address may be used at all under the policy (scheme, port, every address it resolves to); throws FetchRefused. */
export async function checkAddress(url: string, policy: FetchPolicy = DEFAULT_FETCH_POLICY): Promise<void> {
  const deadline = AbortSignal.timeout(policy.timeoutMs);
  try {
    await checkTarget(parse(url), policy, deadline);
  } catch (err) {
    if (err instanceof FetchRefused) throw err;
    throw new FetchRefused((err as NodeJS.ErrnoException).code ?? String(err), true);
  }
}

/** One request to the checked address (a GET unless `send` says): the connection uses it, whatever DNS says by now. */
function request(t: Target, accept: string, signal: AbortSignal, send?: { method: 'POST'; headers: Record<string, string>; body: string }): Promise<IncomingMessage> {
  const pinned = ((_name: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: t.address, family: t.family }]);
    else callback(null, t.address, t.family);
  }) as unknown as LookupFunction;
  const open = t.url.protocol === 'https:' ? https.request : http.request;
  return new Promise((done, fail) => {
    const req = open({
      host: t.host,
      port: t.port,
      path: `${t.url.pathname}${t.url.search}`,
      method: send?.method ?? 'GET',
      // Identity only: a compressed body would be inflated past the size cap unseen.
      headers: { host: t.url.host, accept, 'accept-encoding': 'identity', 'user-agent': 'Vitrine', ...send?.headers },
      lookup: pinned,
      agent: false,
      signal,
    }, done);
    req.on('error', fail);
    req.end(send?.body);
  });
}

async function readCapped(res: IncomingMessage, max: number): Promise<Buffer> {
  if (Number(res.headers['content-length'] ?? 0) > max) {
    res.destroy();
    throw new FetchRefused(`larger than ${max} bytes`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) {
      res.destroy();
      throw new FetchRefused(`larger than ${max} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
