import EmblaCarousel, { type EmblaCarouselType } from 'embla-carousel';
import { SLIDER } from '../../../config/constants.ts';
import { t } from '../../../i18n/t.ts';
import { Disposer, elementsOf, make, reducedMotion, type Cleanup } from './shared.ts';

/*
 * Slider (markup: render/index.tsx "slider"), on Embla Carousel: the server's scroll-snap
 * list becomes a carousel (APG carousel pattern) with the options of data-flickity-options:
 * autoplay (default SLIDER.autoplayMs; paused while the pointer or focus is inside, stopped
 * for reduced motion or by the visitor's stop button), drag threshold SLIDER.dragThresholdPx,
 * previous/next buttons and page dots (on by default), wrap around, slides per view. Flickity's
 * attraction is Embla's duration (1 / attraction frames to settle); its friction is Embla's own
 * (0.32 per frame, close to 0.28). Arrow keys on the slides move one slide. The slides are
 * announced (aria-live polite) only while autoplay is off.
 */

interface Options {
  autoPlay?: number | false;
  prevNextButtons?: boolean;
  pageDots?: boolean;
  draggable?: boolean;
  dragThreshold?: number;
  friction?: number;
  selectedAttraction?: number;
  wrapAround?: boolean;
  perView?: number;
}

function optionsOf(el: HTMLElement): Options {
  try {
    return JSON.parse(el.dataset.flickityOptions ?? '{}') as Options;
  } catch {
    return {};
  }
}

let count = 0;

function enhance(box: HTMLElement): Cleanup {
  const d = new Disposer();
  const track = box.querySelector<HTMLElement>(':scope > .block-slider__track');
  if (!track) return d.dispose;
  const slides = Array.from(track.querySelectorAll<HTMLElement>(':scope > .block-slider__slide'));
  if (slides.length === 0) return d.dispose;
  const o = optionsOf(box);
  const autoplayMs = o.autoPlay === false ? 0 : typeof o.autoPlay === 'number' ? o.autoPlay : SLIDER.autoplayMs;
  const id = track.id || `block-slider-${++count}`;
  track.id = id;

  box.classList.add('is-enhanced');
  // A picture's own drag (to the desktop) would take the pointer from the carousel.
  track.querySelectorAll('img').forEach((img) => (img.draggable = false));
  const embla: EmblaCarouselType = EmblaCarousel(box, {
    container: track,
    slides,
    loop: o.wrapAround ?? true,
    align: 'start',
    // Only the slides drag: a press on the controls (inside the carousel's root) would otherwise
    // stop a running move and snap, before the button's own click moves on again.
    watchDrag: (o.draggable ?? true) ? (_api, evt) => !(evt.target instanceof Element && evt.target.closest('.block-slider__controls')) : false,
    dragThreshold: o.dragThreshold ?? SLIDER.dragThresholdPx,
    duration: Math.round(1 / (o.selectedAttraction ?? SLIDER.attraction)),
    slidesToScroll: 1,
    containScroll: 'trimSnaps',
  });
  d.add(() => {
    embla.destroy();
    box.classList.remove('is-enhanced');
  });

  // Controls: previous/next, stop/play, dots; all real buttons after the slides.
  const controls = make('div', 'block-slider__controls');
  const prev = make('button', 'block-slider__arrow block-slider__arrow--prev', { type: 'button', 'aria-controls': id, 'aria-label': t('behaviours.previousSlide') });
  const next = make('button', 'block-slider__arrow block-slider__arrow--next', { type: 'button', 'aria-controls': id, 'aria-label': t('behaviours.nextSlide') });
  prev.innerHTML = '<span aria-hidden="true">‹</span>';
  next.innerHTML = '<span aria-hidden="true">›</span>';
  const dots = make('div', 'block-slider__dots', { role: 'group', 'aria-label': t('behaviours.slides') });
  let dotButtons: HTMLButtonElement[] = [];
  const buildDots = () => {
    dots.replaceChildren();
    dotButtons = embla.scrollSnapList().map((_, i) => {
      const b = make('button', 'block-slider__dot', { type: 'button', 'aria-controls': id, 'aria-label': t('behaviours.goToSlide', { n: i + 1 }) });
      b.addEventListener('click', () => embla.scrollTo(i));
      dots.append(b);
      return b;
    });
  };
  const toggle = make('button', 'block-slider__play', { type: 'button', 'aria-controls': id });
  if (autoplayMs > 0) controls.append(toggle);
  if (o.prevNextButtons ?? true) controls.append(prev, next);
  if (o.pageDots ?? true) {
    buildDots();
    controls.append(dots);
  }
  box.append(controls);
  d.add(() => controls.remove());
  prev.addEventListener('click', () => embla.scrollPrev());
  next.addEventListener('click', () => embla.scrollNext());

  const update = () => {
    const at = embla.selectedScrollSnap();
    dotButtons.forEach((b, i) => (i === at ? b.setAttribute('aria-current', 'true') : b.removeAttribute('aria-current')));
    prev.disabled = !embla.canScrollPrev();
    next.disabled = !embla.canScrollNext();
    const inView = new Set(embla.slidesInView());
    slides.forEach((s, i) => s.classList.toggle('is-selected', inView.has(i)));
    if (box.dataset.selected !== String(at)) box.dataset.selected = String(at);
  };
  embla.on('select', update);
  embla.on('slidesInView', update);
  embla.on('reInit', () => {
    if (o.pageDots ?? true) buildDots();
    update();
  });
  update();

  // Autoplay: every autoplayMs while nobody is inside and the visitor has not stopped it.
  let stopped = reducedMotion() || autoplayMs === 0;
  let paused = false;
  let timer = 0;
  const schedule = () => {
    clearInterval(timer);
    const running = !stopped && !paused;
    track.setAttribute('aria-live', stopped ? 'polite' : 'off');
    box.dataset.autoplay = running ? 'playing' : stopped ? 'stopped' : 'paused';
    if (running) timer = window.setInterval(() => embla.scrollNext(), autoplayMs);
  };
  const label = () => {
    toggle.textContent = '';
    toggle.append(make('span', 'visually-hidden', {}, t(stopped ? 'behaviours.playSlides' : 'behaviours.pauseSlides')));
    toggle.append(make('span', '', { 'aria-hidden': 'true' }, stopped ? '▶' : '❚❚'));
  };
  label();
  toggle.addEventListener('click', () => {
    stopped = !stopped;
    label();
    schedule();
  });
  const inside = new Set<string>();
  const pause = (why: string, on: boolean) => {
    if (on) inside.add(why);
    else inside.delete(why);
    paused = inside.size > 0;
    schedule();
  };
  d.on(box, 'pointerenter', () => pause('pointer', true));
  d.on(box, 'pointerleave', () => pause('pointer', false));
  d.on(box, 'focusin', () => pause('focus', true));
  d.on(box, 'focusout', (e: FocusEvent) => !box.contains(e.relatedTarget as Node) && pause('focus', false));
  // Dragging restarts the wait for the next slide.
  embla.on('pointerUp', schedule);
  schedule();
  d.add(() => {
    clearInterval(timer);
    track.removeAttribute('aria-live');
    delete box.dataset.autoplay;
  });

  d.on(track, 'keydown', (e: KeyboardEvent) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    const back = (e.key === 'ArrowLeft') !== (getComputedStyle(box).direction === 'rtl');
    if (back) embla.scrollPrev();
    else embla.scrollNext();
  });
  return d.dispose;
}

export function init(root: HTMLElement): Cleanup {
  const d = new Disposer();
  for (const box of elementsOf(root, 'slider')) d.add(enhance(box));
  return d.dispose;
}
