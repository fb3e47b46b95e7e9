import { PREFETCH_HOVER_DELAY_MS, PREFETCH_TOUCH_IGNORE_MS } from '../../config/constants.ts';
import { prefetchSkipReason } from './prefetch-rules.ts';
import { listen } from './listen.ts';

/**
 * Link prefetch (shop spec §5, §9): a link hovered for PREFETCH_HOVER_DELAY_MS is fetched
 * ahead with `<link rel="prefetch">` (once per address), unless prefetch-rules.ts skips it;
 * hovers within PREFETCH_TOUCH_IGNORE_MS of a touch (the mouse events a tap imitates) are
 * ignored.
 */
export function startPrefetch() {
  const done = new Set<string>();
  let lastTouch = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: HTMLAnchorElement | null = null;
  const conn = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  const allowHttp = () => document.documentElement.hasAttribute('data-instant-allow-http') || document.body.hasAttribute('data-instant-allow-http');

  const prefetch = (a: HTMLAnchorElement) => {
    const reason = prefetchSkipReason(
      { href: a.href, noInstant: !!a.closest('[data-no-instant], .no-instant'), allowHttp: a.hasAttribute('data-instant-allow-http') },
      { href: location.href, allowHttp: allowHttp(), saveData: !!conn?.saveData },
    );
    if (reason) return;
    const url = new URL(a.href, location.href);
    url.hash = '';
    if (done.has(url.href)) return;
    done.add(url.href);
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = url.href;
    document.head.appendChild(link);
  };

  listen('touchstart', () => (lastTouch = performance.now()), { passive: true });
  listen('mouseover', (e) => {
    if (performance.now() - lastTouch < PREFETCH_TOUCH_IGNORE_MS) return;
    const a = (e.target as Element).closest?.<HTMLAnchorElement>('a[href]');
    if (!a || a === pending || a.contains(e.relatedTarget as Node)) return;
    clearTimeout(timer);
    pending = a;
    timer = setTimeout(() => {
      pending = null;
      prefetch(a);
    }, PREFETCH_HOVER_DELAY_MS);
  }, { passive: true });
  listen('mouseout', (e) => {
    if (!pending || pending.contains(e.relatedTarget as Node)) return;
    clearTimeout(timer);
    pending = null;
  }, { passive: true });
}
