import { ANCHOR_SCROLL_DURATION_MS } from '../../../config/constants.ts';
import { t } from '../../../i18n/t.ts';
import { Disposer, focusQuietly, make, scrollWindowTo, topOf, type Cleanup } from './shared.ts';

/*
 * Scroll-to anchors (markup: render/index.tsx "scroll-to"): the named points with
 * data-bullet="true" get a bullet navigation (nav.scroll-bullets, fixed at the side on wide
 * screens); the current section is highlighted (aria-current) while scrolling; the bullets and
 * any other link to an anchor (menus, rich text) scroll there smoothly over
 * ANCHOR_SCROLL_DURATION_MS; an anchor named in the URL hash is scrolled to on load.
 */

export function init(root: HTMLElement): Cleanup {
  const d = new Disposer();
  // Scroll-to blocks and sections with an anchor title both write span.scroll-to[id].
  const anchors = Array.from(root.querySelectorAll<HTMLElement>('.scroll-to[id]'));
  const bulleted = anchors.filter((a) => a.dataset.bullet === 'true' && a.dataset.title);
  const byId = new Map(anchors.map((a) => [a.id, a]));

  let nav: HTMLElement | null = null;
  const links: HTMLAnchorElement[] = [];
  if (bulleted.length > 1) {
    nav = make('nav', 'scroll-bullets', { 'aria-label': t('behaviours.sections') });
    const list = make('ul');
    for (const a of bulleted) {
      const link = make('a', 'scroll-bullets__link', { href: `#${a.id}` });
      link.append(make('span', 'scroll-bullets__dot', { 'aria-hidden': 'true' }), make('span', 'scroll-bullets__title', {}, a.dataset.title));
      links.push(link);
      const li = make('li');
      li.append(link);
      list.append(li);
    }
    nav.append(list);
    root.append(nav);
    d.add(() => nav!.remove());
  }

  // The current section: the last bulleted anchor whose top has passed a third of the view;
  // after a scroll to an anchor (a click, the address), that anchor, until the page is scrolled
  // by hand (anchors close together, in one section, would otherwise name the next one).
  let frame = 0;
  let pinned: { index: number; y: number } | null = null;
  const highlight = () => {
    frame = 0;
    if (pinned && Math.abs(window.scrollY - pinned.y) > 1) pinned = null;
    const line = window.innerHeight / 3;
    // Before the first anchor is reached, the first is current.
    let current = pinned?.index ?? 0;
    if (!pinned) {
      bulleted.forEach((a, i) => {
        if (a.getBoundingClientRect().top <= line) current = i;
      });
    }
    links.forEach((l, i) => {
      l.classList.toggle('is-active', i === current);
      if (i === current) l.setAttribute('aria-current', 'location');
      else l.removeAttribute('aria-current');
    });
  };
  if (links.length) {
    highlight();
    d.on(window, 'scroll', () => (frame ||= requestAnimationFrame(highlight)), { passive: true });
    d.add(() => cancelAnimationFrame(frame));
  }

  /** Highlights the anchor scrolled to, where the scroll came to rest. */
  const pin = (anchor: HTMLElement) => {
    const index = bulleted.indexOf(anchor);
    if (index < 0 || !links.length) return;
    pinned = { index, y: window.scrollY };
    highlight();
  };
  const go = (anchor: HTMLElement, hash: string) =>
    scrollWindowTo(topOf(anchor), ANCHOR_SCROLL_DURATION_MS).then(() => {
      history.replaceState(history.state, '', hash);
      focusQuietly(anchor);
      pin(anchor);
    });

  // Any same-page link to an anchor: the bullets, menu links, links in text.
  d.on(document, 'click', (e: MouseEvent) => {
    const link = (e.target as Element).closest?.<HTMLAnchorElement>('a[href^="#"]');
    if (!link || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const anchor = byId.get(decodeURIComponent(link.hash.slice(1)));
    if (!anchor) return;
    e.preventDefault();
    void go(anchor, link.hash);
  });

  // On load: the section named in the address (the browser's own jump ignores the sticky header,
  // and Chromium repeats it as the page lays out until the load event: ours comes after).
  const named = byId.get(decodeURIComponent(location.hash.slice(1)));
  if (named) {
    const jump = () => requestAnimationFrame(() => void scrollWindowTo(topOf(named), ANCHOR_SCROLL_DURATION_MS).then(() => pin(named)));
    if (document.readyState === 'complete') jump();
    else d.on(window, 'load', jump, { once: true });
  }
  // A new hash on the same page (typed, or back and forward): the browser has jumped; clear the header.
  d.on(window, 'hashchange', () => {
    const anchor = byId.get(decodeURIComponent(location.hash.slice(1)));
    if (anchor) void scrollWindowTo(topOf(anchor), 0).then(() => pin(anchor));
  });
  return d.dispose;
}
