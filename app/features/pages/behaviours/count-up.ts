import { PAGE_BEHAVIOUR } from '../../../config/constants.ts';
import { Disposer, elementsOf, reducedMotion, type Cleanup } from './shared.ts';

/*
 * Count-up (markup: render/index.tsx "count-up"): span.count-up[data-value] runs once from 0 to
 * its value in PAGE_BEHAVIOUR.countUpSteps whole-number steps when it is reached (its top at
 * the bottom of the view: offset 100 %), then gets `is-active`. Until reached it shows the
 * value itself (nobody sees it: it is out of view); for reduced motion it stays so.
 */

export function init(root: HTMLElement): Cleanup {
  const d = new Disposer();
  const numbers = elementsOf(root, 'count-up').flatMap((block) => Array.from(block.querySelectorAll<HTMLElement>('.count-up[data-value]')));
  const run = (el: HTMLElement) => {
    const value = Number(el.dataset.value);
    const steps = PAGE_BEHAVIOUR.countUpSteps;
    if (!Number.isFinite(value) || reducedMotion()) {
      el.classList.add('is-active');
      return;
    }
    el.textContent = '0';
    for (let i = 1; i <= steps; i++) {
      d.timeout(() => {
        el.textContent = String(Math.round((value * i) / steps));
        if (i === steps) el.classList.add('is-active');
      }, i * PAGE_BEHAVIOUR.countUpStepMs);
    }
  };
  const io = new IntersectionObserver((entries) => {
    for (const e of entries) {
      if (!e.isIntersecting) continue;
      io.unobserve(e.target);
      run(e.target as HTMLElement);
    }
  });
  numbers.forEach((n) => io.observe(n));
  d.add(() => io.disconnect());
  return d.dispose;
}
