import type { StoreSettings } from '../settings/settings.schema.ts';
import { fillPlaceholders } from '../settings/email-catalog.ts';
import { textDirection } from '../../i18n/runtime.ts';

export interface MailContent {
  subject: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** A titled list of links (a paid order's downloads), after the paragraphs. */
  links?: { heading: string; items: { label: string; url: string }[] };
  footer?: string;
}

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The values every e-mail's texts may use: {site_title} and {site_url}. */
export const sitePlaceholders = (settings: StoreSettings): Record<string, string> => ({ site_title: settings.storeName, site_url: settings.storeUrl });

/**
 * One layout for every e-mail: HTML with the shop's header image (or name), colours and
 * footer text from its e-mail settings (/admin/settings/emails), plus a plain-text twin
 * with the same words.
 */
export function renderMail(settings: StoreSettings, c: MailContent): { subject: string; text: string; html: string } {
  const shopFooter = fillPlaceholders(settings.emailFooterText, sitePlaceholders(settings)).trim();
  const text = [
    c.heading,
    '',
    ...c.paragraphs.flatMap((p) => [p, '']),
    ...(c.links?.items.length ? [`${c.links.heading}:`, ...c.links.items.map((l) => `${l.label}: ${l.url}`), ''] : []),
    ...(c.action ? [`${c.action.label}:`, c.action.url, ''] : []),
    ...(c.footer ? [c.footer, ''] : []),
    `— ${shopFooter || settings.storeName}`,
  ].join('\n');
  const brand = settings.emailBaseColor;
  const top = settings.emailHeaderImage
    ? `<img src="${esc(settings.emailHeaderImage)}" alt="${esc(settings.storeName)}" style="display:block;max-width:100%;height:auto;border:0">`
    : esc(settings.storeName);
  const html = `<!doctype html><html lang="${esc(settings.language)}" dir="${textDirection(settings.language) === 'rtl' ? 'rtl' : settings.direction}"><body style="margin:0;background:${settings.emailBackgroundColor};font-family:system-ui,sans-serif;color:${settings.emailTextColor}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:100%;background:${settings.emailBodyBackgroundColor};border-radius:8px;overflow:hidden">
<tr><td style="background:${brand};color:#fff;padding:16px 24px;font-size:20px;font-weight:600">${top}</td></tr>
<tr><td style="padding:24px"><h1 style="font-size:22px;margin:0 0 16px">${esc(c.heading)}</h1>
${c.paragraphs.map((p) => `<p style="line-height:1.5">${esc(p)}</p>`).join('\n')}
${c.links?.items.length ? `<h2 style="font-size:18px;margin:16px 0 8px">${esc(c.links.heading)}</h2><ul>${c.links.items.map((l) => `<li style="line-height:1.5"><a href="${esc(l.url)}">${esc(l.label)}</a></li>`).join('')}</ul>` : ''}
${c.action ? `<p><a href="${esc(c.action.url)}" style="display:inline-block;background:${brand};color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${esc(c.action.label)}</a></p><p style="font-size:13px">${esc(c.action.url)}</p>` : ''}
${c.footer ? `<p style="font-size:13px">${esc(c.footer)}</p>` : ''}
</td></tr></table>
${shopFooter ? `<p style="font-size:12px;margin:16px 0 0">${esc(shopFooter)}</p>` : ''}
</td></tr></table></body></html>`;
  return { subject: c.subject, text, html };
}
