/** What a mail's layout reads of the store (the store settings have these fields). */
export interface MailBrand {
  storeName: string;
  language: string;
  direction: 'ltr' | 'rtl';
}

export interface MailContent {
  subject: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer?: string;
}

/** Store brand colour used in e-mails (a later issue makes it a theme setting). */
const BRAND = '#1f4b43';

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** One layout for every e-mail: HTML with the store's name and colours, plus a plain-text twin. */
export function renderMail(settings: MailBrand, c: MailContent): { subject: string; text: string; html: string } {
  const text = [
    c.heading,
    '',
    ...c.paragraphs.flatMap((p) => [p, '']),
    ...(c.action ? [`${c.action.label}:`, c.action.url, ''] : []),
    ...(c.footer ? [c.footer, ''] : []),
    `— ${settings.storeName}`,
  ].join('\n');
  const html = `<!doctype html><html lang="${esc(settings.language)}" dir="${settings.direction}"><body style="margin:0;background:#f4f4f2;font-family:system-ui,sans-serif;color:#1b1b1b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#fff;border-radius:8px;overflow:hidden">
<tr><td style="background:${BRAND};color:#fff;padding:16px 24px;font-size:20px;font-weight:600">${esc(settings.storeName)}</td></tr>
<tr><td style="padding:24px"><h1 style="font-size:22px;margin:0 0 16px">${esc(c.heading)}</h1>
${c.paragraphs.map((p) => `<p style="line-height:1.5">${esc(p)}</p>`).join('\n')}
${c.action ? `<p><a href="${esc(c.action.url)}" style="display:inline-block;background:${BRAND};color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${esc(c.action.label)}</a></p><p style="font-size:13px;color:#555">${esc(c.action.url)}</p>` : ''}
${c.footer ? `<p style="font-size:13px;color:#555">${esc(c.footer)}</p>` : ''}
</td></tr></table></td></tr></table></body></html>`;
  return { subject: c.subject, text, html };
}
