import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { z } from 'zod';
import { UNSAFE_METHODS } from './security.ts';

/*
 * The API description (docs/API.md, "API description"). Each /api route declares its own
 * request and response schemas where it is registered, as Fastify's route `schema` (the
 * zod schemas the handler validates with, turned into JSON Schema by zod's own
 * `z.toJSONSchema`). The schemas DESCRIBE: the handlers keep validating with zod
 * themselves, so answers and error shapes are exactly what they were. The /api scope
 * therefore installs a validator compiler that accepts everything and a serializer
 * compiler that is Fastify's own default (JSON.stringify). Every route is collected when
 * it is registered and the OpenAPI 3.1 document is built from them on first request.
 */

/** The house error shape (server/errors.ts). */
export const errorBody = z
  .object({
    error: z
      .object({
        code: z.string().describe('Stable machine-readable code, e.g. `invalid`, `not_found`, `csrf`.'),
        message: z.string().describe('A readable explanation.'),
        fields: z.record(z.string(), z.string()).optional().describe('Per-field messages for invalid input.'),
      })
      .catchall(z.unknown()),
  });

/** Who may call a route, as a client proves it. */
export type Access =
  /** Nothing needed (reads; or posts keyed by a secret in the path). */
  | 'public'
  /** The vt_csrf cookie and its token in `x-csrf-token` (GET /api/session gives both). */
  | 'csrf'
  /** CSRF as above, or a `Cart-Token` header instead (headless cart clients). */
  | 'csrf-or-cart-token';

export interface ResponseDoc {
  description: string;
  /** The JSON body; omitted for bodies that are not JSON (see `type`) or empty answers. */
  body?: z.ZodType;
  /** Content type when not JSON (e.g. text/html). */
  type?: string;
}

export interface ApiDoc {
  summary: string;
  description?: string;
  tags: string[];
  access?: Access;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Content types the body may have besides application/json (e.g. a form post). */
  bodyTypes?: string[];
  /** Request headers the route reads (other than the ones `access` implies). */
  headers?: z.ZodType;
  /** Cookies the route reads (besides the session and CSRF cookies). */
  cookies?: string[];
  /** Success answers by status. Every route also answers 4XX in the house error shape. */
  responses: Record<number, ResponseDoc>;
}

type Json = Record<string, unknown>;

const converted = new WeakMap<z.ZodType, Json>();

/**
 * The JSON Schema of a zod schema as a client sends it (`io: 'input'`). A property is
 * required only when the schema refuses its absence: zod reports fields with a
 * `preprocess` step as required even when undefined is accepted.
 */
export function jsonSchemaOf(schema: z.ZodType): Json {
  let out = converted.get(schema);
  if (out) return out;
  out = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    target: 'draft-2020-12',
    override: (ctx) => {
      const json = ctx.jsonSchema as Json;
      const zod = ctx.zodSchema as unknown as z.ZodType;
      if (!(zod instanceof z.ZodObject) || !Array.isArray(json.required)) return;
      const shape = zod.shape as Record<string, z.ZodType>;
      json.required = (json.required as string[]).filter((key) => {
        try {
          return !shape[key]!.safeParse(undefined).success;
        } catch {
          return true;
        }
      });
      if ((json.required as string[]).length === 0) delete json.required;
    },
  }) as Json;
  delete out.$schema;
  converted.set(schema, out);
  return out;
}

const KEY = Symbol('vitrine.apiDoc');

/** The route `schema` for a documented route. */
export function apiSchema(doc: ApiDoc): FastifySchema {
  const schema: FastifySchema & Json = {
    summary: doc.summary,
    tags: doc.tags,
    ...(doc.description ? { description: doc.description } : {}),
    ...(doc.params ? { params: jsonSchemaOf(doc.params) } : {}),
    ...(doc.query ? { querystring: jsonSchemaOf(doc.query) } : {}),
    ...(doc.body ? { body: jsonSchemaOf(doc.body) } : {}),
    ...(doc.headers ? { headers: jsonSchemaOf(doc.headers) } : {}),
    response: {
      ...Object.fromEntries(Object.entries(doc.responses).map(([status, r]) => [status, { description: r.description, ...(r.body ? jsonSchemaOf(r.body) : {}) }])),
      '4xx': { description: 'Refused: the house error shape.', ...jsonSchemaOf(errorBody) },
    },
  };
  (schema as Record<symbol, ApiDoc>)[KEY] = doc;
  return schema;
}

const docOf = (schema: unknown): ApiDoc | undefined => (schema && typeof schema === 'object' ? (schema as Record<symbol, ApiDoc>)[KEY] : undefined);

interface Registered {
  method: string;
  url: string;
  doc: ApiDoc | undefined;
  /** A state-changing route that takes the general Idempotency-Key (server/idempotency.ts). */
  idempotent: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route of the app, as registered (documented or not). */
    apiRoutes: Registered[];
  }
}

/**
 * Collects every /api route as it is registered (call before any route is added). A route
 * whose `config.openapi` is false (the /api catch-all) is left out of the description.
 */
export function collectApiRoutes(app: FastifyInstance) {
  const routes: Registered[] = [];
  app.decorate('apiRoutes', routes);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api/') && route.url !== '/api') return;
    if ((route.config as { openapi?: boolean } | undefined)?.openapi === false) return;
    const keyed = (route.config as { idempotency?: boolean } | undefined)?.idempotency !== false;
    for (const method of [route.method].flat()) {
      // HEAD routes are Fastify's automatic twins of GET routes.
      if (method === 'HEAD') continue;
      routes.push({ method, url: route.url, doc: docOf(route.schema), idempotent: keyed && UNSAFE_METHODS.has(method) });
    }
  });
}

/** The /api routes registered without a description: none, or a test fails. */
export function undocumentedRoutes(app: FastifyInstance): string[] {
  return app.apiRoutes.filter((r) => !r.doc).map((r) => `${r.method} ${r.url}`);
}

/** In the /api scope: route schemas describe, the handlers validate and answer as before. */
export function describeOnly(api: FastifyInstance) {
  api.setValidatorCompiler(() => () => true);
  api.setSerializerCompiler(() => (data) => JSON.stringify(data));
}

const CSRF_PARAMS = [
  { name: 'x-csrf-token', in: 'header', required: false, description: 'The token GET /api/session answers (`csrfToken`); required on state-changing calls.', schema: { type: 'string' } },
];

const IDEMPOTENCY_PARAM = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'One key per action (8–100 of letters, digits, `.` `_` `:` `-`). Repeated by the same caller within 24 hours, it answers the first answer again (marked `Idempotent-Replayed: true`) and changes nothing; with another body: 422 `idempotency_conflict`; while the first still runs: 409 `idempotency_key_in_flight`.',
  schema: { type: 'string', minLength: 8, maxLength: 100, pattern: '^[\\w.:-]+$' },
};

const SECURITY: Record<Access, Json[] | undefined> = {
  public: undefined,
  csrf: [{ csrfCookie: [], csrfToken: [] }],
  'csrf-or-cart-token': [{ csrfCookie: [], csrfToken: [] }, { cartToken: [] }],
};

/** The admin JSON API also takes an API key (`Authorization: Bearer vtk_…`) instead of a session and CSRF. */
function securityOf(url: string, access: Access): Json[] | undefined {
  if (!url.startsWith('/api/admin/') || url === '/api/admin/setup') return SECURITY[access];
  return [...(SECURITY[access] ?? [{ session: [] }]), { apiKey: [] }];
}

function parametersOf(place: 'path' | 'query' | 'header', schema: Json | undefined): Json[] {
  const props = (schema?.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema?.required as string[] | undefined) ?? []);
  return Object.entries(props).map(([name, s]) => ({
    name,
    in: place,
    required: place === 'path' || required.has(name),
    ...(typeof s.description === 'string' ? { description: s.description } : {}),
    schema: s,
  }));
}

/** The OpenAPI 3.1 document of an app's /api routes. */
export function openApiDocument(app: FastifyInstance, info: { version: string }): Json {
  const paths: Record<string, Record<string, Json>> = {};
  const schemas: Record<string, Json> = {};
  const anonymous = new Map<string, string>();
  const hoist = (s: Json | undefined): Json | undefined => {
    if (!s) return s;
    // Named schemas (zod `.meta({ id })`) go to components once.
    const defs = s.$defs as Record<string, Json> | undefined;
    if (!defs) return s;
    const { $defs: _defs, ...rest } = s;
    // zod calls a schema that contains itself (a menu item's children) `__schemaN`, counted
    // per conversion: two routes' `__schema0` may differ, so each distinct one gets its own
    // name here. References inside the definitions move to components as well.
    const names = new Map(
      Object.entries(defs).map(([name, def]) => {
        if (!name.startsWith('__schema')) return [name, name];
        const text = JSON.stringify(def);
        if (!anonymous.has(text)) anonymous.set(text, `Schema${anonymous.size + 1}`);
        return [name, anonymous.get(text)!];
      }),
    );
    const moved = (v: Json) => JSON.parse(JSON.stringify(v).replace(/"#\/\$defs\/([^"]+)"/g, (_m, n: string) => `"#/components/schemas/${names.get(n) ?? n}"`)) as Json;
    for (const [name, def] of Object.entries(defs)) schemas[names.get(name)!] = moved(def);
    return moved(rest);
  };
  for (const route of app.apiRoutes) {
    const doc = route.doc;
    if (!doc) continue;
    const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const access = doc.access ?? 'public';
    const bodySchema = doc.body ? hoist(jsonSchemaOf(doc.body)) : undefined;
    const op: Json = {
      operationId: `${route.method.toLowerCase()}${route.url.replace(/^\/api/, '').replace(/[/:{}-]+(\w)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
      summary: doc.summary,
      ...(doc.description ? { description: doc.description } : {}),
      tags: doc.tags,
      parameters: [
        ...parametersOf('path', doc.params ? jsonSchemaOf(doc.params) : undefined),
        ...parametersOf('query', doc.query ? jsonSchemaOf(doc.query) : undefined),
        ...parametersOf('header', doc.headers ? jsonSchemaOf(doc.headers) : undefined),
        ...(route.idempotent ? [IDEMPOTENCY_PARAM] : []),
        ...(access !== 'public' ? CSRF_PARAMS : []),
        ...(doc.cookies ?? []).map((name) => ({ name, in: 'cookie', required: false, schema: { type: 'string' } })),
      ],
      ...(bodySchema
        ? {
            requestBody: {
              required: false,
              content: Object.fromEntries(['application/json', ...(doc.bodyTypes ?? [])].map((t) => [t, { schema: bodySchema }])),
            },
          }
        : {}),
      responses: {
        ...Object.fromEntries(
          Object.entries(doc.responses).map(([status, r]) => [
            status,
            {
              description: r.description,
              ...(r.body || r.type ? { content: { [r.type ?? 'application/json']: { schema: r.body ? hoist(jsonSchemaOf(r.body)) : { type: 'string' } } } } : {}),
            },
          ]),
        ),
        '4XX': { description: 'Refused: the house error shape (`invalid`, `not_found`, `csrf`, …).', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
      },
      ...(securityOf(route.url, access) ? { security: securityOf(route.url, access) } : {}),
    };
    (paths[path] ??= {})[route.method.toLowerCase()] = op;
  }
  schemas.Error = jsonSchemaOf(errorBody);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Vitrine API',
      version: info.version,
      description:
        'The JSON API of a Vitrine shop. Errors are `{ "error": { "code", "message", "fields"? } }`. ' +
        'State-changing calls need the CSRF token: GET /api/session sets the `vt_csrf` cookie and answers `csrfToken`, sent back as `x-csrf-token`.',
    },
    paths,
    components: {
      schemas,
      securitySchemes: {
        csrfCookie: { type: 'apiKey', in: 'cookie', name: 'vt_csrf', description: 'Set by GET /api/session (HttpOnly).' },
        csrfToken: { type: 'apiKey', in: 'header', name: 'x-csrf-token', description: 'The `csrfToken` GET /api/session answers.' },
        cartToken: { type: 'apiKey', in: 'header', name: 'Cart-Token', description: 'A headless cart: the token every cart answer carries.' },
        session: { type: 'apiKey', in: 'cookie', name: 'vt_session', description: 'The signed-in session (POST /api/account/login).' },
        apiKey: { type: 'http', scheme: 'bearer', description: 'An API key made at /admin/api-keys (`vtk_…`): the admin JSON API only; a read key may not change anything.' },
      },
    },
  };
}
