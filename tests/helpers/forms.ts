import type { FastifyInstance } from 'fastify';
import type { Services } from '../../app/lib/services.server.ts';
import { getDefinition } from '../../app/features/forms/forms.server.ts';
import { issueStartToken, quizChallenge, STARTED_FIELD, QUIZ_ANSWER_PREFIX } from '../../app/features/forms/spam.server.ts';

/** A file for a multipart body. */
export interface TestFile {
  field: string;
  name: string;
  data: Buffer | string;
  type?: string;
}

/** Multipart bytes and content type of fields and files, as a browser would send them. */
export async function multipart(fields: Record<string, string | string[]>, files: TestFile[] = []) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const x of ([] as string[]).concat(v)) form.append(k, x);
  for (const f of files) form.append(f.field, new Blob([typeof f.data === 'string' ? Buffer.from(f.data) : new Uint8Array(f.data)], { type: f.type ?? 'application/octet-stream' }), f.name);
  const req = new Request('http://x/', { method: 'POST', body: form });
  return { payload: Buffer.from(await req.arrayBuffer()), contentType: req.headers.get('content-type')! };
}

/** Real 2 × 2 pictures (the pixel limit reads their headers). */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWMwPmNsfMaYAUIBACGGBMlrxUcWAAAAAElFTkSuQmCC', 'base64');
export const JPEG = Buffer.from(
  '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABAb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCeAGpH/9k=',
  'base64',
);

/** CF7's hidden fields plus a start time 10 s ago and the first quiz question's answer hash. */
export async function hiddenFields(services: Services, formId: number, unitTag = `wpcf7-f${formId}-p5-o1`): Promise<Record<string, string>> {
  const def = (await getDefinition(services.db, formId))!;
  const out: Record<string, string> = {
    _wpcf7: String(formId),
    _wpcf7_version: '6.0.6',
    _wpcf7_locale: 'en_US',
    _wpcf7_unit_tag: unitTag,
    _wpcf7_container_post: '5',
    [STARTED_FIELD]: issueStartToken(services.config.sessionSecret, Date.now() - 10_000),
  };
  for (const t of def.tags) if (t.type === 'quiz') out[`${QUIZ_ANSWER_PREFIX}${t.name}`] = quizChallenge(services.config.sessionSecret, formId, t, 0)[1];
  return out;
}

let ipCounter = 1;
/** A fresh client address, so the per-address limit of one test does not touch the next. */
export const freshIp = () => `10.1.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

export async function postFeedback(
  app: FastifyInstance,
  formId: number | string,
  fields: Record<string, string | string[]>,
  files: TestFile[] = [],
  opts: { ip?: string; userAgent?: string | null; url?: string } = {},
) {
  const { payload, contentType } = await multipart(fields, files);
  const headers: Record<string, string> = { 'content-type': contentType };
  // null: no user agent (light-my-request would send its own name when the header is absent).
  headers['user-agent'] = opts.userAgent === null ? '' : (opts.userAgent ?? 'Mozilla/5.0 (test)');
  return app.inject({
    method: 'POST',
    url: opts.url ?? `/wp-json/contact-form-7/v1/contact-forms/${formId}/feedback`,
    headers,
    payload,
    remoteAddress: opts.ip ?? freshIp(),
  });
}
