import { PAGE_BEHAVIOUR } from '../../../config/constants.ts';
import { Disposer, elementsOf, reducedMotion, type Cleanup } from './shared.ts';

/*
 * Scroll animations (markup: render/index.tsx "animate"): div.block-animate[data-animate=<name>]
 * flips to `is-animated` PAGE_BEHAVIOUR.animateDelayMs after it comes into view (waypoint
 * offset 101 %: just before its top reaches the bottom of the view). Blocks below the view
 * wait hidden (`is-waiting`) once the behaviour controls them, then play their animation
 * (behaviours.css); blocks already in view when the page starts are never hidden. Reduced
 * motion: no animation, nothing hidden.
 */

export function init(root: HTMLElement): Cleanup {
  const d = new Disposer();
  const blocks = elementsOf(root, 'animate');
  if (reducedMotion()) {
    blocks.forEach((b) => b.classList.add('is-animated'));
    return d.dispose;
  }
  let first = true;
  const io = new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        const el = e.target as HTMLElement;
        if (!e.isIntersecting) {
          // Below the view at the start: hidden until it is reached.
          if (first && e.boundingClientRect.top > 0) el.classList.add('is-waiting');
          continue;
        }
        io.unobserve(el);
        d.timeout(() => el.classList.add('is-animated'), PAGE_BEHAVIOUR.animateDelayMs);
      }
      first = false;
    },
    { rootMargin: '0px 0px 1% 0px' },
  );
  blocks.forEach((b) => io.observe(b));
  d.add(() => {
    io.disconnect();
    blocks.forEach((b) => b.classList.remove('is-waiting', 'is-animated'));
  });
  return d.dispose;
}
