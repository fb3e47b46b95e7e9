/**
 * A contact form's mails from its templates: `[field]` takes the posted value (for choices the
 * value after the pipe, `[_raw_field]` the label shown), `[_site_title]` and the other special
 * tags their value. What a sender typed can never become a header or a recipient: in headers
 * line breaks and control characters become spaces, in address headers also `< > , ; : " \`
 * and brackets go, and only well-formed addresses are kept. HTML mails escape every value.
 */
import type { MailMessage } from '../../lib/mail.server.ts';
import type { FormDefinition, MailTemplate } from './definition.ts';
import { isEmail } from './value-checks.ts';

export interface MailFile {
  field: string;
  name: string;
  type: string;
  data: Buffer;
}

export interface MailContext {
  def: Pick<FormDefinition, 'tags' | 'title' | 'id'>;
  /** Posted values by field name (labels for choices, as the browser sent them). */
  fields: Record<string, string | string[]>;
  files: MailFile[];
  /** `_site_title`, `_site_url`, `_site_admin_email`, `_date`, `_time`, `_remote_ip`, `_user_agent`, `_form_title`, `_serial_number`, … without the brackets. */
  special: Record<string, string>;
  /** MAIL_FROM: the sender when the template gives none that is valid. */
  defaultFrom: string;
}

type Mode = 'text' | 'html' | 'header' | 'address';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
// eslint-disable-next-line no-control-regex -- control characters are what is removed
const oneLine = (s: string) => s.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ');

function valueOf(ctx: MailContext, name: string, raw: boolean): string | undefined {
  if (name.startsWith('_')) return ctx.special[name.slice(1)];
  const tag = ctx.def.tags.find((t) => t.name === name && t.type !== 'count');
  if (!tag) return undefined;
  if (tag.type === 'file') return ctx.files.filter((f) => f.field === name).map((f) => f.name).join(', ');
  const posted = ([] as string[]).concat(ctx.fields[name] ?? []);
  if (tag.type === 'select' || tag.type === 'checkbox' || tag.type === 'radio') {
    return posted
      .map((label) => {
        if (raw) return label;
        const choice = tag.values.find((v) => v.label === label);
        if (choice) return choice.value;
        // A free-text answer is posted as "label: text" (see the pipeline).
        const free = tag.values.find((v) => label.startsWith(`${v.label}: `));
        return free ? `${free.value}${label.slice(free.label.length)}` : label;
      })
      .join(', ');
  }
  if (tag.type === 'acceptance') return posted.length ? tag.content || '1' : '';
  return posted.join(', ');
}

/** Replaces the mail-tags of `text`; unknown tags are left as written. */
export function substitute(text: string, ctx: MailContext, mode: Mode): string {
  return text.replace(/\[(_raw_)?([A-Za-z_][-A-Za-z0-9_:.]*)\]/g, (whole, rawPrefix: string | undefined, name: string) => {
    const value = valueOf(ctx, name, rawPrefix !== undefined);
    if (value === undefined) return whole;
    switch (mode) {
      case 'html':
        return escapeHtml(value).replace(/\r?\n/g, '<br>');
      case 'header':
        return oneLine(value);
      case 'address':
        return oneLine(value).replace(/[<>,;:"\\()[\]]/g, ' ');
      default:
        return value;
    }
  });
}

export interface Address {
  name: string;
  address: string;
}

/** Addresses of an address header after substitution; malformed entries are dropped. */
export function parseAddresses(text: string): Address[] {
  const out: Address[] = [];
  for (const part of oneLine(text).split(/[,;](?=(?:[^"]*"[^"]*")*[^"]*$)/)) {
    const p = part.trim();
    if (!p) continue;
    const m = /^(.*?)<([^<>\s]+)>\s*$/.exec(p);
    const address = (m ? m[2]! : p).trim();
    const name = (m ? m[1]! : '').replace(/["\\]/g, '').trim();
    if (isEmail(address)) out.push({ name, address });
  }
  return out;
}

export const formatAddress = (a: Address) => (a.name ? `"${a.name}" <${a.address}>` : a.address);

/** At most this many recipients per mail, over To, Cc and Bcc. */
export const MAX_RECIPIENTS = 20;

/**
 * The message a template makes, or null when it has no valid recipient (with why). Files
 * named in `attachments` (`[your-file]`) are attached under their cleaned names.
 */
export function composeMail(template: MailTemplate, ctx: MailContext): { message: MailMessage } | { error: string } {
  const to = parseAddresses(substitute(template.to, ctx, 'address'));
  if (to.length === 0) return { error: 'no valid recipient in "To"' };
  const from = parseAddresses(substitute(template.from, ctx, 'address'))[0];
  const headers: { replyTo?: string; cc?: string; bcc?: string } = {};
  for (const line of template.additionalHeaders.split(/\r?\n/)) {
    const m = /^\s*(reply-to|cc|bcc)\s*:(.*)$/i.exec(line);
    if (!m) continue;
    const list = parseAddresses(substitute(m[2]!, ctx, 'address'));
    if (list.length === 0) continue;
    const key = m[1]!.toLowerCase() === 'reply-to' ? 'replyTo' : (m[1]!.toLowerCase() as 'cc' | 'bcc');
    headers[key] = list.map(formatAddress).join(', ');
  }
  const count = to.length + (headers.cc?.split(',').length ?? 0) + (headers.bcc?.split(',').length ?? 0);
  if (count > MAX_RECIPIENTS) return { error: `more than ${MAX_RECIPIENTS} recipients` };
  const subject = substitute(template.subject, ctx, 'header').trim().slice(0, 250);
  let text: string;
  let html: string;
  if (template.html) {
    html = substitute(template.body, ctx, 'html');
    text = html
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/p>/gi, '\n\n')
      .replace(/<[^>]*>/g, '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
  } else {
    text = substitute(template.body, ctx, 'text');
    html = `<pre style="font-family:inherit;white-space:pre-wrap">${escapeHtml(text)}</pre>`;
  }
  const wanted = new Set([...template.attachments.matchAll(/\[([A-Za-z][-A-Za-z0-9_:.]*)\]/g)].map((m) => m[1]!));
  const attachments = ctx.files.filter((f) => wanted.has(f.field)).map((f) => ({ filename: f.name, content: f.data, contentType: f.type }));
  return {
    message: {
      kind: 'other',
      to: to.map(formatAddress).join(', '),
      from: from ? formatAddress(from) : ctx.defaultFrom,
      subject,
      text,
      html,
      ...headers,
      ...(attachments.length ? { attachments } : {}),
    },
  };
}
