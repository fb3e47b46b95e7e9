/**
 * What a rendered contact form shows besides its template: the answer of the last submission,
 * the shopper's values after a post without scripts, quiz questions. Pure: runs in both places.
 */
import type { FeedbackResponse, FormDefinition, FormTag, InvalidField, TemplateNode } from '../definition.ts';

/** The shopper's values as posted: one string, or several (checkbox groups, multiple selects). */
export type PostedValues = Record<string, string | string[]>;

/** A quiz field's question and the hash of its answer (checked by the server). */
export interface QuizChallenge {
  question: string;
  hash: string;
}

/** Everything a page hands the form component; serialisable (loader data). */
export interface ContactFormProps {
  /** The form without its mail templates (build.ts publicDefinition). */
  form: PublicForm;
  /** `wpcf7-f{id}-p{post}-o1`. */
  unitTag: string;
  containerPost: number;
  version: string;
  /** The page the form posts to without scripts. */
  action: string;
  quiz: Record<string, QuizChallenge>;
  /** Extra hidden fields the server's spam checks read (honeypot, render time). */
  hidden?: Record<string, string>;
  /** Which of `hidden` holds the signed time the form was shown (renewed by the refill call). */
  startedField?: string;
  /** Name of the honeypot text field, rendered hidden from people. */
  honeypot?: string;
  /** The answer to a post without scripts, with what was entered. */
  result?: { response: FeedbackResponse; values: PostedValues } | null;
}

/** Mutable part of the form's look, driven by answers. */
export interface FormView {
  status: string;
  message: string;
  invalid: InvalidField[];
}

export const INITIAL_VIEW: FormView = { status: 'init', message: '', invalid: [] };

/** Contact Form 7's class for each status (anything else becomes a class of its own). */
export function statusClass(status: string): string {
  switch (status) {
    case 'validation_failed':
      return 'invalid';
    case 'acceptance_missing':
      return 'unaccepted';
    case 'mail_sent':
      return 'sent';
    case 'mail_failed':
      return 'failed';
    case 'init':
    case 'spam':
    case 'aborted':
    case 'submitting':
    case 'resetting':
      return status;
    default:
      return status.replace(/[^0-9a-z]+/gi, ' ').trim().replace(/\s+/g, '-') || 'init';
  }
}

/** The form as pages get it: no mail templates (addresses, wording), no quiz answers. */
export type PublicForm = Omit<FormDefinition, 'mail' | 'mail2'>;

/** Control id used for links from the error list when the template gives none. */
export function controlId(unitTag: string, tag: FormTag): string {
  return tag.options.id ?? `${unitTag}-${tag.name}`;
}

/** Tags that hold a shopper's value. */
export function isInput(tag: FormTag): boolean {
  return tag.type !== 'count' && tag.type !== 'submit' && tag.type !== 'response';
}

/** 1-based default choices (`default:1_3`) as 0-based indexes. */
export function defaultIndexes(tag: FormTag): Set<number> {
  const out = new Set<number>();
  for (const d of tag.options.default) for (const n of d.split('_')) if (/^\d+$/.test(n)) out.add(Number(n) - 1);
  return out;
}

/** Name prefix of the text input beside a free-text option (Contact Form 7's). */
export const FREE_TEXT_PREFIX = '_wpcf7_free_text_';

/** Longest text a text-like field takes when the template does not say. */
export const DEFAULT_MAXLENGTH = 400;

export function maxLengthOf(tag: FormTag | undefined): number | undefined {
  if (!tag) return undefined;
  if (['text', 'email', 'url', 'tel', 'textarea'].includes(tag.type)) return tag.options.maxlength ?? DEFAULT_MAXLENGTH;
  return tag.options.maxlength;
}

/** Each field's visible label: the template text just before its tag (`Your name` for `[text your-name]`). */
export function fieldLabels(nodes: TemplateNode[], out: Record<string, string> = {}, last = { text: '' }): Record<string, string> {
  for (const node of nodes) {
    if (node.kind === 'text' && node.text.trim()) last.text = node.text.trim();
    else if (node.kind === 'tag' && node.tag.name && !(node.tag.name in out) && last.text) out[node.tag.name] = last.text;
    else if (node.kind === 'element') fieldLabels(node.children, out, last);
  }
  return out;
}
