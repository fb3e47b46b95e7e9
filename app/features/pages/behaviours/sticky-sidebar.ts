import { STICKY_SIDEBAR_MIN_WIDTH_PX, STICKY_SIDEBAR_SPACING_PX } from '../../../config/constants.ts';
import { Disposer, elementsOf, stickyHeaderHeight, type Cleanup } from './shared.ts';

/*
 * Sticky sidebar column (markup: render/index.tsx "sticky-sidebar"): from a viewport of
 * data-sticky-min (STICKY_SIDEBAR_MIN_WIDTH_PX) wide the column's inside sticks at
 * data-sticky-spacing (STICKY_SIDEBAR_SPACING_PX) plus the sticky header's height from the
 * top; narrower, it scrolls with the page. The column gets `is-sticky` while it applies.
 */

export function init(root: HTMLElement): Cleanup {
  const d = new Disposer();
  for (const col of elementsOf(root, 'sticky-sidebar')) {
    const inner = col.querySelector<HTMLElement>(':scope > .block-col__inner') ?? col;
    const min = Number(col.dataset.stickyMin) || STICKY_SIDEBAR_MIN_WIDTH_PX;
    const spacing = Number(col.dataset.stickySpacing) || STICKY_SIDEBAR_SPACING_PX;
    const wide = matchMedia(`(min-width: ${min}px)`);
    const apply = () => {
      col.classList.toggle('is-sticky', wide.matches);
      if (wide.matches) {
        inner.style.position = 'sticky';
        inner.style.top = `${spacing + stickyHeaderHeight()}px`;
      } else {
        inner.style.position = 'static';
        inner.style.top = '';
      }
    };
    apply();
    d.on(wide, 'change', apply);
    // The header's height changes as it sticks and unsticks.
    d.on(window, 'scroll', () => wide.matches && (inner.style.top = `${spacing + stickyHeaderHeight()}px`), { passive: true });
    d.add(() => {
      col.classList.remove('is-sticky');
      inner.style.position = '';
      inner.style.top = '';
    });
  }
  return d.dispose;
}
