/**
 * A contact form submission, in Contact Form 7's order: validate (the shared rules, the quiz
 * answer, the uploaded files' content) → acceptance → spam checks (honeypot, fill time,
 * user agent, per-address limit, duplicate within the hour) → uploads → mail (and the
 * autoresponder) → store. Answers CF7's feedback response; a mail server that is down makes
 * `mail_failed` with the submission stored, never an error (the mails: submission-mail.server.ts).
 * Used by the REST route (server/api/forms.ts) and by page actions without JavaScript
 * (`submitFromPage`).
 */
import type { RequestContext, Services, SessionUser } from '../../lib/services.server.ts';
import { HttpError } from '../../lib/http-error.ts';
import { unstorable } from '../../lib/validate.ts';
import { t } from '../../i18n/t-forms.ts';
import { getSettings } from '../settings/settings.server.ts';
import type { FeedbackResponse, FormDefinition, InvalidField, SubmissionStatus } from './definition.ts';
import { effectiveSettings } from './build.ts';
import { defaultUnitTag, invalidField, message, missingAcceptance, validate, valuesOf, type PostedFiles, type PostedValues } from './rules.ts';
import {
  HONEYPOT_FIELD,
  DUPLICATE_WINDOW_MS,
  issueStartToken,
  postedDataHash,
  QUIZ_ANSWER_PREFIX,
  quizAnswerOk,
  quizRefill,
  STARTED_FIELD,
  submissionLimiter,
  verifyStartToken,
} from './spam.server.ts';
import { checkPicture, checkUpload, removeUpload, storeUpload } from './uploads.server.ts';
import { megapixels } from '../../lib/images.server.ts';
import type { MailFile } from './forms-mail.server.ts';
import { getDefinition } from './forms.server.ts';
import type { StoredStatus } from './submissions.server.ts';
import { sendMails } from './submission-mail.server.ts';

/** Prefix of the text input beside a free-text checkbox or radio option (CF7's name). */
export const FREE_TEXT_PREFIX = '_wpcf7_free_text_';
/** Largest feedback body (all files and fields together). */
export const FEEDBACK_BODY_BYTES = 12 * 1024 * 1024;

export interface IncomingFile {
  name: string;
  type: string;
  data: Buffer;
}

export interface SubmitInput {
  formId: number;
  /** Every posted text field by name (`name[]` already folded into `name`). */
  fields: Record<string, string | string[]>;
  files: Record<string, IncomingFile[]>;
  /** `_wpcf7_unit_tag`; the form's default (`wpcf7-f{id}-o1`) when not given. */
  unitTag?: string;
  clientIp: string;
  userAgent: string;
  user: SessionUser | null;
  requestOrigin: string | null;
  now?: number;
}

/** The unit tag Contact Form 7 renders (`wpcf7-f12-p34-o1`, `wpcf7-f12-o1`); its form id must be the form's. */
export function unitTagValid(unitTag: string, formId: number): boolean {
  const m = /^wpcf7-f([0-9]+)(?:-p[0-9]+)?-o[0-9]+$/.exec(unitTag);
  return !!m && Number(m[1]) === formId;
}


/** Runs the pipeline; throws 404 for an unknown form and 429 when the address is over its limit. */
export async function submit(services: Services, input: SubmitInput): Promise<FeedbackResponse> {
  const def = await getDefinition(services.db, input.formId);
  if (!def) throw new HttpError(404, 'not_found', 'The requested contact form was not found.');
  const now = input.now ?? Date.now();
  const unitTag = input.unitTag ?? defaultUnitTag(def.id);
  const settings = effectiveSettings(def.settings);
  const secret = services.config.sessionSecret;
  const names = new Set(def.tags.filter((t) => t.name && t.type !== 'count' && t.type !== 'submit' && t.type !== 'response').map((t) => t.name));
  const values: PostedValues = {};
  for (const name of names) if (input.fields[name] !== undefined) values[name] = input.fields[name]!;
  const posted_data_hash = postedDataHash(def.id, values);
  const answer = (status: SubmissionStatus, text: string, invalid: InvalidField[] = []): FeedbackResponse => {
    const quiz = quizRefill(secret, def);
    return { contact_form_id: def.id, status, message: text, posted_data_hash, into: `#${unitTag}`, invalid_fields: invalid, ...(quiz ? { quiz } : {}) };
  };

  if (settings.subscribersOnly && !input.user) return answer('aborted', t('forms.subscribersOnly'));

  // 1. Validation: the shared rules, then the quiz answers and the files' content.
  const fileTags = def.tags.filter((t) => t.type === 'file' && t.name);
  const files: Record<string, IncomingFile[]> = {};
  for (const t of fileTags) files[t.name] = (input.files[t.name] ?? []).filter((f) => f.name !== '' || f.data.length > 0);
  const fileInfo: PostedFiles = Object.fromEntries(Object.entries(files).map(([k, list]) => [k, list.map((f) => ({ name: f.name, size: f.data.length, type: f.type }))]));
  const invalid = validate(def, values, fileInfo, { unitTag });
  const isInvalid = (name: string) => invalid.some((f) => f.field === name);
  for (const tag of def.tags) {
    if (tag.type !== 'quiz' || !tag.name || isInvalid(tag.name)) continue;
    const given = valuesOf(values, tag.name)[0] ?? '';
    const hash = String(([] as string[]).concat(input.fields[`${QUIZ_ANSWER_PREFIX}${tag.name}`] ?? '')[0] ?? '');
    if (!quizAnswerOk(secret, def.id, tag.name, given, hash)) invalid.push(invalidField(tag, message(def, 'quiz_answer_not_correct'), unitTag));
  }
  const accepted: MailFile[] = [];
  // Pictures: the store's pixel limit, as for catalog uploads (read only when a picture came).
  let maxPixels: number | undefined;
  const pixelLimit = async () => (maxPixels ??= megapixels((await getSettings(services.db)).imageMaxMegapixels));
  for (const tag of fileTags) {
    if (isInvalid(tag.name)) continue;
    for (const f of files[tag.name] ?? []) {
      const verdict = checkUpload(f, tag.options.filetypes, tag.options.limit ?? Number.MAX_SAFE_INTEGER);
      if (!verdict.ok) {
        invalid.push(invalidField(tag, message(def, verdict.reason === 'size' ? 'upload_file_too_large' : 'upload_file_type_invalid'), unitTag));
        break;
      }
      const picture = await checkPicture(f.data, verdict.mime, await pixelLimit());
      if (!picture.ok) {
        const text = picture.reason === 'pixels' ? `${message(def, 'upload_file_too_large')} ${picture.detail}` : message(def, 'upload_file_type_invalid');
        invalid.push(invalidField(tag, text, unitTag));
        break;
      }
      accepted.push({ field: tag.name, name: verdict.name, type: verdict.mime, data: f.data });
    }
  }
  if (invalid.length) {
    const order = [...names];
    invalid.sort((a, b) => order.indexOf(a.field) - order.indexOf(b.field));
    return answer('validation_failed', message(def, 'validation_error'), invalid);
  }

  // 2. Acceptance.
  if (!settings.acceptanceAsValidation && missingAcceptance(def, values).length) return answer('acceptance_missing', message(def, 'accept_terms'));

  // Values as mailed and stored: free-text answers joined to their option.
  const stored: Record<string, string | string[]> = { ...values };
  for (const tag of def.tags) {
    if (!tag.options.free_text || (tag.type !== 'checkbox' && tag.type !== 'radio')) continue;
    const last = tag.values[tag.values.length - 1];
    const text = String(([] as string[]).concat(input.fields[`${FREE_TEXT_PREFIX}${tag.name}`] ?? '')[0] ?? '').trim().slice(0, 400);
    if (!last || !text) continue;
    const list = valuesOf(values, tag.name).map((v) => (v === last.label ? `${v}: ${text}` : v));
    stored[tag.name] = Array.isArray(values[tag.name]) ? list : (list[0] ?? '');
  }

  // 3. Spam checks. The per-address limit refuses outright (nothing stored); the others store the submission as spam.
  const wait = await submissionLimiter(services).hit(`forms:${input.clientIp}`);
  if (wait > 0) throw new HttpError(429, 'rate_limited', t('forms.tooMany'), undefined, { 'retry-after': String(wait) });
  const spamReason = await spamCheck(services, def, input, settings.minFillSeconds, posted_data_hash, now);
  if (spamReason) {
    if (!settings.demoMode) await store(services, def.id, 'spam', spamReason, stored, posted_data_hash, input, now, []);
    return answer('spam', message(def, 'spam'));
  }

  if (settings.demoMode) return answer('mail_sent', message(def, 'mail_sent_ok'));

  // 4. Uploads, kept under random names (attached to the mail from memory).
  const kept: { file: MailFile; stored: string }[] = [];
  try {
    for (const f of accepted) kept.push({ file: f, stored: await storeUpload(services.config.dataDir, f.data) });
  } catch (err) {
    services.log.error({ err }, 'storing a contact form upload failed');
    for (const k of kept) await removeUpload(services.config.dataDir, k.stored);
    return answer('mail_failed', message(def, 'upload_failed'));
  }

  // 5. Mail.
  let status: StoredStatus = 'mail_sent';
  let reason = '';
  if (!settings.skipMail) {
    const failure = await sendMails(services, def, stored, accepted, input, now);
    if (failure) {
      status = 'mail_failed';
      reason = failure;
    }
  }

  // 6. Store.
  try {
    await store(services, def.id, status, reason, stored, posted_data_hash, input, now, kept);
  } catch (err) {
    services.log.error({ err, form: def.id }, 'storing a contact form submission failed');
    for (const k of kept) await removeUpload(services.config.dataDir, k.stored);
    if (status === 'mail_sent') return answer('mail_sent', message(def, 'mail_sent_ok'));
    return answer('mail_failed', message(def, 'mail_sent_ng'));
  }
  return status === 'mail_sent' ? answer('mail_sent', message(def, 'mail_sent_ok')) : answer('mail_failed', message(def, 'mail_sent_ng'));
}

async function spamCheck(services: Services, def: FormDefinition, input: SubmitInput, minFillSeconds: number, hash: string, now: number): Promise<string> {
  const first = (name: string) => String(([] as string[]).concat(input.fields[name] ?? '')[0] ?? '');
  if (first(HONEYPOT_FIELD).trim() !== '') return 'honeypot field filled';
  if (!input.userAgent.trim()) return 'no user agent';
  const started = verifyStartToken(services.config.sessionSecret, first(STARTED_FIELD), now);
  if (started === null) return 'missing or invalid start time';
  if (now - started < minFillSeconds * 1000) return `sent ${Math.max(0, Math.round((now - started) / 100) / 10)} s after the form was shown`;
  const since = new Date(now - DUPLICATE_WINDOW_MS).toISOString();
  const dup = await services.db
    .selectFrom('contact_submissions')
    .select('id')
    .where('hash', '=', hash)
    .where('form_id', '=', def.id)
    .where('created_at', '>=', since)
    .where('status', '!=', 'spam')
    .executeTakeFirst();
  if (dup) return `duplicate of submission ${dup.id}`;
  return '';
}

async function store(
  services: Services,
  formId: number,
  status: StoredStatus,
  reason: string,
  fields: Record<string, string | string[]>,
  hash: string,
  input: SubmitInput,
  now: number,
  kept: { file: MailFile; stored: string }[],
): Promise<number> {
  const created = new Date(now).toISOString();
  return services.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('contact_submissions')
      .values({
        form_id: formId,
        status,
        reason: reason.slice(0, 500),
        fields: JSON.stringify(fields),
        hash,
        ip: input.clientIp.slice(0, 64),
        user_agent: input.userAgent.slice(0, 500),
        user_id: input.user?.id ?? null,
        created_at: created,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const k of kept) {
      await trx
        .insertInto('contact_uploads')
        .values({ submission_id: row.id, field: k.file.field, original_name: k.file.name, stored_name: k.stored, size: k.file.data.length, type: k.file.type, created_at: created })
        .execute();
    }
    return row.id;
  });
}

/** The refill answer: a new quiz question per quiz, and a fresh signed start time. */
export async function refill(services: Services, formId: number, now: number = Date.now()): Promise<{ quiz?: Record<string, [string, string]>; captcha?: Record<string, string>; started: string }> {
  const def = await getDefinition(services.db, formId);
  if (!def) throw new HttpError(404, 'not_found', 'The requested contact form was not found.');
  const quiz = quizRefill(services.config.sessionSecret, def);
  return { ...(quiz ? { quiz } : {}), started: issueStartToken(services.config.sessionSecret, now) };
}

/** Folds posted entries into fields (`name[]` → `name`, repeated names → lists) and files. */
export async function readPostedForm(form: FormData | URLSearchParams | Record<string, string | string[]>): Promise<{ fields: Record<string, string | string[]>; files: Record<string, IncomingFile[]> }> {
  const fields: Record<string, string | string[]> = Object.create(null);
  const files: Record<string, IncomingFile[]> = Object.create(null);
  const entries: [string, unknown][] =
    form instanceof FormData || form instanceof URLSearchParams ? [...(form as FormData).entries()] : Object.entries(form).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, x] as [string, unknown]) : [[k, v] as [string, unknown]]));
  for (const [rawKey, value] of entries) {
    const isList = rawKey.endsWith('[]');
    const key = isList ? rawKey.slice(0, -2) : rawKey;
    if (!key || key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
    if (typeof value === 'string') {
      if (unstorable(value)) throw new HttpError(400, 'invalid', `${key.slice(0, 100)}: contains a character that cannot be stored (NUL or an unpaired surrogate)`, { [key.slice(0, 100)]: 'Contains a character that cannot be stored' });
      const prev = fields[key];
      if (prev === undefined) fields[key] = isList ? [value] : value;
      else fields[key] = ([] as string[]).concat(prev, value);
    } else if (value && typeof value === 'object' && 'arrayBuffer' in value) {
      const f = value as File;
      if (!f.name && f.size === 0) continue;
      (files[key] ??= []).push({ name: f.name, type: f.type, data: Buffer.from(await f.arrayBuffer()) });
    }
  }
  return { fields, files };
}

export interface PageSubmitResult {
  response: FeedbackResponse;
  /** What the visitor typed, to put back in the form (no files, no hidden fields of the machinery). */
  values: Record<string, string | string[]>;
}

/**
 * The form post without JavaScript: the /contact page's action (or any page embedding a form)
 * hands over its request context, the form id and the parsed body (multipart FormData or
 * urlencoded); the answer is the same feedback response as the REST call's plus the values
 * to show again. 404 (HttpError) for an unknown form; the per-address limit answers
 * `aborted` with a message instead of throwing.
 */
export async function submitFromPage(ctx: RequestContext, formId: number, body: FormData | URLSearchParams | Record<string, string | string[]>, userAgent: string): Promise<PageSubmitResult> {
  const { fields, files } = await readPostedForm(body);
  const unit = ([] as string[]).concat(fields['_wpcf7_unit_tag'] ?? '')[0] ?? '';
  const def = await getDefinition(ctx.services.db, formId);
  if (!def) throw new HttpError(404, 'not_found', 'The requested contact form was not found.');
  const values: Record<string, string | string[]> = {};
  for (const t of def.tags) if (t.name && t.type !== 'file' && t.type !== 'quiz' && fields[t.name] !== undefined) values[t.name] = fields[t.name]!;
  try {
    const response = await submit(ctx.services, {
      formId,
      fields,
      files,
      unitTag: unit && unitTagValid(unit, formId) ? unit : undefined,
      clientIp: ctx.clientIp,
      userAgent,
      user: ctx.user,
      requestOrigin: ctx.requestOrigin,
    });
    return { response, values: response.status === 'mail_sent' ? {} : values };
  } catch (err) {
    if (err instanceof HttpError && err.status === 429) {
      const unitTag = unit && unitTagValid(unit, formId) ? unit : defaultUnitTag(formId);
      return { response: { contact_form_id: formId, status: 'aborted', message: err.message, posted_data_hash: '', into: `#${unitTag}`, invalid_fields: [] }, values };
    }
    throw err;
  }
}
