/*
 * Helpers the page behaviours share (features/pages/behaviours). Browser-only: these modules
 * are imported dynamically by the loader, never by server code.
 */
import './behaviours.css';
import { STICKY_HEADER_OFFSET_PX } from '../../../config/constants.ts';

/** Undoes what a behaviour did to the page (listeners, observers, timers). */
export type Cleanup = () => void;
/** A behaviour enhances the blocks inside the page root and returns its cleanup. */
export type Init = (root: HTMLElement) => Cleanup;

/** The elements of one behaviour inside the page root (markup contract: data-behaviour, space separated). */
export function elementsOf<E extends HTMLElement = HTMLElement>(root: ParentNode, name: string): E[] {
  return Array.from(root.querySelectorAll<E>(`[data-behaviour~="${name}"]`));
}

/** True when the visitor asked for less motion: no autoplay, no slides, no smooth scrolling. */
export function reducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Collects cleanups; `add` returns its argument's cleanup for chaining. */
export class Disposer {
  private list: Cleanup[] = [];
  add(fn: Cleanup): void {
    this.list.push(fn);
  }
  on<K extends keyof HTMLElementEventMap>(el: EventTarget, type: K | string, fn: (e: HTMLElementEventMap[K]) => void, opts?: AddEventListenerOptions): void {
    el.addEventListener(type, fn as EventListener, opts);
    this.list.push(() => el.removeEventListener(type, fn as EventListener, opts));
  }
  timeout(fn: () => void, ms: number): number {
    const id = window.setTimeout(fn, ms);
    this.list.push(() => clearTimeout(id));
    return id;
  }
  dispose = (): void => {
    for (const fn of this.list.splice(0).reverse()) fn();
  };
}

/**
 * The height of the header while it sticks to the top at scroll position `atY` (0 when it does
 * not): anchors and the sticky sidebar keep clear of it. The header publishes it as
 * --sticky-header-height; else a header marked data-sticky sticks once the page is scrolled past
 * its height + STICKY_HEADER_OFFSET_PX (shell/client/header.ts), so a scroll that ends there must
 * leave room for it even when it starts at the top; a hide-on-scroll header is away while the
 * page goes down. Any other fixed or sticky header is measured as it is.
 */
export function stickyHeaderHeight(atY = window.scrollY): number {
  const fromVar = parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--sticky-header-height'));
  if (Number.isFinite(fromVar)) return fromVar;
  const header = document.querySelector<HTMLElement>('.site-header');
  if (!header) return 0;
  if (header.hasAttribute('data-sticky')) {
    const height = header.classList.contains('is-stuck') ? header.getBoundingClientRect().height : header.offsetHeight;
    if (header.hasAttribute('data-hide-on-scroll') && (atY > window.scrollY || header.classList.contains('is-hidden'))) return 0;
    return atY > height + STICKY_HEADER_OFFSET_PX ? height : 0;
  }
  const pos = getComputedStyle(header).position;
  return pos === 'fixed' || pos === 'sticky' ? header.getBoundingClientRect().height : 0;
}

const ease = (t: number) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);
let scrolling = 0;

/**
 * Scrolls the window to `top` over `ms` (ease in-out), at once when the visitor prefers less
 * motion. Resolves when there. A newer scroll cancels an older one.
 */
export function scrollWindowTo(top: number, ms: number): Promise<void> {
  const id = ++scrolling;
  const max = document.documentElement.scrollHeight - window.innerHeight;
  const target = Math.max(0, Math.min(top, max));
  const from = window.scrollY;
  if (reducedMotion() || ms <= 0 || Math.abs(target - from) < 1) {
    window.scrollTo({ top: target, behavior: 'instant' });
    return Promise.resolve();
  }
  const start = performance.now();
  return new Promise((resolve) => {
    const step = (now: number) => {
      if (id !== scrolling) return resolve();
      const t = Math.min(1, (now - start) / ms);
      window.scrollTo({ top: from + (target - from) * ease(t), behavior: 'instant' });
      if (t < 1) requestAnimationFrame(step);
      else resolve();
    };
    requestAnimationFrame(step);
  });
}

/** Where an element's top is in the document, less the sticky header and a margin. */
export function topOf(el: Element, offset = 0): number {
  const top = el.getBoundingClientRect().top + window.scrollY - offset;
  return top - stickyHeaderHeight(top);
}

/** Moves focus to an element without scrolling (a target that is not focusable becomes so, for this once). */
export function focusQuietly(el: HTMLElement): void {
  if (!el.matches('a[href], button, input, select, textarea, [tabindex]')) el.setAttribute('tabindex', '-1');
  el.focus({ preventScroll: true });
}

/** The elements inside `box` that take keyboard focus, in order. */
export function focusables(box: HTMLElement): HTMLElement[] {
  return Array.from(
    box.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input:not([disabled]), select, textarea, iframe, video[controls], [tabindex]:not([tabindex="-1"])'),
  ).filter((el) => el.getClientRects().length > 0 && !el.closest('[hidden], [inert]'));
}

/** An element from a tag, class names and attributes. */
export function make<K extends keyof HTMLElementTagNameMap>(tag: K, className = '', attrs: Record<string, string> = {}, text = ''): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  if (className) el.className = className;
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (text) el.textContent = text;
  return el;
}
