import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../app/lib/http-error.ts';
import { publicDefinition } from '../../app/features/forms/build.ts';
import { getDefinition } from '../../app/features/forms/forms.server.ts';
import { FEEDBACK_BODY_BYTES, FREE_TEXT_PREFIX, readPostedForm, refill, submit, unitTagValid } from '../../app/features/forms/pipeline.server.ts';
import { swvSchema } from '../../app/features/forms/rules.ts';
import { HONEYPOT_FIELD, QUIZ_ANSWER_PREFIX, STARTED_FIELD } from '../../app/features/forms/spam.server.ts';
import { z } from 'zod';
import { apiSchema } from '../openapi.ts';
import { takeIdempotencyKeys } from '../idempotency.ts';
import { databaseStore } from '../../app/lib/idempotency.server.ts';

/** Documents the id; any other text is a 404, as Contact Form 7 answers. */
const formIdParam = z.object({ id: z.string().regex(/^[0-9]{1,9}$/) });

const formId = (raw: unknown): number => {
  const text = String(raw ?? '');
  const id = /^[0-9]{1,9}$/.test(text) ? Number(text) : 0;
  if (id <= 0) throw new HttpError(404, 'not_found', 'The requested contact form was not found.');
  return id;
};

async function definitionOr404(api: FastifyInstance, raw: unknown) {
  const def = await getDefinition(api.services.db, formId(raw));
  if (!def) throw new HttpError(404, 'not_found', 'The requested contact form was not found.');
  return def;
}

/**
 * Contact Form 7's REST calls at its own addresses, so its front-end script works against this
 * server unchanged (docs/API.md, "Contact forms"). No CSRF header: like CF7, a contact form
 * is public; the spam checks guard it.
 */
export async function formsWireRoutes(app: FastifyInstance) {
  // Every body reaches the handler as bytes, which answers 415 for anything but multipart.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: FEEDBACK_BODY_BYTES }, (_req, body, done) => done(null, body));
  const base = '/wp-json/contact-form-7/v1/contact-forms/:id';
  // A send repeated with its Idempotency-Key (the form island's retry) mails once.
  takeIdempotencyKeys(app, () => app.services.idempotency ?? databaseStore(app.services.db));

  app.post(`${base}/feedback`, { bodyLimit: FEEDBACK_BODY_BYTES }, async (request: FastifyRequest<{ Params: { id: string } }>, reply) => {
    void reply.header('cache-control', 'no-store');
    const type = (request.headers['content-type'] ?? '').toLowerCase();
    if (!type.startsWith('multipart/form-data')) throw new HttpError(415, 'unsupported_media_type', 'Send the form as multipart/form-data.');
    const def = await definitionOr404(app, request.params.id);
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const form = await new Response(new Uint8Array(body), { headers: { 'content-type': request.headers['content-type']! } }).formData().catch(() => null);
    if (!form) throw new HttpError(400, 'invalid_form', 'The multipart body could not be read.');
    const { fields, files } = await readPostedForm(form);
    const unitTag = String(([] as string[]).concat(fields['_wpcf7_unit_tag'] ?? '')[0] ?? '');
    if (!unitTagValid(unitTag, def.id)) throw new HttpError(400, 'wpcf7_unit_tag_not_found', 'There is no valid unit tag.');
    const ua = request.headers['user-agent'];
    return submit(app.services, {
      formId: def.id,
      fields,
      files,
      unitTag,
      clientIp: request.ctx.clientIp,
      userAgent: typeof ua === 'string' ? ua : '',
      user: request.ctx.user,
      requestOrigin: request.ctx.requestOrigin,
    });
  });

  app.get(`${base}/refill`, async (request: FastifyRequest<{ Params: { id: string } }>, reply) => {
    void reply.header('cache-control', 'no-store');
    return refill(app.services, formId(request.params.id));
  });

  app.get(`${base}/feedback/schema`, async (request: FastifyRequest<{ Params: { id: string } }>, reply) => {
    const def = await definitionOr404(app, request.params.id);
    void reply.header('cache-control', 'no-cache');
    return swvSchema(def);
  });
}

/** `GET /api/forms/:id`: the form for React and headless clients, without its secrets. */
export async function formsApiRoutes(api: FastifyInstance) {
  api.get('/forms/:id', { schema: apiSchema({ summary: 'A contact form for React and headless clients (without its secrets)', tags: ['Contact forms'], params: formIdParam, responses: { 200: { description: 'The form, its validation schema and where to post it.', body: z.looseObject({ form: z.looseObject({}), schema: z.looseObject({}), hiddenFields: z.looseObject({}), endpoints: z.object({ feedback: z.string(), refill: z.string(), schema: z.string() }) }) } } }) }, async (request: FastifyRequest<{ Params: { id: string } }>, reply) => {
    const def = await definitionOr404(api, request.params.id);
    void reply.header('cache-control', 'no-cache');
    return {
      form: publicDefinition(def),
      schema: swvSchema(def),
      hiddenFields: { honeypot: HONEYPOT_FIELD, started: STARTED_FIELD, quizAnswerPrefix: QUIZ_ANSWER_PREFIX, freeTextPrefix: FREE_TEXT_PREFIX },
      endpoints: {
        feedback: `/wp-json/contact-form-7/v1/contact-forms/${def.id}/feedback`,
        refill: `/wp-json/contact-form-7/v1/contact-forms/${def.id}/refill`,
        schema: `/wp-json/contact-form-7/v1/contact-forms/${def.id}/feedback/schema`,
      },
    };
  });
}
