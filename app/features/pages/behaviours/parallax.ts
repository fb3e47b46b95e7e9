import { PAGE_BEHAVIOUR } from '../../../config/constants.ts';
import { Disposer, elementsOf, reducedMotion, type Cleanup } from './shared.ts';

/*
 * Parallax (markup: render/index.tsx "parallax"): a section's background moves slower than
 * the page, by data-parallax (1–10). Off on phones (viewports up to
 * PAGE_BEHAVIOUR.parallaxMobileMaxPx wide) unless the section allows mobile parallax
 * (data-parallax-mobile) or the body does (class allow-mobile-parallax); off for reduced motion.
 */

export function init(root: HTMLElement): Cleanup {
  const d = new Disposer();
  if (reducedMotion()) return d.dispose;
  const phone = matchMedia(`(max-width: ${PAGE_BEHAVIOUR.parallaxMobileMaxPx}px)`);
  const sections = elementsOf(root, 'parallax');
  let frame = 0;
  const update = () => {
    frame = 0;
    for (const el of sections) {
      const allowed = !phone.matches || el.dataset.parallaxMobile === 'true' || document.body.classList.contains('allow-mobile-parallax');
      if (!allowed) {
        el.style.backgroundPositionY = '';
        el.classList.remove('is-parallax');
        continue;
      }
      const rect = el.getBoundingClientRect();
      if (rect.bottom < 0 || rect.top > window.innerHeight) continue;
      const limit = rect.height * PAGE_BEHAVIOUR.parallaxMaxShare;
      const shift = Math.max(-limit, Math.min(limit, (rect.top - window.innerHeight / 2) * Number(el.dataset.parallax) * PAGE_BEHAVIOUR.parallaxFactor));
      el.classList.add('is-parallax');
      el.style.backgroundPositionY = `calc(50% + ${shift.toFixed(1)}px)`;
    }
  };
  update();
  const schedule = () => (frame ||= requestAnimationFrame(update));
  d.on(window, 'scroll', schedule, { passive: true });
  d.on(window, 'resize', schedule, { passive: true });
  d.add(() => {
    cancelAnimationFrame(frame);
    sections.forEach((el) => {
      el.style.backgroundPositionY = '';
      el.classList.remove('is-parallax');
    });
  });
  return d.dispose;
}
