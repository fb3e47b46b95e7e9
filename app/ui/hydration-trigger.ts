import { HELD_EVENTS, holdEvent, ISLAND_ATTRIBUTE, replayHeld, type Held } from './held-events.ts';

/*
 * When a page that starts React late (`data-hydrate="idle"` on its root, see entry.client.tsx)
 * starts it, and what the visitor did before. Loaded with the shell, before React: keep it
 * small and free of React.
 */

/** Runs `fn` once the page has loaded and the browser is idle (at the latest 2 s after load). */
export function whenIdle(fn: () => void): void {
  const idle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(fn, { timeout: 2000 }) : setTimeout(fn, 200));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/** The visitor reaching for the page: React starts now rather than at idle. */
const REACH = ['pointerdown', 'keydown', 'touchstart', 'focusin'] as const;

/** Dispatched on the document once React's first hydration has committed (ui/island.tsx). */
export const HYDRATED_EVENT = 'vitrine:hydrated';

/**
 * Calls `start` once: when the browser is idle after the load, or at the visitor's first
 * pointer, key, touch or focus on the page, whichever comes first. Until then the page is its
 * server HTML: links are followed as links (inside islands too), and the header's menus already
 * work (shell/client). What the visitor does meanwhile is held and done again once React has hydrated the page (the
 * page's islands then hold and replay it themselves until their code is there), so it takes the
 * scripted path — or, should React's code fail to load, the browser's own:
 * - a form sent anywhere on the page;
 * - clicks, typing and choices inside an island (a variation picked, "Add to cart" pressed
 *   on a product page before React runs): checkboxes and radios change at once, as the
 *   shopper expects, and React hears of it on hydrating.
 * Block pages' script-only controls (slider arrows, dots, tabs) are made by their behaviours,
 * which start after hydration: before it there is nothing of them to click.
 */
export function hydrationTrigger(start: () => Promise<void>): void {
  let started = false;
  const held: Held[] = [];
  const hold = (e: Event) => {
    const target = e.target;
    if (!(target instanceof Element)) return;
    if (e.type === 'submit') {
      if (!(target instanceof HTMLFormElement)) return;
      e.preventDefault();
      e.stopImmediatePropagation();
      if (!held.some(([type, form]) => type === 'submit' && form === target)) held.push(['submit', target, '', (e as SubmitEvent).submitter]);
    } else {
      if (!target.closest(`[${ISLAND_ATTRIBUTE}]`)) return;
      // A link is followed as a link: a page load is all it needs.
      if (e.type === 'click' && target.closest('a[href]')) return;
      const kept = holdEvent(e);
      if (kept) held.push(kept);
    }
    go();
  };
  const release = () => {
    HELD_EVENTS.forEach((type) => document.removeEventListener(type, hold, true));
    void replayHeld(held.splice(0));
  };
  function go() {
    if (started) return;
    started = true;
    for (const type of REACH) document.removeEventListener(type, go, true);
    const hydrated = new Promise<void>((resolve) => document.addEventListener(HYDRATED_EVENT, () => resolve(), { once: true }));
    start().then(
      () => hydrated.then(release),
      (err: unknown) => {
        console.error('React could not start:', err);
        release();
      },
    );
  }
  HELD_EVENTS.forEach((type) => document.addEventListener(type, hold, true));
  for (const type of REACH) document.addEventListener(type, go, { capture: true, passive: true });
  whenIdle(go);
}
