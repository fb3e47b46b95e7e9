import { PAGE_BEHAVIOUR } from '../../../config/constants.ts';
import { Disposer, elementsOf, reducedMotion, type Cleanup } from './shared.ts';

/*
 * Accordion (markup: render/index.tsx "accordion"): native <details> items, one open at a
 * time; the item named by data-rel (1-based) starts open; opening and closing slide over
 * PAGE_BEHAVIOUR.accordionSlideMs (at once for reduced motion); each summary states
 * aria-expanded.
 */

export function init(root: HTMLElement): Cleanup {
  const d = new Disposer();
  for (const box of elementsOf(root, 'accordion')) {
    const items = Array.from(box.querySelectorAll<HTMLDetailsElement>(':scope > details.block-accordion__item'));
    const summaryOf = (item: HTMLDetailsElement) => item.querySelector<HTMLElement>(':scope > summary')!;
    const innerOf = (item: HTMLDetailsElement) => item.querySelector<HTMLElement>(':scope > .block-accordion__inner');
    // The state each item is going to (an item sliding closed is still open until it has).
    const want = new Map<HTMLDetailsElement, boolean>();
    const isOpen = (item: HTMLDetailsElement) => want.get(item) ?? item.open;
    const mark = () => items.forEach((item) => summaryOf(item).setAttribute('aria-expanded', String(isOpen(item))));

    const slide = (item: HTMLDetailsElement, open: boolean) => {
      const inner = innerOf(item);
      const ms = reducedMotion() ? 0 : PAGE_BEHAVIOUR.accordionSlideMs;
      inner?.getAnimations().forEach((a) => a.cancel());
      want.set(item, open);
      if (open) item.open = true;
      if (!inner || ms === 0) {
        item.open = open;
        want.delete(item);
        mark();
        return;
      }
      const full = `${inner.scrollHeight}px`;
      const frames = open ? [{ height: '0px' }, { height: full }] : [{ height: full }, { height: '0px' }];
      const anim = inner.animate(frames, { duration: ms, easing: 'ease-in-out' });
      inner.style.overflow = 'hidden';
      mark();
      anim.onfinish = () => {
        inner.style.overflow = '';
        if (!open) item.open = false;
        want.delete(item);
        mark();
      };
    };

    // The item named by data-rel starts open (the server wrote it so; a restored page may differ).
    const rel = Number(box.dataset.rel ?? 0);
    items.forEach((item, i) => (item.open = rel > 0 ? i + 1 === rel : item.open && items.findIndex((x) => x.open) === i));
    mark();

    for (const item of items) {
      const summary = summaryOf(item);
      d.on(summary, 'click', (e: MouseEvent) => {
        e.preventDefault();
        const opening = !isOpen(item);
        if (opening) for (const other of items) if (other !== item && isOpen(other)) slide(other, false);
        slide(item, opening);
      });
      // Opened another way (find in page, a link to something inside): still one at a time.
      d.on(item, 'toggle', () => {
        if (want.has(item)) return;
        if (item.open) for (const other of items) if (other !== item && isOpen(other)) slide(other, false);
        mark();
      });
    }
    d.add(() => items.forEach((item) => summaryOf(item).removeAttribute('aria-expanded')));
  }
  return d.dispose;
}
