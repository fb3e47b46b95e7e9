import { SCROLL_TO_DURATION_MS } from '../../../config/constants.ts';
import { Disposer, elementsOf, focusQuietly, scrollWindowTo, topOf, type Cleanup } from './shared.ts';

/*
 * Back-to-top and scroll-for-more (markup: render/index.tsx): a.back-to-top becomes active
 * (`is-active`, a floating button) once the page is scrolled past data-visible-after pixels
 * and scrolls to the top over SCROLL_TO_DURATION_MS; a.scroll-for-more scrolls to its target
 * over the same time. Focus follows, so keyboard users go on from there.
 */

export function init(root: HTMLElement): Cleanup {
  const d = new Disposer();
  const tops = elementsOf(root, 'back-to-top').flatMap((b) => Array.from(b.querySelectorAll<HTMLAnchorElement>('a.back-to-top')));
  for (const link of tops) {
    const block = link.closest<HTMLElement>('[data-block]') ?? link;
    block.classList.add('is-floating');
    const after = Number(link.dataset.visibleAfter ?? 1);
    const update = () => link.classList.toggle('is-active', window.scrollY >= after);
    update();
    d.on(window, 'scroll', update, { passive: true });
    d.on(link, 'click', (e: MouseEvent) => {
      if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey) return;
      e.preventDefault();
      void scrollWindowTo(0, SCROLL_TO_DURATION_MS).then(() => {
        const main = document.querySelector<HTMLElement>('main, [role="main"]') ?? document.body;
        focusQuietly(main);
      });
    });
    d.add(() => {
      block.classList.remove('is-floating');
      link.classList.remove('is-active');
    });
  }
  const mores = elementsOf(root, 'scroll-for-more').flatMap((b) => Array.from(b.querySelectorAll<HTMLAnchorElement>('a.scroll-for-more')));
  for (const link of mores) {
    d.on(link, 'click', (e: MouseEvent) => {
      const target = document.getElementById(decodeURIComponent(link.hash.slice(1)));
      if (!target || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey) return;
      e.preventDefault();
      void scrollWindowTo(topOf(target), SCROLL_TO_DURATION_MS).then(() => {
        history.replaceState(history.state, '', link.hash);
        focusQuietly(target);
      });
    });
  }
  return d.dispose;
}
