import { useEffect, useRef, useSyncExternalStore, type KeyboardEvent, type ReactNode } from 'react';
import { REVIEWS_SCROLL_DURATION_MS, REVIEWS_SCROLL_OFFSET_PX, REVIEWS_SCROLL_GAP_PX } from '../../../config/constants.ts';
import { pageText } from '../page-text.ts';

export type TabId = 'description' | 'additional_information' | 'reviews';

export interface TabDef {
  id: TabId;
  title: string;
  content: ReactNode;
  /** The content brings its own heading (the reviews section): the panel adds none. */
  ownHeading?: boolean;
}

const noop = () => () => {};
/** False on the server and during hydration, true afterwards: the tabs need scripts to work. */
const useHydrated = () => useSyncExternalStore(noop, () => true, () => false);

/**
 * Whether the address asks for the reviews (theme spec: a hash starting with `#comment-` or
 * equal to `#comments`, `#reviews` or `#tab-reviews`, or a `comment-page` / `cpage` parameter).
 */
export function wantsReviews(url: { hash: string; search: string; pathname?: string }): boolean {
  const hash = url.hash.toLowerCase();
  if (hash.startsWith('#comment-') || ['#comments', '#reviews', '#tab-reviews'].includes(hash)) return true;
  const params = new URLSearchParams(url.search);
  return params.has('cpage') || params.has('comment-page') || /\/comment-page-\d+/.test(url.pathname ?? '');
}

/** The tab an address opens: the reviews (see wantsReviews), or `#tab-<id>`; else none. */
export function tabFromUrl(url: { hash: string; search: string; pathname?: string }, ids: TabId[]): TabId | null {
  if (ids.includes('reviews') && wantsReviews(url)) return 'reviews';
  const named = url.hash.startsWith('#tab-') ? (url.hash.slice(5) as TabId) : null;
  return named && ids.includes(named) ? named : null;
}

/**
 * Scrolls the window so `el` ends `offset` px below the top, over `duration` ms with an
 * ease-in-out curve (at once when the shopper prefers reduced motion).
 */
export function scrollToElement(el: Element, offset = REVIEWS_SCROLL_OFFSET_PX, duration = REVIEWS_SCROLL_DURATION_MS): void {
  const from = window.scrollY;
  const max = document.documentElement.scrollHeight - window.innerHeight;
  const to = Math.max(0, Math.min(max, el.getBoundingClientRect().top + from - offset));
  if (duration <= 0 || matchMedia('(prefers-reduced-motion: reduce)').matches) {
    window.scrollTo(0, to);
    return;
  }
  const started = performance.now();
  const tick = (now: number) => {
    const p = Math.min(1, (now - started) / duration);
    window.scrollTo(0, from + (to - from) * (0.5 - Math.cos(p * Math.PI) / 2));
    if (p < 1) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/**
 * Opens the reviews tab and brings it into view (300 ms, 150 px below the top); `focus`
 * moves keyboard focus to the tab too (after the shopper followed the review link).
 */
export function showReviews(select: (id: TabId) => void, { focus = false } = {}): void {
  select('reviews');
  const tab = document.getElementById('tab-title-reviews');
  if (!tab) return;
  if (focus) tab.focus({ preventScroll: true });
  scrollToElement(tab, reviewsOffset());
}

/**
 * The spec's 150 px, or more where that would leave the tabs under what stays at the top once
 * the page has scrolled there: the sticky header and, on wide screens, the sticky add-to-cart
 * bar under it (both fixed by then, whatever they are now).
 */
function reviewsOffset(): number {
  const header = document.querySelector<HTMLElement>('.site-header[data-sticky]');
  const bar = document.querySelector<HTMLElement>('.sticky-bar');
  const barOnTop = bar && matchMedia('(min-width: 850px)').matches;
  const covered = (header?.offsetHeight ?? 0) + (barOnTop ? bar.offsetHeight : 0);
  return Math.max(REVIEWS_SCROLL_OFFSET_PX, covered + REVIEWS_SCROLL_GAP_PX);
}

interface Props {
  tabs: TabDef[];
  active: TabId;
  onSelect: (id: TabId) => void;
}

/**
 * Description / Additional information / Reviews. With scripts: an ARIA tablist (roving
 * tabindex, arrow keys, Home/End), one panel shown; the address can open a tab on load and
 * later (hash change). Without scripts every panel is shown under its heading and the tab
 * names are links to them.
 */
export function ProductTabs({ tabs, active, onSelect }: Props) {
  const hydrated = useHydrated();
  const refs = useRef(new Map<TabId, HTMLElement>());
  const ids = tabs.map((t) => t.id).join(',');
  const current = tabs.some((t) => t.id === active) ? active : tabs[0]?.id;

  // Only once the tablist exists (after hydration): it is what the reviews scroll aims at.
  useEffect(() => {
    if (!hydrated) return;
    const list = ids.split(',') as TabId[];
    const open = () => {
      const id = tabFromUrl(window.location, list);
      if (!id) return;
      if (id === 'reviews') showReviews(onSelect);
      else onSelect(id);
    };
    open();
    window.addEventListener('hashchange', open);
    return () => window.removeEventListener('hashchange', open);
  }, [hydrated, ids, onSelect]);

  if (tabs.length === 0) return null;

  const onKeyDown = (e: KeyboardEvent) => {
    const i = tabs.findIndex((t) => t.id === current);
    const rtl = document.documentElement.dir === 'rtl';
    const keys: Record<string, number> = {
      [rtl ? 'ArrowLeft' : 'ArrowRight']: i + 1,
      [rtl ? 'ArrowRight' : 'ArrowLeft']: i - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    if (!(e.key in keys)) return;
    e.preventDefault();
    const next = tabs[(keys[e.key] + tabs.length) % tabs.length];
    onSelect(next.id);
    refs.current.get(next.id)?.focus();
  };

  return (
    <div className={`product-tabs${hydrated ? ' is-enhanced' : ''}`}>
      {hydrated ? (
        <div className="product-tabs__list" role="tablist" aria-label={pageText.tabsLabel} onKeyDown={onKeyDown}>
          {tabs.map((t) => (
            <button
              key={t.id}
              ref={(el) => {
                if (el) refs.current.set(t.id, el);
                else refs.current.delete(t.id);
              }}
              type="button"
              role="tab"
              id={`tab-title-${t.id}`}
              className="product-tabs__tab"
              aria-selected={t.id === current}
              aria-controls={`tab-${t.id}`}
              tabIndex={t.id === current ? 0 : -1}
              onClick={() => onSelect(t.id)}
            >
              {t.title}
            </button>
          ))}
        </div>
      ) : (
        <ul className="product-tabs__list" aria-label={pageText.tabsLabel}>
          {tabs.map((t) => (
            <li key={t.id}>
              <a className="product-tabs__tab" id={`tab-title-${t.id}`} href={`#tab-${t.id}`}>
                {t.title}
              </a>
            </li>
          ))}
        </ul>
      )}
      {tabs.map((t) => (
        <section
          key={t.id}
          id={`tab-${t.id}`}
          className="product-tabs__panel"
          role={hydrated ? 'tabpanel' : undefined}
          aria-labelledby={hydrated ? `tab-title-${t.id}` : undefined}
          tabIndex={hydrated ? 0 : undefined}
          hidden={hydrated && t.id !== current}
        >
          {t.ownHeading ? null : <h2 className={hydrated ? 'visually-hidden' : 'product-tabs__heading'}>{t.title}</h2>}
          {t.content}
        </section>
      ))}
    </div>
  );
}
