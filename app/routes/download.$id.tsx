import { Readable } from 'node:stream';
import type { Route } from './+types/download.$id';
import { takeDownload, type Refusal } from '../features/downloads/serve.server.ts';
import { getSettings } from '../features/settings/settings.server.ts';
import { t } from '../i18n/t-orders.ts';

/*
 * A downloadable product's file through its signed link (`/download/:id?expires=&sig=`,
 * app/features/downloads/links.server.ts): served as an attachment, never inline, from the
 * private store; an external file (a WooCommerce import's URL) is a redirect to it. A link
 * that is altered, guessed or unknown is a 404; one that expired, was used up, revoked or is
 * another account's is a 403 page saying why. Nothing is cached anywhere.
 */

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function refusalPage(status: number, reason: Refusal, lang: string, storeName: string, here: string, nonce: string): Response {
  const links = [
    reason === 'sign_in' ? `<a href="/account/login?redirect=${encodeURIComponent(here)}">${esc(t('downloads.refused.signIn'))}</a>` : '',
    `<a href="/my-account/downloads">${esc(t('downloads.refused.account'))}</a>`,
    `<a href="/">${esc(t('downloads.refused.shop'))}</a>`,
  ].filter(Boolean);
  const html = `<!doctype html><html lang="${esc(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${esc(t('downloads.refused.title'))} · ${esc(storeName)}</title><style nonce="${esc(nonce)}">body{margin:0;font:1rem/1.5 system-ui,sans-serif;color:#1d2321;background:#faf9f7}header,main{max-width:40rem;margin:0 auto;padding:1rem}h1{font-size:1.75rem;line-height:1.2}a{color:#1f4d43}li{margin:.25rem 0}</style></head><body><header><a href="/">${esc(storeName)}</a></header><main><h1>${esc(t('downloads.refused.title'))}</h1><p>${esc(t(`downloads.refused.${reason}`))}</p><ul>${links.map((l) => `<li>${l}</li>`).join('')}</ul></main></body></html>`;
  return new Response(html, { status, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'private, no-store', 'x-robots-tag': 'noindex' } });
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const answer = await takeDownload(
    context.services,
    { id: params.id, expires: url.searchParams.get('expires'), sig: url.searchParams.get('sig') },
    { userId: context.user?.id ?? null, ip: context.clientIp, userAgent: request.headers.get('user-agent') ?? '' },
  );
  if (!answer.ok) {
    const settings = await getSettings(context.services.db);
    return refusalPage(answer.status, answer.reason, settings.language, settings.storeName, url.pathname + url.search, context.cspNonce);
  }
  if (answer.kind === 'url') return new Response(null, { status: 302, headers: { location: answer.url, 'cache-control': 'private, no-store', 'referrer-policy': 'no-referrer' } });
  const ascii = answer.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return new Response(Readable.toWeb(answer.body) as ReadableStream, {
    headers: {
      'content-type': 'application/octet-stream',
      'content-length': String(answer.length),
      'content-disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(answer.fileName)}`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': 'private, no-store',
      'x-robots-tag': 'noindex',
    },
  });
}
