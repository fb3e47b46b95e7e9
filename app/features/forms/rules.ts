/**
 * Validation of a submission against a form definition, as Contact Form 7's Schema-Woven
 * Validation (SWV) does it: the definition gives a schema of rules (`swvSchema`, served at
 * `GET …/feedback/schema` with CF7's rule names and properties), and `validate` applies the
 * same rules to posted values. Pure and browser-safe: the island runs the very same function.
 */
import type { FormDefinition, FormTag, InvalidField, MessageKey } from './definition.ts';
import { DEFAULT_FILETYPES, DEFAULT_FILE_LIMIT, TEXT_LIKE } from './tag-reader.ts';
import { dayOfWeek, extensionOf, isDate, isEmail, isNumber, isTel, isTime, isUrl } from './value-checks.ts';

/** Contact Form 7's rule names (its `includes/swv/rules`), plus `empty`. */
export const SWV_RULE_NAMES = [
  'required',
  'requiredfile',
  'empty',
  'maxitems',
  'minitems',
  'email',
  'url',
  'tel',
  'number',
  'date',
  'time',
  'file',
  'enum',
  'dayofweek',
  'minlength',
  'maxlength',
  'minnumber',
  'maxnumber',
  'mindate',
  'maxdate',
  'minfilesize',
  'maxfilesize',
  'stepnumber',
  'all',
  'any',
] as const;
export type SwvRuleName = (typeof SWV_RULE_NAMES)[number];

export interface SwvRule {
  rule: SwvRuleName;
  field?: string;
  error?: string;
  threshold?: number | string;
  /** enum: accepted values; file: `.ext` or MIME types; dayofweek: 1 (Monday) … 7. */
  accept?: (string | number)[];
  /** stepnumber */
  base?: string;
  interval?: string;
  /** all / any: sub-rules. */
  rules?: SwvRule[];
}

export interface SwvSchema {
  version: string;
  locale: string;
  rules: SwvRule[];
}

export const SWV_SCHEMA_VERSION = 'Contact Form 7 SWV Schema 2024-10';

/** Contact Form 7's default wording of every message. */
export const DEFAULT_MESSAGES: Record<MessageKey, string> = {
  mail_sent_ok: 'Thank you for your message. It has been sent.',
  mail_sent_ng: 'There was an error trying to send your message. Please try again later.',
  validation_error: 'One or more fields have an error. Please check and try again.',
  spam: 'There was an error trying to send your message. Please try again later.',
  accept_terms: 'You must accept the terms and conditions before sending your message.',
  invalid_required: 'Please fill out this field.',
  invalid_too_long: 'This field has a too long input.',
  invalid_too_short: 'This field has a too short input.',
  upload_failed: 'There was an unknown error uploading the file.',
  upload_file_type_invalid: 'You are not allowed to upload files of this type.',
  upload_file_too_large: 'The uploaded file is too large.',
  quiz_answer_not_correct: 'The answer to the quiz is incorrect.',
  invalid_date: 'Please enter a date in YYYY-MM-DD format.',
  date_too_early: 'This field has a too early date.',
  date_too_late: 'This field has a too late date.',
  invalid_number: 'Please enter a number.',
  number_too_small: 'This field has a too small number.',
  number_too_large: 'This field has a too large number.',
  invalid_email: 'Please enter an email address.',
  invalid_url: 'Please enter a URL.',
  invalid_tel: 'Please enter a telephone number.',
};

export function message(def: Pick<FormDefinition, 'messages'>, key: MessageKey): string {
  const own = def.messages[key];
  return own !== undefined && own !== '' ? own : DEFAULT_MESSAGES[key];
}

/** Tags that carry values checked by the schema (not count/submit/response). */
function inputTags(def: Pick<FormDefinition, 'tags'>): FormTag[] {
  return def.tags.filter((t) => t.type !== 'count' && t.type !== 'submit' && t.type !== 'response' && t.name !== '');
}

/** The rules of one tag, in the order Contact Form 7 checks them (the first failing one is reported). */
export function tagRules(def: Pick<FormDefinition, 'messages'>, tag: FormTag): SwvRule[] {
  const field = tag.name;
  const o = tag.options;
  const msg = (k: MessageKey) => message(def, k);
  const rules: SwvRule[] = [];
  switch (tag.type) {
    case 'text':
    case 'email':
    case 'url':
    case 'tel':
    case 'textarea':
      if (tag.required) rules.push({ rule: 'required', field, error: msg('invalid_required') });
      if (tag.type === 'email') rules.push({ rule: 'email', field, error: msg('invalid_email') });
      if (tag.type === 'url') rules.push({ rule: 'url', field, error: msg('invalid_url') });
      if (tag.type === 'tel') rules.push({ rule: 'tel', field, error: msg('invalid_tel') });
      if (o.minlength !== undefined) rules.push({ rule: 'minlength', field, threshold: o.minlength, error: msg('invalid_too_short') });
      if (o.maxlength !== undefined) rules.push({ rule: 'maxlength', field, threshold: o.maxlength, error: msg('invalid_too_long') });
      break;
    case 'number':
    case 'range':
      if (tag.required) rules.push({ rule: 'required', field, error: msg('invalid_required') });
      rules.push({ rule: 'number', field, error: msg('invalid_number') });
      if (o.min !== undefined) rules.push({ rule: 'minnumber', field, threshold: o.min, error: msg('number_too_small') });
      if (o.max !== undefined) rules.push({ rule: 'maxnumber', field, threshold: o.max, error: msg('number_too_large') });
      if (o.step !== undefined) rules.push({ rule: 'stepnumber', field, base: o.min ?? '0', interval: o.step, error: msg('invalid_number') });
      break;
    case 'date':
      if (tag.required) rules.push({ rule: 'required', field, error: msg('invalid_required') });
      rules.push({ rule: 'date', field, error: msg('invalid_date') });
      if (o.min !== undefined) rules.push({ rule: 'mindate', field, threshold: o.min, error: msg('date_too_early') });
      if (o.max !== undefined) rules.push({ rule: 'maxdate', field, threshold: o.max, error: msg('date_too_late') });
      break;
    case 'select':
    case 'checkbox':
    case 'radio': {
      if (tag.required) rules.push({ rule: 'required', field, error: msg('invalid_required') });
      // With first_as_label the first option is a prompt whose value is '' (as Contact Form 7 renders it).
      const choices = tag.type === 'select' && o.first_as_label ? tag.values.slice(1) : tag.values;
      rules.push({ rule: 'enum', field, accept: choices.map((v) => v.label), error: msg('validation_error') });
      const single = tag.type === 'radio' || (tag.type === 'select' && !o.multiple) || (tag.type === 'checkbox' && o.exclusive);
      if (single) rules.push({ rule: 'maxitems', field, threshold: 1, error: msg('validation_error') });
      break;
    }
    case 'file':
      if (tag.required) rules.push({ rule: 'requiredfile', field, error: msg('invalid_required') });
      rules.push({ rule: 'file', field, accept: (o.filetypes.length ? o.filetypes : DEFAULT_FILETYPES).map((e) => `.${e}`), error: msg('upload_file_type_invalid') });
      rules.push({ rule: 'maxfilesize', field, threshold: o.limit ?? DEFAULT_FILE_LIMIT, error: msg('upload_file_too_large') });
      break;
    case 'hidden':
      if (o.maxlength !== undefined) rules.push({ rule: 'maxlength', field, threshold: o.maxlength, error: msg('invalid_too_long') });
      break;
    default:
      break;
  }
  return rules;
}

/** The SWV schema of a form, as `GET …/feedback/schema` answers it. */
export function swvSchema(def: Pick<FormDefinition, 'tags' | 'messages' | 'locale'>): SwvSchema {
  return { version: SWV_SCHEMA_VERSION, locale: def.locale, rules: inputTags(def).flatMap((t) => tagRules(def, t)) };
}

export interface UploadedFileInfo {
  name: string;
  size: number;
  type?: string;
}

export type PostedValues = Record<string, string | string[]>;
export type PostedFiles = Record<string, UploadedFileInfo[]>;

/** Values of a field as a list of non-blank strings (CF7 strips whitespace and drops blanks). */
export function valuesOf(values: PostedValues, field: string): string[] {
  const v = values[field] ?? values[`${field}[]`];
  const list = v === undefined ? [] : Array.isArray(v) ? v : [v];
  return list.map((s) => String(s).trim()).filter((s) => s !== '');
}

function fileAccepted(file: UploadedFileInfo, accept: (string | number)[]): boolean {
  const ext = extensionOf(file.name);
  return accept.some((a) => {
    const s = String(a).toLowerCase();
    if (s.startsWith('.')) return ext !== '' && s === `.${ext}`;
    if (s.endsWith('/*')) return (file.type ?? '').toLowerCase().startsWith(s.slice(0, -1));
    return (file.type ?? '').toLowerCase() === s;
  });
}

/**
 * Checks one rule; true when it holds. Text rules read `values`, file rules read `files`.
 * As in Contact Form 7, every rule but required/requiredfile/minitems passes an empty field.
 */
export function checkRule(rule: SwvRule, values: PostedValues, files: PostedFiles = {}): boolean {
  if (rule.rule === 'all') return (rule.rules ?? []).every((r) => checkRule(r, values, files));
  if (rule.rule === 'any') return (rule.rules ?? []).some((r) => checkRule(r, values, files));
  const field = rule.field ?? '';
  const list = valuesOf(values, field);
  const uploads = files[field] ?? [];
  const threshold = rule.threshold === undefined ? NaN : Number(rule.threshold);
  switch (rule.rule) {
    case 'required':
      return list.length > 0;
    case 'requiredfile':
      return uploads.length > 0;
    case 'empty':
      return list.length === 0 && uploads.length === 0;
    case 'maxitems':
      return !(list.length > threshold);
    case 'minitems':
      return !(list.length < threshold);
    case 'email':
      return list.every(isEmail);
    case 'url':
      return list.every(isUrl);
    case 'tel':
      return list.every(isTel);
    case 'number':
      return list.every(isNumber);
    case 'date':
      return list.every(isDate);
    case 'time':
      return list.every(isTime);
    case 'file':
      return uploads.every((f) => fileAccepted(f, rule.accept ?? []));
    case 'enum': {
      const accept = (rule.accept ?? []).map(String);
      return list.every((v) => accept.includes(v));
    }
    case 'dayofweek': {
      const accept = (rule.accept ?? []).map(Number);
      return list.every((v) => !isDate(v) || accept.includes(dayOfWeek(v)));
    }
    case 'minlength': {
      const total = list.reduce((n, v) => n + [...v].length, 0);
      return total === 0 || !(total < threshold);
    }
    case 'maxlength': {
      const total = list.reduce((n, v) => n + [...v].length, 0);
      return !(total > threshold);
    }
    case 'minnumber':
      return list.every((v) => !isNumber(v) || !(Number(v) < threshold));
    case 'maxnumber':
      return list.every((v) => !isNumber(v) || !(Number(v) > threshold));
    case 'mindate': {
      const t = String(rule.threshold ?? '');
      return list.every((v) => !isDate(v) || !isDate(t) || !(v < t));
    }
    case 'maxdate': {
      const t = String(rule.threshold ?? '');
      return list.every((v) => !isDate(v) || !isDate(t) || !(v > t));
    }
    case 'minfilesize':
      return uploads.length === 0 || !(uploads.reduce((n, f) => n + f.size, 0) < threshold);
    case 'maxfilesize':
      return !(uploads.reduce((n, f) => n + f.size, 0) > threshold);
    case 'stepnumber': {
      const base = Number(rule.base ?? 0);
      const interval = Number(rule.interval);
      if (!(interval > 0)) return true;
      return list.every((v) => {
        if (!isNumber(v)) return true;
        const r = Math.abs((Number(v) - base) % interval);
        return Math.round(r * 1e6) === 0 || Math.round(Math.abs(r - interval) * 1e6) === 0;
      });
    }
    default:
      return true;
  }
}

/** Most characters any field without its own maxlength may hold. */
export const HARD_MAXLENGTH = 10_000;

/** The unit tag of a form rendered alone on a page: `wpcf7-f{id}-o1`. */
export function defaultUnitTag(formId: number): string {
  return `wpcf7-f${formId}-o1`;
}

/** Selector of a field's wrapper, as Contact Form 7 renders it. */
export function wrapperSelector(field: string): string {
  return `span.wpcf7-form-control-wrap[data-name="${field.replace(/["\\]/g, '\\$&')}"]`;
}

export function invalidField(tag: Pick<FormTag, 'name' | 'options'>, messageText: string, unitTag: string): InvalidField {
  return {
    field: tag.name,
    into: wrapperSelector(tag.name),
    message: messageText,
    idref: tag.options.id ?? null,
    error_id: `${unitTag}-ve-${tag.name}`,
  };
}

/**
 * Validates posted values (and uploaded files' names, sizes and types) against a definition:
 * one entry per invalid field, with the message of its first failing rule. Acceptance boxes
 * are reported only on forms where acceptance counts as validation; the quiz answer is
 * checked by the server (it needs the answer hash).
 */
export function validate(def: Pick<FormDefinition, 'id' | 'tags' | 'messages' | 'settings'>, values: PostedValues, files: PostedFiles = {}, opts: { unitTag?: string } = {}): InvalidField[] {
  const unitTag = opts.unitTag ?? defaultUnitTag(def.id);
  const out: InvalidField[] = [];
  for (const tag of inputTags(def)) {
    // Fields without a maxlength (numbers, dates, choices, quiz answers…) still have a ceiling.
    if (tag.options.maxlength === undefined && valuesOf(values, tag.name).reduce((n, v) => n + v.length, 0) > HARD_MAXLENGTH) {
      out.push(invalidField(tag, message(def, 'invalid_too_long'), unitTag));
      continue;
    }
    if (tag.type === 'acceptance') {
      if (def.settings.acceptanceAsValidation && !tag.options.optional && !acceptanceGiven(tag, values)) out.push(invalidField(tag, message(def, 'accept_terms'), unitTag));
      continue;
    }
    if (tag.type === 'quiz') {
      if (valuesOf(values, tag.name).length === 0) out.push(invalidField(tag, message(def, 'quiz_answer_not_correct'), unitTag));
      continue;
    }
    const failed = tagRules(def, tag).find((r) => !checkRule(r, values, files));
    if (failed) out.push(invalidField(tag, failed.error ?? message(def, 'validation_error'), unitTag));
  }
  return out;
}

/** Whether an acceptance box is in its accepted state (checked, or unchecked when inverted). */
export function acceptanceGiven(tag: FormTag, values: PostedValues): boolean {
  const checked = valuesOf(values, tag.name).length > 0;
  return tag.options.invert ? !checked : checked;
}

/** Acceptance boxes that block sending: required ones not in their accepted state. */
export function missingAcceptance(def: Pick<FormDefinition, 'tags'>, values: PostedValues): FormTag[] {
  return def.tags.filter((t) => t.type === 'acceptance' && !t.options.optional && !acceptanceGiven(t, values));
}

/** Text-like tags get a maxlength by default; exported for renderers that show counters. */
export const isTextLike = (tag: FormTag) => TEXT_LIKE.has(tag.type);
