import { useCallback, useEffect, useRef } from 'react';

/** The specification's scroll-to-notices: 100 px above the notices, over 1000 ms. */
export const NOTICE_SCROLL = { offset: 100, duration: 1000 } as const;

const easeInOut = (x: number) => (x < 0.5 ? 2 * x * x : 1 - (-2 * x + 2) ** 2 / 2);

/**
 * Scrolls the window so `el` sits `offset` px below the top, animated over `duration` ms
 * (at once when the visitor prefers reduced motion). Resolves when the scroll ends.
 */
export function scrollToElement(el: Element, { offset, duration }: { offset: number; duration: number } = NOTICE_SCROLL): Promise<void> {
  const start = window.scrollY;
  const target = Math.max(0, Math.min(start + el.getBoundingClientRect().top - offset, document.documentElement.scrollHeight - window.innerHeight));
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  if (reduce || duration <= 0 || Math.abs(target - start) < 1) {
    window.scrollTo(0, target);
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const t0 = performance.now();
    const step = (now: number) => {
      const p = Math.min(1, (now - t0) / duration);
      window.scrollTo(0, start + (target - start) * easeInOut(p));
      if (p < 1) requestAnimationFrame(step);
      else resolve();
    };
    requestAnimationFrame(step);
  });
}

/** Moves focus to `el` without the browser's own jump (the animated scroll does the moving). */
function focusQuietly(el: HTMLElement) {
  if (!el.hasAttribute('tabindex') && !/^(INPUT|SELECT|TEXTAREA|BUTTON|A)$/.test(el.tagName)) el.setAttribute('tabindex', '-1');
  el.focus({ preventScroll: true });
}

/**
 * Errors listed at the top of a form: whenever `trigger` changes to something (a new action
 * answer, a new list of client-side errors) the page scrolls to the container holding the
 * notices and focus moves there, so screen readers read them. A link in the list
 * ("#field-x") scrolls to its field the same way and focuses it.
 * Returns the ref for the container. Without scripts the notices are simply at the top.
 */
export function useScrollToNotices(trigger: unknown) {
  const ref = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const box = ref.current;
    if (!trigger || !box) return;
    const notice = box.querySelector<HTMLElement>('[role="alert"], .notice') ?? box;
    focusQuietly(notice);
    void scrollToElement(notice);
  }, [trigger]);

  const onClick = useCallback((e: MouseEvent) => {
    const link = (e.target as Element).closest?.('a[href^="#"]');
    if (!link) return;
    const id = decodeURIComponent(link.getAttribute('href')!.slice(1));
    const field = document.getElementById(id);
    if (!field) return;
    e.preventDefault();
    void scrollToElement(field.closest('.form-row') ?? field);
    focusQuietly(field);
  }, []);

  return useCallback(
    (node: HTMLElement | null) => {
      ref.current?.removeEventListener('click', onClick);
      ref.current = node;
      node?.addEventListener('click', onClick);
    },
    [onClick],
  );
}
