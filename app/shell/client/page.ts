import { PAGE_LOADER_REMOVE_MS } from '../../config/constants.ts';

/**
 * Page states (theme spec §4): the loading class goes at start, the page loader after
 * PAGE_LOADER_REMOVE_MS; a form's submit marks the form processing (class `processing`,
 * `aria-busy`) until the requests it started have completed — or, for a plain post, until
 * the next page replaces this one.
 */
export function startPage() {
  const root = document.documentElement;
  root.classList.remove('loading-site');
  setTimeout(() => document.querySelector('.page-loader')?.classList.add('page-loader--done'), PAGE_LOADER_REMOVE_MS);

  let inFlight = 0;
  const waiting = new Set<HTMLFormElement>();
  const settle = () => {
    if (inFlight > 0) return;
    for (const form of waiting) {
      form.classList.remove('processing');
      form.removeAttribute('aria-busy');
    }
    waiting.clear();
  };
  const fetch0 = window.fetch;
  window.fetch = function (...args: Parameters<typeof fetch>) {
    inFlight += 1;
    return fetch0.apply(this, args).finally(() => {
      inFlight -= 1;
      // After the answer's handlers have run (they may start the next request).
      setTimeout(settle, 0);
    });
  };
  document.addEventListener('submit', (e) => {
    const form = e.target as HTMLFormElement;
    form.classList.add('processing');
    form.setAttribute('aria-busy', 'true');
    waiting.add(form);
    // A script that took the submit over starts its request in this task; a plain post
    // leaves the page. Either way, look once the submit has been handled.
    setTimeout(() => {
      if (!e.defaultPrevented) return;
      settle();
    }, 0);
  });
  // Back from the next page in the back/forward cache: nothing is pending any more.
  window.addEventListener('pageshow', (e) => {
    if (e.persisted) {
      inFlight = 0;
      settle();
    }
  });
}
