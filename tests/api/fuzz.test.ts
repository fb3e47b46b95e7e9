import fc from 'fast-check';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { backgroundSettled } from '../../app/lib/background.server.ts';
import { mailsSettled } from '../../app/features/orders/emails.server.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { changeCount, changesByTable, installChangeCounter, invalid, mutatedObject, nastyString, valid, type Hints, type Json } from '../helpers/fuzz.ts';

/**
 * The API fuzzer (docs/ARCHITECTURE.md, "API description and fuzzing"). From the OpenAPI
 * document the server itself serves, it sends every operation FUZZ_RUNS generated requests
 * (250 in `npm test`, 1,000 in `npm run test:fuzz`) through Fastify's inject: valid ones (schema-conforming values, the
 * shop's real ids, the cookies and CSRF token a browser holds, so they get through) mixed
 * with ones that have one thing wrong (a field, a parameter, a header, the CSRF token, the
 * cookies, the content type) and plain garbage. Every answer must be below 500, every
 * refusal in the house error shape, and no refused request may write to the database
 * (counted by triggers on every table). The seed changes once a day, so each day's runs try
 * other requests while a failure found today replays until midnight; FUZZ_SEED replays any run
 * (every report prints its seed).
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 250);
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Date.now() / 86_400_000));
const UNSAFE = new Set(['post', 'put', 'patch', 'delete']);

interface Operation {
  method: string;
  path: string;
  parameters: { name: string; in: 'path' | 'query' | 'header' | 'cookie'; required?: boolean; schema: Json }[];
  requestBody?: { content: Record<string, { schema: Json }> };
  responses: Record<string, { content?: Record<string, { schema: Json }> }>;
  security?: Json[];
}

/** What one generated request does; made concrete (cookies, CSRF token) when it is sent. */
interface Plan {
  mode: 'valid' | 'mutated' | 'garbage';
  params: Record<string, string>;
  query: string;
  headers: Record<string, string>;
  body: { type: string | null; text: string } | null;
  csrf: 'ok' | 'missing' | 'wrong';
  cookies: 'jar' | 'none' | 'garbage';
  garbageCookie: string;
  ip: string;
}

const HUGE = JSON.stringify({ text: 'x'.repeat(1_100_000) });
const DEEP = '['.repeat(300) + ']'.repeat(300);
const headerText = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 80 });

const rawBodies = fc.oneof(
  fc.constantFrom('{', '{"a":', 'nul', '"', '[1,]', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{}}}', DEEP, 'null', '[]', '""', '0', '{}', '  '),
  nastyString,
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v) ?? 'null'),
);

const contentTypes = fc.constantFrom(
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'application/xml',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'application/jsonx',
  'image/png',
  '*/*',
  '',
);

function encodeQuery(value: unknown): string {
  if (!value || typeof value !== 'object') return '';
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(value as Json)) {
    if (v === undefined) continue;
    for (const item of Array.isArray(v) ? v : [v]) out.append(k, typeof item === 'string' ? item : JSON.stringify(item) ?? '');
  }
  return out.toString();
}

/**
 * A path segment as a client writes it: percent-encoded UTF-8 (lone surrogates too), or for
 * hostile requests with printable ASCII left raw (`%ff`, `..`, quotes reach the server as typed).
 */
function encodeSegment(value: string, raw: boolean): string {
  let out = '';
  for (const c of value) {
    if (/^[\w.~!*'()-]$/.test(c) || (raw && /^[\x21-\x7e]$/.test(c) && !'/?#'.includes(c))) out += c;
    else for (const b of Buffer.from(c)) out += `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

const asText = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v) ?? '');

/** Generated requests for one operation. */
function plans(op: Operation, hints: Hints): fc.Arbitrary<Plan> {
  const byPlace = (place: string) => op.parameters.filter((p) => p.in === place);
  const pathParams = byPlace('path');
  const queryParams = byPlace('query');
  const headerParams = byPlace('header').filter((p) => p.name !== 'x-csrf-token');
  const querySchema = { type: 'object', properties: Object.fromEntries(queryParams.map((p) => [p.name, p.schema])), required: queryParams.filter((p) => p.required).map((p) => p.name) };
  const bodySchema = op.requestBody?.content['application/json']?.schema;
  const unsafe = UNSAFE.has(op.method);

  const validParams = fc.record(Object.fromEntries(pathParams.map((p) => [p.name, valid(p.schema, hints, p.name).map(asText)]))) as fc.Arbitrary<Record<string, string>>;
  const badParams = validParams.chain((ok) =>
    pathParams.length
      ? fc
          .tuple(fc.constantFrom(...pathParams.map((p) => p.name)), fc.oneof(invalid(pathParams[0]!.schema).map(asText), nastyString))
          .map(([name, v]) => ({ ...ok, [name]: v }))
      : fc.constant(ok),
  );
  const validQuery = queryParams.length ? (valid(querySchema, hints) as fc.Arbitrary<Json>).map(encodeQuery) : fc.constant('');
  const badQuery = fc.oneof(
    queryParams.length ? mutatedObject(querySchema, hints).map(encodeQuery) : fc.constant(''),
    fc.dictionary(fc.string({ maxLength: 10 }), nastyString, { maxKeys: 4 }).map(encodeQuery),
    fc.constantFrom('a[b]=1&a[c]=2', '%ff=%fe', '&&&=', 'page=1&page=2&page=x', `q=${'x'.repeat(3000)}`),
  );
  const validHeaders = fc.record(Object.fromEntries(headerParams.map((p) => [p.name, valid(p.schema, hints, p.name).map(asText)])), { requiredKeys: [] }) as fc.Arbitrary<Record<string, string>>;
  const badHeaders = headerParams.length ? fc.dictionary(fc.constantFrom(...headerParams.map((p) => p.name)), headerText, { maxKeys: 2 }) : fc.constant({});
  const jsonBody = (arb: fc.Arbitrary<unknown>) => arb.map((v) => ({ type: 'application/json', text: JSON.stringify(v) ?? 'null' }));
  const validBody = bodySchema ? jsonBody(valid(bodySchema, hints)) : fc.constant(null);
  const badBody = fc.oneof(
    bodySchema ? jsonBody(mutatedObject(bodySchema, hints)) : jsonBody(fc.jsonValue({ maxDepth: 2 })),
    rawBodies.map((text) => ({ type: 'application/json', text })),
    fc.tuple(contentTypes, bodySchema ? valid(bodySchema, hints).map((v) => JSON.stringify(v) ?? '') : rawBodies).map(([type, text]) => ({ type: type || null, text })),
    fc.constant({ type: 'application/json', text: HUGE }),
    fc.constant(null),
  );
  const garbageCookie = fc
    .tuple(fc.constantFrom('vt_session', 'vt_csrf', 'vt_cart', 'vt_wishlist', 'vt_chat'), headerText.filter((v) => !/[;,\s"\\]/.test(v)))
    .map(([name, v]) => `${name}=${v}`);
  // Calls that hash a password come from a few addresses, as an attacker's would: their rate
  // limits answer most of them (every address a new one would hash a thousand passwords).
  const ip = /^\/api\/(account\/(login|register|password-reset)|admin\/setup)/.test(op.path) ? fc.constantFrom('203.0.113.1', '203.0.113.2', '2001:db8::1') : fc.ipV4();
  const base = { ip, garbageCookie };

  const validPlan = fc.record({
    ...base,
    mode: fc.constant('valid' as const),
    params: validParams,
    query: validQuery,
    headers: validHeaders,
    body: validBody,
    csrf: fc.constant('ok' as const),
    cookies: fc.constant('jar' as const),
  });
  // One thing wrong, everything else as a valid request has it.
  const mutated = validPlan.chain((p) =>
    fc.oneof(
      badParams.map((params) => ({ ...p, params })),
      badQuery.map((query) => ({ ...p, query })),
      badHeaders.map((headers) => ({ ...p, headers })),
      badBody.map((body) => ({ ...p, body })),
      fc.constantFrom<Plan['csrf']>('missing', 'wrong').map((csrf) => ({ ...p, csrf })),
      fc.constantFrom<Plan['cookies']>('none', 'garbage').map((cookies) => ({ ...p, cookies })),
    ).map((q) => ({ ...q, mode: 'mutated' as const })),
  );
  const garbage = fc.record({
    ...base,
    mode: fc.constant('garbage' as const),
    params: badParams,
    query: badQuery,
    headers: badHeaders,
    body: badBody,
    csrf: fc.constantFrom<Plan['csrf']>('ok', 'missing', 'wrong'),
    cookies: fc.constantFrom<Plan['cookies']>('jar', 'none', 'garbage'),
  });
  // Reads take no body, but a client may send one anyway.
  void unsafe;
  return fc.oneof({ arbitrary: validPlan, weight: 4 }, { arbitrary: mutated, weight: 5 }, { arbitrary: garbage, weight: 1 });
}

/** A browser's state: its cookies and CSRF token, kept up to date from every answer. */
class Jar {
  cookies = new Map<string, string>();
  csrf = '';

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  take(res: { cookies: LightMyRequestResponse['cookies'] }) {
    for (const c of res.cookies as { name: string; value: string; maxAge?: number }[]) {
      if (c.maxAge === 0 || c.value === '') this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }
}

/** An answer as the checks need it; the body is read as a stream (a big script would cost 30 ms as a string). */
interface Answer {
  statusCode: number;
  headers: LightMyRequestResponse['headers'];
  cookies: LightMyRequestResponse['cookies'];
  body: string;
  json(): unknown;
}

function houseErrorProblem(res: Answer): string | null {
  if (!String(res.headers['content-type'] ?? '').startsWith('application/json')) return `content-type ${String(res.headers['content-type'])}`;
  let body: unknown;
  try {
    body = res.json();
  } catch {
    return 'body is not JSON';
  }
  const error = (body as { error?: Json } | null)?.error;
  if (!error || typeof error !== 'object') return 'no error object';
  if (typeof error.code !== 'string' || !error.code) return 'no error.code';
  if (typeof error.message !== 'string' || !error.message) return 'no error.message';
  if (error.fields !== undefined && (typeof error.fields !== 'object' || error.fields === null || Object.values(error.fields).some((v) => typeof v !== 'string'))) return 'error.fields is not a map of messages';
  return null;
}

/** The login's load shedding: 503 `busy` with a Retry-After, in the house error shape. */
function isBusyLogin(path: string, res: Answer): boolean {
  if (path !== '/api/account/login' || res.statusCode !== 503 || !res.headers['retry-after']) return false;
  try {
    return (res.json() as { error?: { code?: string } }).error?.code === 'busy';
  } catch {
    return false;
  }
}

const dialectList = await dialects();

describe.each(dialectList)('API fuzzing on %s', (dialect) => {
  let t: TestApp;
  let doc: { paths: Record<string, Record<string, Operation>>; components: Json };
  const jar = new Jar();
  const known = { productIds: [] as number[], variationIds: [] as number[], slugs: [] as string[], wishlists: [] as string[], wishlistItems: [] as number[], cartKeys: [] as string[], cartTokens: [] as string[], formIds: [] as number[] };

  beforeAll(async () => {
    t = await createTestApp(dialect, { config: { seedDemo: true, searchSuggestLimit: 1_000_000, publicUrl: 'http://shop.test' } });
    const db = t.services.db;
    const products = await db.selectFrom('products').select(['id', 'slug', 'type']).where('status', '=', 'publish').orderBy('id').execute();
    known.productIds = products.map((p) => p.id).slice(0, 20);
    known.variationIds = (await db.selectFrom('product_variations').select('id').orderBy('id').limit(10).execute()).map((v) => v.id);
    known.slugs = products.map((p) => p.slug).slice(0, 10);
    known.formIds = (await db.selectFrom('contact_forms').select('id').execute()).map((f) => f.id);
    const session = await t.app.inject({ method: 'GET', url: '/api/session' });
    jar.take(session);
    jar.csrf = session.json().csrfToken;
    const send = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
      const res = await t.app.inject({ method, url, headers: { cookie: jar.header(), 'x-csrf-token': jar.csrf, ...(body ? { 'content-type': 'application/json' } : {}) }, payload: body ? JSON.stringify(body) : undefined });
      jar.take(res);
      return res;
    };
    expect((await send('POST', '/api/account/register', { email: 'fuzz@example.com', password: 'fuzz-password-1', name: 'Fuzz' })).statusCode).toBe(201);
    for (const id of products.filter((p) => p.type === 'simple').map((p) => p.id).slice(0, 3)) await send('POST', '/api/cart/items', { productId: id });
    const cart = await send('GET', '/api/cart');
    known.cartKeys = (cart.json().items as { key: string }[]).map((i) => i.key);
    const headless = await t.app.inject({ method: 'GET', url: '/api/cart', headers: { 'cart-token': 'x' } });
    known.cartTokens = [String(headless.headers['cart-token'] ?? '')].filter(Boolean);
    const list = await send('POST', '/api/wishlists', { name: 'Fuzzed', visibility: 'public' });
    expect(list.statusCode).toBe(201);
    const lists = (await send('GET', '/api/wishlists')).json().userWishlists as { token: string }[];
    known.wishlists = lists.map((l) => l.token);
    await send('POST', '/api/wishlist/items', { productId: known.productIds[0], wishlist: known.wishlists[0] });
    const view = (await send('GET', `/api/wishlists/${known.wishlists[0]}`)).json() as { items?: { id: number }[] };
    known.wishlistItems = (view.items ?? []).map((i) => i.id);
    doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    await installChangeCounter(db, dialect);
  }, 120_000);

  afterAll(async () => t?.close());

  /** Real values by name, per operation path. */
  function hintsFor(path: string): Hints {
    const ids = path.startsWith('/api/forms/') ? () => known.formIds : path.includes('/items/{id}') ? () => known.wishlistItems : () => known.productIds;
    return {
      id: ids,
      idOrSlug: () => [...known.productIds, ...known.slugs],
      productId: () => known.productIds,
      variationId: () => known.variationIds,
      token: () => known.wishlists,
      wishlist: () => known.wishlists,
      to: () => known.wishlists,
      key: () => known.cartKeys,
      'cart-token': () => known.cartTokens,
      code: () => (path.startsWith('/api/countries') ? ['US', 'GB', 'DE', 'CA'] : ['WELCOME10']),
      country: () => ['US', 'GB', 'DE'],
      email: () => ['fuzz@example.com'],
      password: () => ['fuzz-password-1'],
      gateway: () => ['cod', 'bacs', 'cheque'],
      positions: () => [known.wishlistItems],
    };
  }

  it(`sends ${RUNS} generated requests to every operation: no 5xx, refusals in the house shape, refusals write nothing`, async () => {
    const db = t.services.db;
    const failures: string[] = [];
    const report: string[] = [];
    let count = await changeCount(db);
    let byTable = await changesByTable(db);
    const ajv = new Ajv2020({ strict: false, allErrors: false });
    const validators = new Map<string, ValidateFunction | null>();
    const send = async (options: InjectOptions): Promise<Answer> => {
      const res = await t.app.inject({ ...options, payloadAsStream: true });
      const chunks: Buffer[] = [];
      for await (const chunk of res.stream()) chunks.push(chunk as Buffer);
      const raw = Buffer.concat(chunks);
      const textual = res.statusCode >= 400 || String(res.headers['content-type'] ?? '').startsWith('application/json');
      const body = textual ? raw.toString() : '';
      return { statusCode: res.statusCode, headers: res.headers, cookies: res.cookies, body, json: () => JSON.parse(body) };
    };
    /** Whether a JSON answer matches what the description says of it (its documented status). */
    const answerProblem = (name: string, op: Operation, res: Answer): string | null => {
      const schema = op.responses[String(res.statusCode)]?.content?.['application/json']?.schema;
      if (!schema || !String(res.headers['content-type'] ?? '').startsWith('application/json')) return null;
      const key = `${name} ${res.statusCode}`;
      if (!validators.has(key)) validators.set(key, ajv.compile({ ...schema, components: doc.components }));
      const validate = validators.get(key)!;
      return validate(res.json()) ? null : ajv.errorsText(validate.errors);
    };
    const started = performance.now();
    let total = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const operation = { ...op, method, path, parameters: op.parameters ?? [] };
        const name = `${method.toUpperCase()} ${path}`;
        const samples = fc.sample(plans(operation, hintsFor(path)), { numRuns: RUNS, seed: SEED });
        const statuses = new Map<number, number>();
        const t0 = performance.now();
        for (const plan of samples) {
          const url = path.replace(/\{(\w+)\}/g, (_m, p: string) => encodeSegment(plan.params[p] ?? '', plan.mode !== 'valid')) + (plan.query ? `?${plan.query}` : '');
          const headers: Record<string, string> = { ...plan.headers };
          if (plan.cookies === 'jar' && jar.cookies.size) headers.cookie = jar.header();
          if (plan.cookies === 'garbage') headers.cookie = plan.garbageCookie;
          if (plan.csrf === 'ok') headers['x-csrf-token'] = jar.csrf;
          if (plan.csrf === 'wrong') headers['x-csrf-token'] = 'x'.repeat(jar.csrf.length || 43);
          if (plan.body?.type) headers['content-type'] = plan.body.type;
          let res: Answer;
          try {
            res = await send({ method: method.toUpperCase() as 'GET', url, headers, payload: plan.body?.text, remoteAddress: plan.ip });
          } catch (err) {
            failures.push(`${name}: inject threw ${String(err)} for ${url}`);
            continue;
          }
          total++;
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          const what = () => `${name} → ${res.statusCode} for ${plan.mode} ${url.slice(0, 200)} ${plan.body ? `[${plan.body.type}] ${plan.body.text.slice(0, 300)}` : ''} ${JSON.stringify(plan.headers)} csrf=${plan.csrf} cookies=${plan.cookies}: ${res.body.slice(0, 300)}`;
          // The one 5xx allowed: the login's ceiling on password checks per second (503 `busy` with
          // Retry-After), which the fuzzer's back-to-back sign-ins reach as a flood would.
          if (res.statusCode >= 500 && !isBusyLogin(path, res)) failures.push(`5xx: ${what()}`);
          if (res.statusCode < 400) {
            // An accepted request: what it started (mail, alerts) finishes before the next one is judged.
            await backgroundSettled(t.services);
            await mailsSettled();
            if (plan.cookies === 'jar') jar.take(res);
            // Every answer's shape is checked against the description for the first 100 of an operation.
            const mismatch = (statuses.get(res.statusCode) ?? 0) <= 100 ? answerProblem(name, operation, res) : null;
            if (mismatch) failures.push(`answer does not match its description (${mismatch}): ${what()}`);
            const now = await changeCount(db);
            if (now !== count) [count, byTable] = [now, await changesByTable(db)];
            continue;
          }
          const problem = houseErrorProblem(res);
          if (problem) failures.push(`not the house error shape (${problem}): ${what()}`);
          const now = await changeCount(db);
          if (now !== count) {
            const after = await changesByTable(db);
            const tables = Object.keys(after).filter((k) => after[k] !== byTable[k]);
            failures.push(`refused but wrote to ${tables.join(', ')}: ${what()}`);
            [count, byTable] = [now, after];
          }
        }
        const ms = performance.now() - t0;
        report.push(`${name.padEnd(52)} ${String(samples.length).padStart(5)} requests ${ms.toFixed(0).padStart(6)} ms  ${[...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(' ')}`);
        expect(samples.length).toBeGreaterThanOrEqual(RUNS);
      }
    }
    console.log(`API fuzzing on ${dialect} (seed ${SEED}): ${total} requests in ${((performance.now() - started) / 1000).toFixed(1)} s\n${report.join('\n')}`);
    expect(failures.slice(0, 30), `${failures.length} failures (FUZZ_SEED=${SEED})`).toEqual([]);
  }, 1_800_000);
});
