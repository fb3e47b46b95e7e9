import type { AppLoadContext } from 'react-router';
import { getSettings } from '../settings/settings.server.ts';
import { trustedOrigin } from '../settings/origin.server.ts';
import { publicSettings } from '../settings/public-settings.ts';
import { formPageAction } from '../forms/form-page.server.ts';
import { HOME_SLUG } from './blocks.schema.ts';
import { DEFAULT_HOME_BLOCKS } from './home-blocks.ts';
import { canEditPages, draftPage, formIdsOf, pageData, pageForms, publishedPage, type ShownPage } from './pages.server.ts';

/** The address a page is shown at: `/` for the home page. */
export const pagePath = (slug: string) => (slug === HOME_SLUG ? '/' : `/${slug}`);

const notFound = () => new Response('Not Found', { status: 404 });

/**
 * The page at a slug for this request: the published tree for visitors; editors (who are
 * never served from the shared page cache) see the draft with `?preview`. The home page
 * without a published page of its own shows the default home blocks (home-blocks.ts).
 */
async function pageFor(context: AppLoadContext, request: Request, slug: string): Promise<{ page: ShownPage; cacheKey?: string } | null> {
  const { db } = context.services;
  const editor = canEditPages(context.user?.role);
  if (editor && new URL(request.url).searchParams.has('preview')) {
    const draft = await draftPage(db, slug);
    if (draft) return { page: draft };
  }
  const page = await publishedPage(db, slug);
  if (page) return { page, cacheKey: slug };
  if (slug !== HOME_SLUG) return null;
  return {
    page: { id: 0, slug, title: '', seoTitle: '', seoDescription: '', noindex: false, status: 'published', blocks: DEFAULT_HOME_BLOCKS, updatedAt: '' },
    cacheKey: `${slug}:default`,
  };
}

/** Loader data of a block page (the home page and `/:slug`). */
export async function loadBlockPage(context: AppLoadContext, request: Request, slug: string) {
  const { db } = context.services;
  const found = await pageFor(context, request, slug);
  if (!found) throw notFound();
  const { page, cacheKey } = found;
  const action = pagePath(slug);
  const [settings, data, forms, origin] = await Promise.all([
    getSettings(db),
    pageData(db, page.blocks, cacheKey),
    pageForms(context, page.blocks, action),
    trustedOrigin(context.services, context.requestOrigin),
  ]);
  const editor = canEditPages(context.user?.role) && page.id > 0 ? { pageId: page.id } : null;
  return {
    page: { id: page.id, slug: page.slug, title: page.title, seoTitle: page.seoTitle, seoDescription: page.seoDescription, noindex: page.noindex, status: page.status },
    blocks: page.blocks,
    data,
    forms,
    editor,
    settings: publicSettings(settings),
    origin: origin ?? '',
    path: action,
  };
}

/** A contact form on a block page posted without scripts: sent, and the page shown again with the answer. */
export async function blockPageAction(context: AppLoadContext, request: Request, slug: string) {
  const found = await pageFor(context, new Request(request.url), slug);
  if (!found) throw notFound();
  return formPageAction(context, request, { action: pagePath(slug), ids: formIdsOf(found.page.blocks) });
}
