import { REVIEWS_SCROLL_DURATION_MS, REVIEWS_SCROLL_OFFSET_PX } from '../../../config/constants.ts';
import { Disposer, elementsOf, scrollWindowTo, topOf, type Cleanup } from './shared.ts';

/*
 * Tabs (markup: render/index.tsx "tabs"): the ARIA tabs pattern on the server's list of links
 * and panels. Exactly one tab and one panel are active; the URL hash opens its panel (on load
 * and when it changes); arrow keys, Home and End move between tabs (automatic activation).
 * The reviews tab (hash reviews or tab-reviews) opens and is scrolled to for the comment
 * links of theme spec §2: #comments, #reviews, #tab-reviews, #comment-…, ?cpage= or ?comment-page=.
 */

const REVIEW_HASHES = ['comments', 'reviews', 'tab-reviews'];
const asksForReviews = () =>
  REVIEW_HASHES.includes(location.hash.slice(1)) || location.hash.startsWith('#comment-') || /[?&](cpage|comment-page)=/.test(location.search);

export function init(root: HTMLElement): Cleanup {
  const d = new Disposer();
  for (const box of elementsOf(root, 'tabs')) {
    const nav = box.querySelector<HTMLElement>(':scope > .block-tabs__nav');
    if (!nav) continue;
    const tabs = Array.from(nav.querySelectorAll<HTMLAnchorElement>('a.block-tabs__tab'));
    const panels = tabs.map((t) => document.getElementById(decodeURIComponent(t.hash.slice(1))));
    if (tabs.length === 0 || panels.some((p) => !p)) continue;

    nav.setAttribute('role', 'tablist');
    const label = box.getAttribute('aria-label');
    if (label) nav.setAttribute('aria-label', label);
    nav.querySelectorAll('li').forEach((li) => li.setAttribute('role', 'presentation'));
    tabs.forEach((tab, i) => {
      tab.setAttribute('role', 'tab');
      tab.setAttribute('aria-controls', panels[i]!.id);
      panels[i]!.setAttribute('role', 'tabpanel');
      panels[i]!.tabIndex = 0;
    });

    const select = (index: number, focus = false) => {
      tabs.forEach((tab, i) => {
        const on = i === index;
        tab.classList.toggle('is-active', on);
        tab.setAttribute('aria-selected', String(on));
        tab.tabIndex = on ? 0 : -1;
        panels[i]!.classList.toggle('is-active', on);
        panels[i]!.hidden = !on;
      });
      if (focus) tabs[index]!.focus();
    };
    const byHash = (hash: string) => {
      const name = decodeURIComponent(hash.replace(/^#/, ''));
      return panels.findIndex((p) => p!.id === name || `tab-${p!.id}` === name);
    };
    const fromUrl = () => {
      let index = byHash(location.hash);
      if (index < 0 && asksForReviews()) index = panels.findIndex((p) => p!.id === 'reviews' || p!.id === 'tab-reviews');
      return index;
    };

    const first = fromUrl();
    select(first >= 0 ? first : Math.max(0, tabs.findIndex((t) => t.classList.contains('is-active'))));
    if (first >= 0) {
      const reviews = byHash(location.hash) < 0;
      void scrollWindowTo(topOf(box, reviews ? REVIEWS_SCROLL_OFFSET_PX : 0), reviews ? REVIEWS_SCROLL_DURATION_MS : 0);
    }

    d.on(nav, 'click', (e: MouseEvent) => {
      const tab = (e.target as Element).closest<HTMLAnchorElement>('a.block-tabs__tab');
      if (!tab || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      select(tabs.indexOf(tab));
      // The address names the open tab (shareable), without the jump a hash change makes.
      history.replaceState(history.state, '', tab.hash);
    });
    d.on(nav, 'keydown', (e: KeyboardEvent) => {
      const current = tabs.indexOf(e.target as HTMLAnchorElement);
      if (current < 0) return;
      const rtl = getComputedStyle(nav).direction === 'rtl';
      const keys: Record<string, number> = {
        ArrowRight: rtl ? current - 1 : current + 1,
        ArrowLeft: rtl ? current + 1 : current - 1,
        Home: 0,
        End: tabs.length - 1,
      };
      if (!(e.key in keys)) return;
      e.preventDefault();
      select((keys[e.key]! + tabs.length) % tabs.length, true);
    });
    d.on(window, 'hashchange', () => {
      const index = fromUrl();
      if (index >= 0) select(index);
    });
    d.add(() => {
      nav.removeAttribute('role');
      tabs.forEach((tab, i) => {
        tab.removeAttribute('role');
        tab.removeAttribute('aria-selected');
        tab.removeAttribute('tabindex');
        panels[i]!.hidden = false;
        panels[i]!.removeAttribute('role');
      });
    });
  }
  return d.dispose;
}
