import { LIGHTBOX_CLOSE_DELAY_MS } from '../../../config/constants.ts';
import { t } from '../../../i18n/t.ts';
import { Disposer, elementsOf, focusables, make, reducedMotion, type Cleanup } from './shared.ts';

/*
 * Lightboxes (markup: render/index.tsx "lightbox", "lightbox-open"). Any link whose target is
 * the id of a lightbox block opens it (buttons, menu links, links in text, the address on
 * load); images with a lightbox open their large picture. Open: `is-open`, aria-modal, focus
 * inside and kept there (Tab wraps), the page does not scroll. Close (× button, the dark
 * backdrop, Escape): `is-closing`, then removed after LIGHTBOX_CLOSE_DELAY_MS; focus goes back
 * to the opener.
 * - image/gallery: the pictures are links the behaviour turns into one picture at a time,
 *   making the current one and the next only (the list's data-preload, BLOCK_TIMING.galleryPreload); a picture that
 *   fails shows "The image #n could not be loaded." as a link to it.
 * - video: the player is made on opening with a spinner until it has loaded ("The content
 *   could not be loaded." when an own file fails), and removed on closing.
 * - inline: its children, or a copy of the block in data-content ("Content not found" if gone).
 * - off-canvas: slides in from data-pos; the page gets the classes `off-canvas-open` and data-class.
 */

/**
 * Makes everything outside `box` inert (not focusable, not read, not clickable) and returns
 * how to undo it: the siblings of the box and of each of its ancestors up to <body>.
 */
function inertOutside(box: HTMLElement): () => void {
  const made: HTMLElement[] = [];
  for (let el: HTMLElement | null = box; el && el !== document.body; el = el.parentElement) {
    for (const sibling of Array.from(el.parentElement?.children ?? [])) {
      if (sibling === el || !(sibling instanceof HTMLElement) || sibling.inert || sibling.tagName === 'SCRIPT') continue;
      sibling.inert = true;
      made.push(sibling);
    }
  }
  return () => made.forEach((el) => (el.inert = false));
}

/**
 * Puts an open lightbox in the browser's top layer (a manual popover): above the stuck header,
 * sticky columns and every stacking context of the page (block sections isolate their own),
 * wherever the box sits in the markup. Browsers without popovers keep it where it is.
 */
function toTopLayer(box: HTMLElement): void {
  if (typeof box.showPopover !== 'function' || box.matches(':popover-open')) return;
  box.setAttribute('popover', 'manual');
  box.showPopover();
}
function fromTopLayer(box: HTMLElement): void {
  if (!box.hasAttribute('popover')) return;
  if (box.matches(':popover-open')) box.hidePopover();
  box.removeAttribute('popover');
}

interface Open {
  box: HTMLElement;
  opener: HTMLElement | null;
  d: Disposer;
  /** Gives the rest of the page back (at once on closing: focus returns there). */
  outside?: () => void;
}

const ERROR = 'block-lightbox__error';

function message(text: string, href?: string): HTMLElement {
  const p = make('p', ERROR, { role: 'alert' });
  if (href) p.append(make('a', '', { href }, text));
  else p.textContent = text;
  return p;
}

/** Image and gallery lightboxes: one picture at a time, made when needed. */
function pictures(box: HTMLElement, d: Disposer, start = 0) {
  const list = box.querySelector<HTMLElement>('.block-lightbox__gallery');
  if (!list) return;
  const links = Array.from(list.querySelectorAll<HTMLAnchorElement>('a[data-src]'));
  if (links.length === 0) return;
  const stage = make('div', 'block-lightbox__stage');
  const made = new Map<number, HTMLElement>();
  const picture = (i: number) => {
    let el = made.get(i);
    if (el) return el;
    const a = links[i]!;
    const figure = make('figure', 'block-lightbox__figure', { 'data-index': String(i) });
    const img = make('img', '', { alt: a.dataset.alt ?? '', width: a.dataset.width ?? '', height: a.dataset.height ?? '', decoding: 'async' });
    img.addEventListener('error', () => figure.replaceChildren(message(t('behaviours.imageNotLoaded', { n: i + 1 }), a.getAttribute('href') ?? a.href)), { once: true });
    if (a.dataset.srcset) {
      img.srcset = a.dataset.srcset;
      img.sizes = `min(100vw, ${box.dataset.width ?? 650}px)`;
    }
    img.src = a.dataset.src ?? a.href;
    figure.append(img);
    figure.hidden = true;
    stage.append(figure);
    made.set(i, figure);
    el = figure;
    return el;
  };
  let preload: number[] = [0, 1];
  try {
    preload = (JSON.parse(list.dataset.preload ?? '[0,1]') as unknown[]).filter((n): n is number => Number.isInteger(n));
  } catch {
    // the default
  }
  let current = start;
  const counter = make('p', 'block-lightbox__counter', { 'aria-live': 'polite' });
  const show = (i: number) => {
    current = (i + links.length) % links.length;
    for (const offset of preload) picture((current + offset) % links.length);
    made.forEach((f, n) => (f.hidden = n !== current));
    if (links.length > 1) counter.textContent = links[current]!.textContent ?? '';
  };
  list.hidden = true;
  list.after(stage);
  if (links.length > 1) {
    const nav = make('div', 'block-lightbox__nav');
    const prev = make('button', 'button button--ghost', { type: 'button' }, t('behaviours.previousImage'));
    const next = make('button', 'button button--ghost', { type: 'button' }, t('behaviours.nextImage'));
    prev.addEventListener('click', () => show(current - 1));
    next.addEventListener('click', () => show(current + 1));
    nav.append(prev, counter, next);
    stage.after(nav);
    d.on(box, 'keydown', (e: KeyboardEvent) => {
      if (e.key === 'ArrowLeft') show(current - 1);
      else if (e.key === 'ArrowRight') show(current + 1);
    });
    d.add(() => nav.remove());
  }
  show(start);
  d.add(() => {
    stage.remove();
    list.hidden = false;
  });
}

/** Video lightboxes: the player, made now, with a spinner until it has loaded. */
function video(box: HTMLElement, d: Disposer) {
  const link = box.querySelector<HTMLAnchorElement>('a.block-lightbox__video[data-video-src]');
  if (!link) return;
  const frame = make('div', 'block-lightbox__player is-loading');
  const spinner = make('span', 'block-lightbox__spinner', { role: 'status' });
  spinner.append(make('span', 'visually-hidden', {}, t('behaviours.loading')));
  const done = () => {
    frame.classList.remove('is-loading');
    spinner.remove();
  };
  const fail = () => {
    done();
    frame.replaceChildren(message(t('behaviours.contentNotLoaded')));
    frame.classList.add('is-failed');
  };
  let player: HTMLIFrameElement | HTMLVideoElement;
  if (link.dataset.provider === 'self') {
    const v = make('video', '', { controls: '', playsinline: '', preload: 'auto' });
    v.addEventListener('loadeddata', done, { once: true });
    v.addEventListener('error', fail, { once: true });
    v.src = link.dataset.videoSrc!;
    if (!reducedMotion()) v.autoplay = true;
    player = v;
  } else {
    const f = make('iframe', '', { title: link.textContent ?? '', allow: 'autoplay; fullscreen; picture-in-picture; encrypted-media', allowfullscreen: '', referrerpolicy: 'strict-origin-when-cross-origin' });
    f.addEventListener('load', done, { once: true });
    f.src = link.dataset.videoSrc!;
    player = f;
  }
  frame.append(spinner, player);
  link.hidden = true;
  link.after(frame);
  d.add(() => {
    frame.remove();
    link.hidden = false;
  });
}

/** Inline lightboxes showing another block: a copy of it (ids dropped), or "Content not found". */
function inline(box: HTMLElement, d: Disposer) {
  const selector = box.dataset.content;
  if (!selector) return;
  const link = box.querySelector<HTMLElement>('.block-lightbox__content-link');
  let source: Element | null = null;
  try {
    source = document.querySelector(selector);
  } catch {
    source = null;
  }
  let shown: HTMLElement;
  if (!source || box.contains(source)) shown = message(t('behaviours.contentNotFound'));
  else {
    shown = make('div', 'block-lightbox__content');
    const copy = source.cloneNode(true) as HTMLElement;
    for (const el of [copy, ...copy.querySelectorAll<HTMLElement>('[id]')]) el.removeAttribute('id');
    copy.querySelectorAll('.block-edit').forEach((el) => el.remove());
    shown.append(copy);
  }
  if (link) link.hidden = true;
  (link ?? box.querySelector('.block-lightbox__title'))?.after(shown);
  d.add(() => {
    shown.remove();
    if (link) link.hidden = false;
  });
}

/** A lightbox for an image block's large picture (a[data-lightbox="image"]), made on demand. */
function zoomBox(link: HTMLAnchorElement, root: HTMLElement): HTMLElement {
  const img = link.querySelector('img');
  const box = make('div', 'block-lightbox block-lightbox--image is-generated is-enhanced', { 'data-lightbox': 'image', role: 'dialog', 'aria-label': img?.alt || link.textContent || '' });
  const panel = make('div', 'block-lightbox__panel');
  const list = make('ul', 'block-lightbox__gallery');
  const li = make('li');
  li.append(make('a', '', { href: link.href, 'data-src': link.href, 'data-alt': img?.alt ?? '', 'data-index': '0' }, img?.alt ?? ''));
  list.append(li);
  const close = make('a', 'block-lightbox__close', { href: '#_', 'aria-label': t('pages.close') });
  close.innerHTML = '<span aria-hidden="true">×</span>';
  panel.append(list, close);
  box.append(panel);
  root.append(box);
  return box;
}

export function init(root: HTMLElement): Cleanup {
  const d = new Disposer();
  const boxes = new Set(elementsOf(root, 'lightbox'));
  boxes.forEach((b) => b.classList.add('is-enhanced'));
  let open: Open | null = null;
  const pending = new Map<HTMLElement, Disposer>();

  const close = (focusBack = true) => {
    const was = open;
    if (!was) return;
    open = null;
    const { box, opener } = was;
    was.outside?.();
    box.classList.remove('is-open');
    box.classList.add('is-closing');
    box.removeAttribute('aria-modal');
    document.documentElement.classList.remove('lightbox-open', 'off-canvas-open');
    if (box.dataset.class) document.documentElement.classList.remove(box.dataset.class);
    was.d.add(() => box.classList.remove('is-closing'));
    // Out of the top layer once it has faded (or when it opens again before that).
    was.d.add(() => fromTopLayer(box));
    was.d.timeout(() => {
      was.d.dispose();
      if (box.classList.contains('is-generated')) box.remove();
    }, reducedMotion() ? 0 : LIGHTBOX_CLOSE_DELAY_MS);
    // Removal is later: reopening meanwhile finishes it first (pending).
    pending.set(box, was.d);
    was.d.add(() => pending.delete(box));
    if (location.hash === `#${box.id}`) history.replaceState(history.state, '', location.pathname + location.search);
    if (focusBack && opener?.isConnected) opener.focus();
  };

  const show = (box: HTMLElement, opener: HTMLElement | null, start = 0) => {
    if (open?.box === box) return;
    close(false);
    const d2 = new Disposer();
    open = { box, opener, d: d2 };
    pending.get(box)?.dispose();
    box.classList.remove('is-closing');
    box.classList.add('is-open');
    box.setAttribute('aria-modal', 'true');
    toTopLayer(box);
    open.outside = inertOutside(box);
    document.documentElement.classList.add('lightbox-open');
    const kind = box.dataset.lightbox;
    if (kind === 'off-canvas') {
      document.documentElement.classList.add('off-canvas-open');
      if (box.dataset.class) document.documentElement.classList.add(box.dataset.class);
    }
    if (kind === 'image' || kind === 'gallery') pictures(box, d2, start);
    else if (kind === 'video') video(box, d2);
    else if (kind === 'inline') inline(box, d2);
    const first = box.querySelector<HTMLElement>('.block-lightbox__close') ?? focusables(box)[0];
    first?.focus();
  };

  const lightboxOf = (hash: string): HTMLElement | null => {
    if (!hash || hash === '#' || hash === '#_') return null;
    const el = document.getElementById(decodeURIComponent(hash.slice(1)));
    return el && boxes.has(el) ? el : null;
  };

  d.on(document, 'click', (e: MouseEvent) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const target = e.target as Element;
    if (open) {
      const box = open.box;
      if (target.closest('.block-lightbox__close') && box.contains(target)) {
        e.preventDefault();
        close();
        return;
      }
      // A click on the dark backdrop (outside the panel) closes.
      if (target === box) {
        e.preventDefault();
        close();
        return;
      }
    }
    const link = target.closest?.<HTMLAnchorElement>('a[href]');
    if (!link) return;
    if (link.dataset.lightbox === 'image' && root.contains(link)) {
      e.preventDefault();
      show(zoomBox(link, root), link);
      return;
    }
    const box = link.origin === location.origin && link.pathname === location.pathname ? lightboxOf(link.hash) : null;
    if (!box) return;
    e.preventDefault();
    show(box, link);
  });

  d.on(document, 'keydown', (e: KeyboardEvent) => {
    if (!open) return;
    if (e.key === 'Escape') {
      e.preventDefault();
      close();
      return;
    }
    if (e.key !== 'Tab') return;
    const items = focusables(open.box);
    if (items.length === 0) return e.preventDefault();
    const first = items[0]!;
    const last = items[items.length - 1]!;
    const inside = open.box.contains(document.activeElement);
    if (e.shiftKey && (document.activeElement === first || !inside)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && (document.activeElement === last || !inside)) {
      e.preventDefault();
      first.focus();
    }
  });

  // The address names a lightbox (a link from another page): open it.
  const named = lightboxOf(location.hash);
  if (named) show(named, null);
  d.on(window, 'hashchange', () => {
    const box = lightboxOf(location.hash);
    if (box) show(box, null);
  });

  d.add(() => {
    close(false);
    pending.forEach((p) => p.dispose());
    boxes.forEach((b) => b.classList.remove('is-enhanced'));
  });
  return d.dispose;
}
