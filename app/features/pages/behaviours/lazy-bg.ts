import { PAGE_BEHAVIOUR } from '../../../config/constants.ts';
import { Disposer, elementsOf, type Cleanup } from './shared.ts';

/*
 * Lazy background images (markup: render/index.tsx "lazy-bg"): a section's data-bg picture
 * is set as its background once PAGE_BEHAVIOUR.lazyBgThreshold (10 %) of it is visible.
 */

export function init(root: HTMLElement): Cleanup {
  const d = new Disposer();
  const io = new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        if (!e.isIntersecting) continue;
        const el = e.target as HTMLElement;
        io.unobserve(el);
        el.style.backgroundImage = `url(${JSON.stringify(el.dataset.bg)})`;
        el.classList.add('is-bg-loaded');
      }
    },
    { threshold: PAGE_BEHAVIOUR.lazyBgThreshold },
  );
  elementsOf(root, 'lazy-bg').forEach((el) => el.dataset.bg && io.observe(el));
  d.add(() => io.disconnect());
  return d.dispose;
}
