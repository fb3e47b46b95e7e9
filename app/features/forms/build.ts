/**
 * From what the owner edits (title, template, mails, messages, settings) to the stored
 * FormDefinition, and from that to what visitors may see. Pure and browser-safe: the admin's
 * live preview builds the same definition the server stores.
 */
import { z } from 'zod';
import {
  formSettingsSchema,
  mailTemplateSchema,
  MESSAGE_KEYS,
  type FormDefinition,
  type FormSettings,
  type MailTemplate,
  type MessageKey,
  type ParseIssue,
  type TemplateNode,
} from './definition.ts';
import { parseTemplate } from './parse.ts';
import { DEFAULT_MESSAGES } from './rules.ts';

const EMPTY_MAIL: MailTemplate = { active: false, to: '', from: '', subject: '', additionalHeaders: '', body: '', attachments: '', html: false };

/** A form as the admin saves it (create and update). */
export const formInputSchema = z.object({
  title: z.string().trim().min(1, 'Give the form a title').max(200),
  locale: z.string().trim().min(2).max(20).default('en-US'),
  source: z.string().max(100_000, 'The template is too long'),
  mail: mailTemplateSchema.default(EMPTY_MAIL),
  mail2: mailTemplateSchema.default(EMPTY_MAIL),
  messages: z.partialRecord(z.enum(MESSAGE_KEYS), z.string().max(1000)).default({}),
  settings: formSettingsSchema.default({ demoMode: false, subscribersOnly: false, acceptanceAsValidation: false, skipMail: false }),
});
export type FormInput = z.input<typeof formInputSchema>;
export type ParsedFormInput = z.output<typeof formInputSchema>;

/** Every message, the owner's wording where given, else Contact Form 7's default. */
export function fullMessages(own: Partial<Record<MessageKey, string>>): Record<MessageKey, string> {
  const out = { ...DEFAULT_MESSAGES };
  for (const k of MESSAGE_KEYS) {
    const v = own[k];
    if (v !== undefined && v.trim() !== '') out[k] = v;
  }
  return out;
}

/** Parses the template and assembles the definition (issues as the parser found them). */
export function buildDefinition(id: number, input: ParsedFormInput): { definition: FormDefinition; issues: ParseIssue[] } {
  const { template, tags, issues } = parseTemplate(input.source);
  const definition: FormDefinition = {
    id,
    title: input.title,
    locale: input.locale,
    template,
    tags,
    mail: input.mail,
    mail2: input.mail2,
    messages: fullMessages(input.messages),
    settings: input.settings,
  };
  for (const [key, mail] of [['mail', input.mail] as const, ['mail2', input.mail2] as const]) {
    if (!mail.active) continue;
    const names = new Set(tags.map((t) => t.name).filter(Boolean));
    for (const m of `${mail.to} ${mail.subject} ${mail.body} ${mail.additionalHeaders} ${mail.attachments}`.matchAll(/\[([A-Za-z][-A-Za-z0-9_:.]*)\]/g)) {
      const name = m[1]!;
      if (!names.has(name) && !name.startsWith('_')) issues.push({ line: 1, column: 1, message: `${key === 'mail' ? 'Mail' : 'Mail (2)'}: [${name}] is not a field of this form`, severity: 'warning' });
    }
    if (!mail.to.trim()) issues.push({ line: 1, column: 1, message: `${key === 'mail' ? 'Mail' : 'Mail (2)'}: "To" is empty`, severity: 'error' });
  }
  return { definition, issues };
}

/** The definition as visitors and headless clients get it: no mails, no quiz answers, no pipe values. */
export type PublicFormDefinition = Omit<FormDefinition, 'mail' | 'mail2'>;

export function publicDefinition(def: FormDefinition): PublicFormDefinition {
  const strip = (tag: FormDefinition['tags'][number]) => ({
    ...tag,
    values: tag.values.map((v) => (tag.type === 'quiz' ? { label: v.label, value: '' } : { label: v.label, value: v.label })),
  });
  const walk = (nodes: TemplateNode[]): TemplateNode[] =>
    nodes.map((n) => (n.kind === 'tag' ? { kind: 'tag', tag: strip(n.tag) } : n.kind === 'element' ? { ...n, children: walk(n.children) } : n));
  const { mail: _mail, mail2: _mail2, ...rest } = def;
  return { ...rest, template: walk(def.template), tags: def.tags.map(strip) };
}

/** Settings with the defaults the pipeline uses when an optional one is not given. */
export function effectiveSettings(s: FormSettings): Required<FormSettings> {
  return {
    ...s,
    uploadRetentionDays: s.uploadRetentionDays ?? 30,
    minFillSeconds: s.minFillSeconds ?? 3,
  };
}
