/**
 * The e-mails of a contact form submission: the form's mail to the shop and, when it went,
 * its autoresponder (mail 2), with the shop's special values ([_site_title], [_date]…) filled
 * in; and the inbox's "resend" of a stored submission. A mail server that is down is an
 * answer (why it failed), never an error.
 */
import type { Services } from '../../lib/services.server.ts';
import { HttpError } from '../../lib/http-error.ts';
import { getSettings } from '../settings/settings.server.ts';
import { trustedOrigin } from '../settings/origin.server.ts';
import { shopRecipients } from '../settings/recipients.server.ts';
import type { FormDefinition, MailTemplate } from './definition.ts';
import { readUpload } from './uploads.server.ts';
import { composeMail, type MailFile } from './forms-mail.server.ts';
import { getDefinition } from './forms.server.ts';
import { getSubmission, type StoredStatus } from './submissions.server.ts';

/** Where a submission came from, as its mails tell it. */
export interface MailSource {
  clientIp: string;
  userAgent: string;
  requestOrigin: string | null;
}

/** `Name <address>` → `address`. */
const addressOf = (from: string) => /<([^<>]+)>\s*$/.exec(from)?.[1]?.trim() ?? from.trim();

async function mailContext(services: Services, def: FormDefinition, fields: Record<string, string | string[]>, files: MailFile[], input: MailSource, now: number, serial = '') {
  const settings = await getSettings(services.db);
  const origin = (await trustedOrigin(services, input.requestOrigin)) ?? '';
  // The shop's own address, as for its other e-mails: the notification address, else the first
  // administrator's, else the sender address (a fresh shop before its setup).
  const [shopAddress] = await shopRecipients(services.db, settings);
  const iso = new Date(now).toISOString();
  return {
    def,
    fields,
    files,
    defaultFrom: services.config.mailFrom,
    special: {
      site_title: settings.storeName,
      site_url: origin,
      site_admin_email: shopAddress ?? addressOf(services.config.mailFrom),
      site_description: '',
      date: iso.slice(0, 10),
      time: `${iso.slice(11, 16)} UTC`,
      remote_ip: input.clientIp,
      user_agent: input.userAgent.slice(0, 300),
      form_title: def.title,
      form_id: String(def.id),
      serial_number: serial,
    },
  };
}

/** Sends the mail and, when it went, the autoresponder. Answers why the main mail failed, or ''. */
export async function sendMails(services: Services, def: FormDefinition, fields: Record<string, string | string[]>, files: MailFile[], input: MailSource, now: number): Promise<string> {
  const ctx = await mailContext(services, def, fields, files, input, now);
  const failure = await sendOne(services, def.mail, ctx, 'mail');
  if (failure) return failure;
  if (def.mail2.active) {
    const second = await sendOne(services, def.mail2, ctx, 'mail2');
    if (second) services.log.warn({ form: def.id, reason: second }, 'contact form autoresponder not sent');
  }
  return '';
}

async function sendOne(services: Services, template: MailTemplate, ctx: Awaited<ReturnType<typeof mailContext>>, which: string): Promise<string> {
  if (!template.active) return which === 'mail' ? '' : 'inactive';
  const composed = composeMail(template, ctx);
  if ('error' in composed) {
    services.log.warn({ form: ctx.def.id, which, reason: composed.error }, 'contact form mail not sent');
    return composed.error;
  }
  try {
    await services.mailer.send(composed.message);
    return '';
  } catch (err) {
    services.log.warn({ err, form: ctx.def.id, which }, 'contact form mail failed');
    return `mail server: ${err instanceof Error ? err.message.slice(0, 200) : 'error'}`;
  }
}

/**
 * Sends a stored submission's mail again (the inbox's "resend"), with its files while they are
 * kept; the status becomes mail_sent or mail_failed. Spam is resent too when staff ask: that is
 * how a false positive is delivered.
 */
export async function resendSubmission(services: Services, id: number, requestOrigin: string | null = null): Promise<{ status: StoredStatus; reason: string }> {
  const sub = await getSubmission(services.db, id);
  if (!sub) throw new HttpError(404, 'not_found', 'No such submission.');
  const def = await getDefinition(services.db, sub.formId);
  if (!def) throw new HttpError(404, 'not_found', 'No such submission.');
  const files: MailFile[] = [];
  for (const f of sub.files) {
    if (!f.available) continue;
    const rec = await services.db.selectFrom('contact_uploads').select('stored_name').where('id', '=', f.id).executeTakeFirst();
    const data = rec ? await readUpload(services.config.dataDir, rec.stored_name) : null;
    if (data) files.push({ field: f.field, name: f.name, type: f.type, data });
  }
  const ctx = await mailContext(services, def, sub.fields, files, { clientIp: sub.ip, userAgent: sub.userAgent, requestOrigin }, Date.parse(sub.createdAt), String(sub.id));
  const failure = await sendOne(services, def.mail.active ? def.mail : { ...def.mail, active: true }, ctx, 'mail');
  const status: StoredStatus = failure ? 'mail_failed' : 'mail_sent';
  await services.db.updateTable('contact_submissions').set({ status, reason: failure.slice(0, 500) }).where('id', '=', id).execute();
  return { status, reason: failure };
}
