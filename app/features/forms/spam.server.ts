/**
 * The spam checks' server parts: quiz answers checked against a keyed hash, the signed "form
 * started" time (handed out per visitor by the page render or the refill call, never baked
 * into a shared page), the posted-data hash for duplicates, and the per-address limiter.
 */
import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { FormDefinition, FormTag } from './definition.ts';
import { sharedRateLimiter, type RateLimiter } from '../../lib/rate-limit.server.ts';
import type { Services } from '../../lib/services.server.ts';

/** Hidden field that must stay empty (people do not see it; form-filling robots fill it). */
export const HONEYPOT_FIELD = '_wpcf7_vt_hp';
/** Hidden field holding the signed time the form was shown (issueStartToken). */
export const STARTED_FIELD = '_wpcf7_vt_started';
/** Prefix of the hidden field holding a quiz's answer hash, as Contact Form 7 names it. */
export const QUIZ_ANSWER_PREFIX = '_wpcf7_quiz_answer_';
/** A started time older than this is no longer accepted (the visitor reloads or the island refills). */
export const STARTED_MAX_AGE_MS = 7 * 86_400_000;
/** The same data sent again within this time is a duplicate. */
export const DUPLICATE_WINDOW_MS = 60 * 60_000;
/** Submissions per address and window, over all forms. */
export const SUBMISSIONS_PER_WINDOW = 5;
export const SUBMISSION_WINDOW_MS = 10 * 60_000;

const sign = (secret: string, what: string) => createHmac('sha256', secret).update(what).digest('base64url');

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Quiz answers compare lower-cased, trimmed, with runs of spaces as one. */
export const normalizeAnswer = (answer: string) => answer.normalize('NFKC').trim().toLowerCase().replace(/\s+/g, ' ');

export function quizHash(secret: string, formId: number, field: string, answer: string): string {
  return sign(secret, `quiz\u0000${formId}\u0000${field}\u0000${normalizeAnswer(answer)}`).slice(0, 32);
}

/** One of the quiz's questions and its answer hash: `[question, hash]`, as CF7's refill sends it. */
export function quizChallenge(secret: string, formId: number, tag: FormTag, pick: number = randomInt(Math.max(1, tag.values.length))): [string, string] {
  const choice = tag.values[pick % Math.max(1, tag.values.length)];
  if (!choice) return ['', ''];
  return [choice.label, quizHash(secret, formId, tag.name, choice.value)];
}

/** A fresh question for every quiz of the form (the refill call's `quiz`). */
export function quizRefill(secret: string, def: Pick<FormDefinition, 'id' | 'tags'>): Record<string, [string, string]> | undefined {
  const quizzes = def.tags.filter((t) => t.type === 'quiz' && t.name);
  if (quizzes.length === 0) return undefined;
  return Object.fromEntries(quizzes.map((t) => [t.name, quizChallenge(secret, def.id, t)]));
}

export function quizAnswerOk(secret: string, formId: number, field: string, answer: string, hash: string): boolean {
  if (!hash || !answer.trim()) return false;
  return sameText(quizHash(secret, formId, field, answer), hash);
}

/** `<ms>.<signature>`: when a visitor was given the form. */
export function issueStartToken(secret: string, now: number = Date.now()): string {
  return `${now}.${sign(secret, `started\u0000${now}`).slice(0, 32)}`;
}

/** The verified start time of a token, or null when it is missing, forged or too old. */
export function verifyStartToken(secret: string, token: string | undefined, now: number = Date.now()): number | null {
  const m = /^([0-9]{1,16})\.([A-Za-z0-9_-]{32})$/.exec(token ?? '');
  if (!m) return null;
  const t = Number(m[1]);
  if (!sameText(sign(secret, `started\u0000${t}`).slice(0, 32), m[2]!)) return null;
  if (t > now + 60_000 || now - t > STARTED_MAX_AGE_MS) return null;
  return t;
}

/** posted_data_hash: the form and its posted fields, names sorted, values as sent. */
export function postedDataHash(formId: number, fields: Record<string, string | string[]>): string {
  const canonical = Object.keys(fields)
    .sort()
    .map((k) => [k, fields[k]]);
  return createHash('sha256').update(JSON.stringify([formId, canonical])).digest('hex').slice(0, 32);
}

const limiters = new WeakMap<object, RateLimiter>();
/** The per-address submission limiter of this app (the project's fixed-window limiter). */
export function submissionLimiter(services: Pick<Services, 'config' | 'shared'>): RateLimiter {
  let l = limiters.get(services);
  if (!l) limiters.set(services, (l = sharedRateLimiter(services, 'forms', SUBMISSIONS_PER_WINDOW, SUBMISSION_WINDOW_MS)));
  return l;
}
