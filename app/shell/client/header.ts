import {
  DROPDOWN_REPOSITION_MIN_WIDTH_PX,
  HIDE_ON_SCROLL_SAMPLE_MS,
  HIDE_ON_SCROLL_TOLERANCE_PX,
  MENU_HOVER_INTENT,
  MENU_ID_REOPEN_MS,
  MOBILE_MENU_CLEAR_MS,
  MOBILE_SIDEBAR_LEVELS_DEFAULT,
  STICKY_HEADER_OFFSET_PX,
  SUBMENU_CLOSE_DELAY_MS,
} from '../../config/constants.ts';
import { hoverIntent, type HoverIntent } from './hover-intent.ts';
import { listen } from './listen.ts';

/*
 * The header's behaviour (theme spec §4), on the server's HTML (shell/site-header.tsx) through
 * delegated listeners on the window (listen.ts: heard before React, which stops events aimed
 * at the header while its island waits for its code), so the header island hydrating or
 * re-rendering changes nothing:
 *
 * - sticky once scrolled past its height + STICKY_HEADER_OFFSET_PX, released above; while
 *   stuck the transparent and dark-nav styles are taken off, and put back at the top; the
 *   hide-on-scroll variant samples the direction every HIDE_ON_SCROLL_SAMPLE_MS;
 * - dropdowns: hover intent, a tap on touch screens, the toggle button (disclosure pattern,
 *   `aria-expanded`), Escape, a click outside; closing takes SUBMENU_CLOSE_DELAY_MS; moved back
 *   inside the viewport when they overflow it, except under DROPDOWN_REPOSITION_MIN_WIDTH_PX;
 * - prompt items dim the page while hovered;
 * - the mobile menu slides in and out, its open state cleared MOBILE_MENU_CLEAR_MS after closing;
 *   submenus expand in place, or slide in as levels (sidebar style) with a "Main menu" back header;
 * - `?menu_id=` reopens that item's dropdown after MENU_ID_REOPEN_MS (the builder).
 */

const root = document.documentElement;
const OPEN = 'current-dropdown';
const CLOSING = 'dropdown-closing';
const intents = new WeakMap<Element, HoverIntent>();
const closeTimers = new WeakMap<Element, ReturnType<typeof setTimeout>>();
let lastTouch = 0;

const header = () => document.querySelector<HTMLElement>('.site-header');
const toggleOf = (li: Element) => li.querySelector<HTMLButtonElement>(':scope > .menu-item__toggle');

function reposition(li: HTMLElement) {
  const sub = li.querySelector<HTMLElement>(':scope > .main-nav__sub');
  if (!sub) return;
  sub.style.removeProperty('--dropdown-shift');
  if (window.innerWidth < DROPDOWN_REPOSITION_MIN_WIDTH_PX) return;
  const box = sub.getBoundingClientRect();
  const over = root.dir === 'rtl' ? -box.left : box.right - document.documentElement.clientWidth;
  if (over > 0) sub.style.setProperty('--dropdown-shift', `${-Math.ceil(over + 8)}px`);
}

export function openDropdown(li: HTMLElement) {
  clearTimeout(closeTimers.get(li));
  li.classList.remove(CLOSING);
  for (const other of document.querySelectorAll<HTMLElement>(`.main-nav .${OPEN}`)) if (other !== li) closeDropdown(other, true);
  li.classList.add(OPEN);
  toggleOf(li)?.setAttribute('aria-expanded', 'true');
  reposition(li);
}

export function closeDropdown(li: HTMLElement, now = false) {
  if (!li.classList.contains(OPEN)) return;
  toggleOf(li)?.setAttribute('aria-expanded', 'false');
  intents.get(li)?.cancel();
  const done = () => li.classList.remove(OPEN, CLOSING);
  if (now) return done();
  li.classList.add(CLOSING);
  closeTimers.set(li, setTimeout(done, SUBMENU_CLOSE_DELAY_MS));
}

const dropdownOf = (t: EventTarget | null) => (t instanceof Element ? t.closest<HTMLElement>('.main-nav .has-dropdown') : null);

function dropdowns() {
  listen('pointerover', (e) => {
    if (e.pointerType === 'touch') return;
    const target = e.target as Element;
    const prompt = target.closest?.('.menu-item--prompt');
    if (prompt && !prompt.contains(e.relatedTarget as Node)) root.classList.add('prompt-overlay');
    const li = dropdownOf(target);
    if (!li || li.contains(e.relatedTarget as Node)) return;
    let intent = intents.get(li);
    if (!intent) {
      intent = hoverIntent({ ...MENU_HOVER_INTENT, over: () => openDropdown(li), out: () => closeDropdown(li) });
      intents.set(li, intent);
    }
    intent.enter(e.clientX, e.clientY);
  });
  listen('pointermove', (e) => {
    const li = dropdownOf(e.target);
    if (li) intents.get(li)?.move(e.clientX, e.clientY);
  }, { passive: true });
  listen('pointerout', (e) => {
    const target = e.target as Element;
    const prompt = target.closest?.('.menu-item--prompt');
    if (prompt && !prompt.contains(e.relatedTarget as Node)) root.classList.remove('prompt-overlay');
    const li = dropdownOf(target);
    if (!li || li.contains(e.relatedTarget as Node)) return;
    const intent = intents.get(li);
    if (intent?.active) intent.leave();
    else if (intent) intent.cancel();
  });
  listen('touchstart', () => (lastTouch = Date.now()), { passive: true });
  // On a touch screen the first tap on a dropdown's link opens it; the next follows the link.
  // Heard before anything else (React's own listeners, the header island's while its code
  // loads), so the link is never followed — by the browser or by the router, which leaves a
  // click whose default was prevented alone.
  listen('click', (e) => {
    const target = e.target as Element;
    const li = dropdownOf(target);
    const link = target.closest?.('a');
    if (li && link && link.parentElement === li && Date.now() - lastTouch < 1000 && !li.classList.contains(OPEN)) {
      e.preventDefault();
      openDropdown(li);
    }
  });
  listen('click', (e) => {
    const target = e.target as Element;
    const toggle = target.closest?.('.main-nav .menu-item__toggle');
    const li = dropdownOf(target);
    if (toggle && li) {
      if (li.classList.contains(OPEN)) closeDropdown(li);
      else openDropdown(li);
      return;
    }
    // A click outside closes every open dropdown.
    for (const open of document.querySelectorAll<HTMLElement>(`.main-nav .${OPEN}`)) if (!open.contains(target)) closeDropdown(open);
  });
  listen('keydown', (e) => {
    if (e.key !== 'Escape') return;
    const li = dropdownOf(e.target) ?? document.querySelector<HTMLElement>(`.main-nav .${OPEN}`);
    if (!li?.classList.contains(OPEN)) return;
    closeDropdown(li, true);
    toggleOf(li)?.focus();
  });
  // Focus leaving an open dropdown (Tab past its last link) closes it.
  listen('focusout', (e) => {
    const li = dropdownOf(e.target);
    if (li && li.classList.contains(OPEN) && e.relatedTarget instanceof Node && !li.contains(e.relatedTarget)) closeDropdown(li, true);
  });
}

function sticky() {
  let stuck = false;
  let taken: string[] = [];
  let lastY = window.scrollY;
  let height = 0;
  const update = () => {
    const el = header();
    if (!el || !el.hasAttribute('data-sticky')) return;
    if (!stuck) height = el.offsetHeight;
    const past = window.scrollY > height + STICKY_HEADER_OFFSET_PX;
    if (past === stuck) return;
    stuck = past;
    if (stuck) {
      taken = ['site-header--transparent', 'site-header--dark-nav'].filter((c) => el.classList.contains(c));
      el.classList.remove(...taken);
      root.style.setProperty('--header-height', `${height}px`);
      el.classList.add('is-stuck');
      root.classList.add('header-stuck');
    } else {
      el.classList.remove('is-stuck', 'is-hidden');
      el.classList.add(...taken);
      root.classList.remove('header-stuck');
    }
  };
  window.addEventListener('scroll', update, { passive: true });
  update();
  // Hide on scroll: the direction every HIDE_ON_SCROLL_SAMPLE_MS, while stuck. A sample can
  // come between the scroll and its event: the stuck state is brought up to date first.
  setInterval(() => {
    update();
    const el = header();
    const y = window.scrollY;
    if (Math.abs(y - lastY) <= HIDE_ON_SCROLL_TOLERANCE_PX) return;
    if (el?.hasAttribute('data-hide-on-scroll')) el.classList.toggle('is-hidden', stuck && y > lastY);
    lastY = y;
  }, HIDE_ON_SCROLL_SAMPLE_MS);
}

function mobileMenu() {
  const details = () => document.querySelector<HTMLDetailsElement>('.mobile-nav');
  let clearTimer: ReturnType<typeof setTimeout> | undefined;
  // However it was opened (a click that landed while the page was still hydrating, the
  // keyboard), an open menu slides in: the toggle event follows every change of `open`.
  listen('toggle', (e) => {
    const nav = details();
    if (e.target === nav && nav?.open && !nav.classList.contains('is-closing')) root.classList.add('mobile-menu-open');
  });
  /** Closing: slides out, then the open state is cleared. */
  const close = (nav: HTMLDetailsElement) => {
    clearTimeout(clearTimer);
    root.classList.remove('mobile-menu-open');
    nav.classList.add('is-closing');
    clearTimer = setTimeout(() => {
      nav.open = false;
      nav.classList.remove('is-closing');
    }, MOBILE_MENU_CLEAR_MS);
  };
  // Escape closes the open menu, as it closes the dropdowns, and the focus goes back to its button.
  listen('keydown', (e) => {
    const nav = details();
    if (e.key !== 'Escape' || !nav?.open || nav.classList.contains('is-closing')) return;
    e.preventDefault();
    close(nav);
    nav.querySelector<HTMLElement>(':scope > summary')?.focus();
  });
  listen('click', (e) => {
    const target = e.target as Element;
    const nav = details();
    if (!nav) return;
    const summary = target.closest?.('.mobile-nav > summary');
    if (summary) {
      clearTimeout(clearTimer);
      if (!nav.open) {
        // Opens at once (the browser's own toggle); the class slides the panel in.
        requestAnimationFrame(() => root.classList.add('mobile-menu-open'));
        return;
      }
      e.preventDefault();
      close(nav);
      return;
    }
    const toggle = target.closest?.<HTMLButtonElement>('.mobile-nav__toggle');
    if (toggle) {
      const li = toggle.parentElement!;
      const depth = ancestors(li, nav);
      const levels = Number(nav.dataset.levels ?? (nav.classList.contains('mobile-nav--sidebar') ? MOBILE_SIDEBAR_LEVELS_DEFAULT : 0)) || 0;
      const open = toggle.getAttribute('aria-expanded') !== 'true';
      toggle.setAttribute('aria-expanded', String(open));
      li.classList.toggle('active', open);
      if (depth < levels) {
        // A level slides in over the list; its back button returns.
        li.classList.toggle('is-level-open', open);
        nav.classList.toggle('has-level-open', !!nav.querySelector('.is-level-open'));
        if (open) li.querySelector<HTMLElement>(':scope > .mobile-nav__level > .mobile-nav__back')?.focus();
      }
      return;
    }
    const back = target.closest?.('.mobile-nav__back');
    if (back) {
      const li = back.closest('li')!;
      li.classList.remove('is-level-open', 'active');
      const t = li.querySelector<HTMLButtonElement>(':scope > .mobile-nav__toggle');
      t?.setAttribute('aria-expanded', 'false');
      nav.classList.toggle('has-level-open', !!nav.querySelector('.is-level-open'));
      t?.focus();
    }
  });
}

/** How many submenu levels above the item (0 = top level). */
function ancestors(li: Element, nav: Element): number {
  let n = 0;
  for (let el = li.parentElement; el && el !== nav; el = el.parentElement) if (el.classList.contains('mobile-nav__sub')) n += 1;
  return n;
}

/** `?menu_id=ID` (the builder): that item's dropdown reopens after MENU_ID_REOPEN_MS. */
function menuIdParameter() {
  const id = new URLSearchParams(location.search).get('menu_id');
  if (!id) return;
  setTimeout(() => {
    const li = [...document.querySelectorAll<HTMLElement>('.main-nav [data-menu-id]')].find((el) => el.dataset.menuId === id);
    if (li?.classList.contains('has-dropdown')) openDropdown(li);
  }, MENU_ID_REOPEN_MS);
}

export function startHeader() {
  root.classList.add('js-header');
  dropdowns();
  sticky();
  mobileMenu();
  menuIdParameter();
}
