/**
 * Which links are fetched ahead on hover (shop spec §5): none to another site, none with a
 * query string, none that only change the hash, none marked `no-instant`, none that are not
 * http(s), no http link from an https page unless the page or the link opts in
 * (`data-instant-allow-http`), and none at all in data-saver mode.
 */
export type PrefetchSkip = 'protocol' | 'insecure' | 'external' | 'query' | 'hash' | 'same-page' | 'no-instant' | 'data-saver';

export interface PrefetchLink {
  href: string;
  /** The link (or an ancestor) is marked no-instant (`data-no-instant` or the `no-instant` class). */
  noInstant?: boolean;
  /** The link opts in to http from an https page. */
  allowHttp?: boolean;
}

export interface PrefetchPage {
  href: string;
  /** The page opts in to http links (`data-instant-allow-http` on the body or html). */
  allowHttp?: boolean;
  /** The browser asks to save data (`navigator.connection.saveData`). */
  saveData?: boolean;
}

/** Why a link is not prefetched, or null when it may be. */
export function prefetchSkipReason(link: PrefetchLink, page: PrefetchPage): PrefetchSkip | null {
  if (page.saveData) return 'data-saver';
  if (link.noInstant) return 'no-instant';
  let to: URL;
  let from: URL;
  try {
    from = new URL(page.href);
    to = new URL(link.href, from);
  } catch {
    return 'protocol';
  }
  if (to.protocol !== 'http:' && to.protocol !== 'https:') return 'protocol';
  if (to.protocol === 'http:' && from.protocol === 'https:' && !(link.allowHttp || page.allowHttp)) return 'insecure';
  if (to.host !== from.host) return 'external';
  if (to.search) return 'query';
  if (to.pathname === from.pathname && to.search === from.search) return to.hash ? 'hash' : 'same-page';
  return null;
}
