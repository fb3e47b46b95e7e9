import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import pkg from '../../package.json' with { type: 'json' };
import { HttpError } from '../../app/lib/http-error.ts';
import { parseInput } from '../../app/lib/validate.ts';
import { apiSchema, openApiDocument } from '../openapi.ts';
import { contentSecurityPolicy } from '../security.ts';

// Imported (not read beside this file): the compiled server lives elsewhere than the source.
const { version } = pkg;

/** Swagger UI's files, from its npm package (never a CDN). */
const swaggerDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** The script that starts Swagger UI: a file of our own origin, so the page's CSP needs no inline script. */
const INIT_JS = `window.addEventListener('DOMContentLoaded', function () {
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#api',
    deepLinking: true,
    // "Try it out" as the shop's own scripts call it: the CSRF token from its cookie.
    requestInterceptor: function (req) {
      var m = document.cookie.match(/(?:^|; )vt_csrf_token=([^;]*)/);
      // The token is URL-safe (no escapes to decode), so a mangled cookie cannot throw here.
      if (m && !req.headers['x-csrf-token']) req.headers['x-csrf-token'] = m[1];
      return req;
    },
  });
});
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Vitrine API reference</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<main id="api"><noscript><p>This reference needs JavaScript. The description itself is at <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p></noscript></main>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>
`;

const ASSETS = {
  'swagger-ui.css': { type: 'text/css; charset=utf-8', file: 'swagger-ui.css' },
  'swagger-ui-bundle.js': { type: 'text/javascript; charset=utf-8', file: 'swagger-ui-bundle.js' },
  'init.js': { type: 'text/javascript; charset=utf-8', file: null },
} as const;
type Asset = keyof typeof ASSETS;

const assetParam = z.object({ asset: z.enum(Object.keys(ASSETS) as [Asset, ...Asset[]]) });

/** The API's own description: GET /api/openapi.json and the reference page GET /api/docs. */
export async function openApiRoutes(api: FastifyInstance) {
  let document: Buffer | undefined;
  const files = new Map<Asset, Buffer>();

  api.get(
    '/openapi.json',
    {
      schema: apiSchema({
        summary: 'This API described as OpenAPI 3.1',
        tags: ['API description'],
        responses: { 200: { description: 'The OpenAPI document.', body: z.object({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }).catchall(z.unknown()) } },
      }),
    },
    async (_request, reply) => {
      // Routes are all registered before the first request: built once.
      document ??= Buffer.from(JSON.stringify(openApiDocument(api, { version })));
      return reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(document);
    },
  );

  api.get(
    '/docs',
    {
      schema: apiSchema({
        summary: 'The API reference page (Swagger UI)',
        tags: ['API description'],
        responses: { 200: { description: 'An HTML page that renders /api/openapi.json.', type: 'text/html' } },
      }),
    },
    async (_request, reply) =>
      reply
        .header('content-security-policy', contentSecurityPolicy({ hashes: [] }, false))
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(PAGE),
  );

  api.get(
    '/docs/:asset',
    {
      schema: apiSchema({
        summary: "The reference page's script and style sheet",
        tags: ['API description'],
        params: assetParam,
        responses: { 200: { description: 'A script or a style sheet.', type: 'text/plain' } },
      }),
    },
    async (request, reply) => {
      const { asset } = parseInput(assetParam, request.params);
      const spec = ASSETS[asset];
      let body = files.get(asset);
      if (!body) {
        try {
          body = spec.file ? readFileSync(path.join(swaggerDir, spec.file)) : Buffer.from(INIT_JS);
        } catch {
          throw new HttpError(404, 'not_found', 'The reference page is not installed.');
        }
        files.set(asset, body);
      }
      return reply.header('cache-control', 'public, max-age=86400').type(spec.type).send(body);
    },
  );
}
