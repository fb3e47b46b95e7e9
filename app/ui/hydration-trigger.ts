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
 * server HTML: links are followed as links, and the header's menus already work (shell/client). A
 * form sent before React has hydrated the page is held and sent again once it has (the page's
 * islands then hold and replay it themselves until their code is there), so it takes the
 * scripted path — or, should React's code fail to load, the plain form post it would have been.
 * Block pages' script-only controls (slider arrows, dots, tabs) are made by their behaviours,
 * which start after hydration: before it there is nothing of them to click.
 */
export function hydrationTrigger(start: () => Promise<void>): void {
  let started = false;
  const sent: [HTMLFormElement, HTMLElement | null][] = [];
  const hold = (e: SubmitEvent) => {
    if (!(e.target instanceof HTMLFormElement)) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    if (!sent.some(([form]) => form === e.target)) sent.push([e.target, e.submitter]);
    go();
  };
  const resend = () => {
    document.removeEventListener('submit', hold, true);
    for (const [form, submitter] of sent.splice(0)) if (form.isConnected) form.requestSubmit(submitter?.isConnected ? submitter : null);
  };
  function go() {
    if (started) return;
    started = true;
    for (const type of REACH) document.removeEventListener(type, go, true);
    const hydrated = new Promise<void>((resolve) => document.addEventListener(HYDRATED_EVENT, () => resolve(), { once: true }));
    start().then(
      () => hydrated.then(resend),
      (err: unknown) => {
        console.error('React could not start:', err);
        resend();
      },
    );
  }
  document.addEventListener('submit', hold, true);
  for (const type of REACH) document.addEventListener(type, go, { capture: true, passive: true });
  whenIdle(go);
}
