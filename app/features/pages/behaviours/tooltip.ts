import { PAGE_BEHAVIOUR } from '../../../config/constants.ts';
import { Disposer, elementsOf, type Cleanup } from './shared.ts';

/*
 * Tooltips (markup: render/index.tsx "tooltip"): the tip shows PAGE_BEHAVIOUR.tooltipDelayMs
 * after the pointer or focus arrives and fades in over tooltipSpeedMs (behaviours.css); it
 * hides when both have left, and Escape dismisses it (WCAG 1.4.13). Without scripts CSS shows
 * it at once.
 */

export function init(root: HTMLElement): Cleanup {
  const d = new Disposer();
  for (const tip of elementsOf(root, 'tooltip')) {
    tip.classList.add('is-enhanced');
    tip.style.setProperty('--tooltip-speed', `${PAGE_BEHAVIOUR.tooltipSpeedMs}ms`);
    let timer = 0;
    let hovered = false;
    const show = () => {
      clearTimeout(timer);
      timer = window.setTimeout(() => tip.classList.add('is-open'), PAGE_BEHAVIOUR.tooltipDelayMs);
    };
    const hide = () => {
      clearTimeout(timer);
      if (!hovered && document.activeElement !== tip) tip.classList.remove('is-open');
    };
    d.on(tip, 'pointerenter', () => ((hovered = true), show()));
    d.on(tip, 'pointerleave', () => ((hovered = false), hide()));
    d.on(tip, 'focus', show);
    d.on(tip, 'blur', hide);
    d.on(tip, 'keydown', (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || !tip.classList.contains('is-open')) return;
      clearTimeout(timer);
      tip.classList.remove('is-open');
      e.stopPropagation();
    });
    d.add(() => {
      clearTimeout(timer);
      tip.classList.remove('is-enhanced', 'is-open');
    });
  }
  return d.dispose;
}
