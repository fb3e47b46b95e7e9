/**
 * Limits and timings of block pages (theme specification §4 and §9, shop specification §9).
 * Isomorphic: the schema, the renderers and the client behaviours read the same numbers.
 */
import { ANCHOR_SCROLL_DURATION_MS, LIGHTBOX_CLOSE_DELAY_MS, PAGE_BEHAVIOUR, SCROLL_TO_DURATION_MS, SLIDER, STICKY_SIDEBAR_MIN_WIDTH_PX, STICKY_SIDEBAR_SPACING_PX } from '../../config/constants.ts';

/** A page tree may nest blocks this deep (a root block is at depth 1)… */
export const BLOCK_MAX_DEPTH = 20;
/** …and hold this many blocks in all. */
export const BLOCK_MAX_COUNT = 2000;
/** Revisions kept per page (older ones are dropped when a new one is written). */
export const PAGE_REVISIONS_KEPT = 50;
/** Revisions the editors list (the newest ones). */
export const PAGE_REVISIONS_SHOWN = 20;

/** Behaviour timings the client code applies to the markup the renderers write. */
export const BLOCK_TIMING = {
  /** Slider autoplay default, drag threshold, friction and attraction. */
  sliderAutoplayMs: SLIDER.autoplayMs,
  sliderDragThresholdPx: SLIDER.dragThresholdPx,
  sliderFriction: SLIDER.friction,
  sliderAttraction: SLIDER.attraction,
  /** Lightbox removal delay after closing; gallery preloads these neighbours. */
  lightboxCloseMs: LIGHTBOX_CLOSE_DELAY_MS,
  galleryPreload: [0, 1] as const,
  /** Accordion slide. */
  accordionMs: PAGE_BEHAVIOUR.accordionSlideMs,
  /** Scroll animations flip to animated this long after entering view. */
  animateDelayMs: PAGE_BEHAVIOUR.animateDelayMs,
  /** Lazy backgrounds load once this share of the element is visible. */
  lazyBgThreshold: PAGE_BEHAVIOUR.lazyBgThreshold,
  /** Tooltip delay and speed. */
  tooltipDelayMs: PAGE_BEHAVIOUR.tooltipDelayMs,
  tooltipSpeedMs: PAGE_BEHAVIOUR.tooltipSpeedMs,
  /** Back-to-top and scroll-for-more; scroll-to anchors (bullets). */
  scrollToMs: SCROLL_TO_DURATION_MS,
  anchorScrollMs: ANCHOR_SCROLL_DURATION_MS,
  /** Sticky sidebar column. */
  stickySidebarMinWidthPx: STICKY_SIDEBAR_MIN_WIDTH_PX,
  stickySidebarSpacingPx: STICKY_SIDEBAR_SPACING_PX,
} as const;
