import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { PriceFormat } from '../../../lib/money.ts';
import { plural, t } from '../../../i18n/t.ts';
import type { ProductSummary } from '../catalog.schema.ts';
import { ProductCard } from './product-card.tsx';

const QuickViewDialog = lazy(() => import('./quick-view-dialog.tsx'));

interface Props {
  products: ProductSummary[];
  page: number;
  pages: number;
  format: PriceFormat;
  /** `GET /api/products` query for this listing (without page). */
  apiQuery: string;
  /** The page URL for a page number (the address bar follows the loaded page). */
  pageHref: (page: number) => string;
  /** Told how many products the grid shows and the last page loaded whenever they change (the result count and pagination follow). */
  onShown?: (count: number, last: number) => void;
}

interface Saved {
  /** Which listing the items belong to (path + query). */
  listing: string;
  items: ProductSummary[];
  last: number;
  scrollY: number;
}

const storageKey = (key: string) => `vt_listing:${key}`;
/** Start loading the next page when the end of the grid is this close to the viewport. */
const PREFETCH_MARGIN = '800px 0px';

/**
 * The listing grid with infinite scroll: the next page loads as the shopper nears the end,
 * the address follows the page, and going back restores the loaded list and position.
 * Without IntersectionObserver a "Load more" button stands in; without scripts the
 * pagination links rendered beside it do the work.
 */
export function ProductGrid({ products, page, pages, format, apiQuery, pageHref, onShown }: Props) {
  const location = useLocation();
  const [items, setItems] = useState(products);
  const [last, setLast] = useState(page);
  const [status, setStatus] = useState<'idle' | 'loading' | 'error'>('idle');
  const [observer, setObserver] = useState<'unknown' | 'yes' | 'no'>('unknown');
  const [announce, setAnnounce] = useState('');
  const [quick, setQuick] = useState<{ id: number; opener: HTMLElement } | null>(null);
  useEffect(() => onShown?.(items.length, last), [items.length, last, onShown]);
  const sentinel = useRef<HTMLDivElement>(null);
  const key = storageKey(location.key);

  // Back/forward: restore the pages loaded before and the scroll position. (A new listing —
  // sort, filter, category — remounts this grid with what the server rendered.) Entries
  // reached by a full page load all share the key "default": restore those only when the
  // browser says this load is a back/forward, and only for the same listing.
  const listing = `${location.pathname}?${apiQuery}`;
  useLayoutEffect(() => {
    const raw = sessionStorage.getItem(key);
    if (!raw) return;
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    if (location.key === 'default' && nav?.type !== 'back_forward') return;
    try {
      const saved = JSON.parse(raw) as Saved;
      if (saved.listing === listing && saved.items.length > products.length) {
        setItems(saved.items);
        setLast(saved.last);
        requestAnimationFrame(() => window.scrollTo(0, saved.scrollY));
      }
    } catch {
      sessionStorage.removeItem(key);
    }
    // Only on arrival at this history entry.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  useEffect(() => {
    if (last <= page) return;
    const save = () => {
      try {
        sessionStorage.setItem(key, JSON.stringify({ listing, items, last, scrollY: window.scrollY } satisfies Saved));
      } catch {
        // Storage full or blocked: restoring is a nicety.
      }
    };
    save();
    window.addEventListener('pagehide', save);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      clearTimeout(timer);
      timer = setTimeout(save, 150);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('pagehide', save);
      window.removeEventListener('scroll', onScroll);
      clearTimeout(timer);
    };
  }, [items, last, key, page, listing]);

  const loadMore = useCallback(async () => {
    if (status === 'loading' || last >= pages) return;
    setStatus('loading');
    try {
      const res = await fetch(`/api/products?${apiQuery}${apiQuery ? '&' : ''}page=${last + 1}`, { headers: { accept: 'application/json' } });
      if (!res.ok) throw new Error(String(res.status));
      const body = (await res.json()) as { products: ProductSummary[]; page: number };
      setItems((prev) => {
        const seen = new Set(prev.map((p) => p.id));
        return [...prev, ...body.products.filter((p) => !seen.has(p.id))];
      });
      setLast(body.page);
      setAnnounce(plural('shop.loaded', body.products.length));
      // The address follows the page; React Router's own state is kept so back/forward work.
      window.history.replaceState(window.history.state, '', pageHref(body.page));
      setStatus('idle');
    } catch {
      setStatus('error');
    }
  }, [apiQuery, last, pages, pageHref, status]);

  useEffect(() => {
    if (!('IntersectionObserver' in window)) {
      setObserver('no');
      return;
    }
    setObserver('yes');
    const el = sentinel.current;
    if (!el || last >= pages) return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && void loadMore(), { rootMargin: PREFETCH_MARGIN });
    io.observe(el);
    return () => io.disconnect();
  }, [loadMore, last, pages]);

  const openQuick = useCallback((p: ProductSummary, opener: HTMLElement) => setQuick({ id: p.id, opener }), []);

  return (
    <>
      <ul className="product-grid" aria-busy={status === 'loading'}>
        {items.map((p, i) => (
          <ProductCard key={p.id} product={p} format={format} eager={i < 3} onQuickView={openQuick} />
        ))}
      </ul>
      <div ref={sentinel} className="infinite-sentinel" aria-hidden="true" />
      <p className="visually-hidden" role="status">
        {status === 'loading' ? t('shop.loading') : announce}
      </p>
      {last < pages && (observer === 'no' || status === 'error') ? (
        <p className="load-more">
          <button type="button" className="button" onClick={() => void loadMore()}>
            {t('shop.loadMore')}
          </button>
        </p>
      ) : null}
      {quick ? (
        <Suspense fallback={null}>
          <QuickViewDialog productId={quick.id} format={format} onClose={() => {
            const opener = quick.opener;
            setQuick(null);
            opener.focus();
          }} />
        </Suspense>
      ) : null}
    </>
  );
}
