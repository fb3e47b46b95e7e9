/**
 * The admin editor's form fields (`title`, `source`, `mail.to`, `mail2.active`,
 * `messages.mail_sent_ok`, `settings.demoMode`, …) as the object build.ts validates.
 */
import { MESSAGE_KEYS, type MailTemplate } from '../definition.ts';

export const MAIL_FIELDS = ['to', 'from', 'subject', 'additionalHeaders', 'body', 'attachments'] as const;
export const SETTING_FLAGS = ['demoMode', 'subscribersOnly', 'acceptanceAsValidation', 'skipMail'] as const;
export const SETTING_NUMBERS = ['uploadRetentionDays', 'minFillSeconds'] as const;

function text(form: FormData, name: string): string {
  const v = form.get(name);
  return typeof v === 'string' ? v.replace(/\r\n?/g, '\n') : '';
}

function mail(form: FormData, prefix: 'mail' | 'mail2'): MailTemplate {
  const out = { active: form.get(`${prefix}.active`) === '1', html: form.get(`${prefix}.html`) === '1' } as MailTemplate;
  for (const f of MAIL_FIELDS) out[f] = text(form, `${prefix}.${f}`);
  return out;
}

/** The posted editor as the shape of build.ts's formInputSchema (validated there). */
export function editorInput(form: FormData) {
  const messages: Record<string, string> = {};
  for (const k of MESSAGE_KEYS) {
    const v = text(form, `messages.${k}`).trim();
    if (v) messages[k] = v;
  }
  const settings: Record<string, boolean | number> = {};
  for (const k of SETTING_FLAGS) settings[k] = form.get(`settings.${k}`) === '1';
  for (const k of SETTING_NUMBERS) {
    const v = text(form, `settings.${k}`).trim();
    if (v !== '') settings[k] = /^\d+$/.test(v) ? Number(v) : Number.NaN;
  }
  return {
    title: text(form, 'title'),
    locale: text(form, 'locale') || 'en-US',
    source: text(form, 'source'),
    mail: mail(form, 'mail'),
    mail2: mail(form, 'mail2'),
    messages,
    settings,
  };
}
