import { useGetPuck, type UiState } from '@measured/puck';
import { useEffect, useRef, type ReactNode } from 'react';
import { perLanguage, t } from '../../../i18n/t-admin.ts';
import { clampPanel, PANEL_MIN_PX, PANEL_STEP_PX, panelMaxPx, type Side } from './panel-sizes.ts';

/*
 * The editor's side panels made operable by everyone (Puck's `puck` override, wrapping its
 * layout). The editor draws the panels, their fold buttons and a mouse-only drag handle on
 * each; this names the buttons and says whether their panel is open, names the panels, and
 * turns each handle into a focusable separator (its width in aria-valuenow) that the arrow
 * keys resize: → widens the left panel, ← the right one; Page Up/Down move further, Home
 * and End go to the narrowest and widest. Puck draws these anew as panels open and close,
 * so they are marked again on every change of its layout.
 */

const SIDES: readonly Side[] = ['left', 'right'];
const LABELS = perLanguage(() => ({
  left: { panel: t('admin.builder.leftPanel'), resize: t('admin.builder.resizeLeft') },
  right: { panel: t('admin.builder.rightPanel'), resize: t('admin.builder.resizeRight') },
}) as const);

/** Puck's own elements, by the stable part of their class names. */
const find = (root: HTMLElement, side: Side) => ({
  toggle: root.querySelector<HTMLButtonElement>(`[class*="PuckHeader-${side}SideBarToggle"] button`),
  panel: root.querySelector<HTMLElement>(`[class*="_Sidebar--${side}_"]`),
  handle: root.querySelector<HTMLElement>(`[class*="_ResizeHandle--${side}_"]`),
});

function set(el: Element, name: string, value: string | null) {
  if (value === null) el.removeAttribute(name);
  else if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

/** Names and states on the panels, their buttons and their handles, as the layout now is. */
function markPanels(root: HTMLElement) {
  for (const side of SIDES) {
    const { toggle, panel, handle } = find(root, side);
    const id = `builder-panel-${side}`;
    if (panel) {
      set(panel, 'id', id);
      set(panel, 'role', 'region');
      set(panel, 'aria-label', LABELS[side].panel);
    }
    if (toggle) {
      set(toggle, 'aria-label', LABELS[side].panel);
      set(toggle, 'title', LABELS[side].panel);
      set(toggle, 'aria-expanded', String(!!panel));
      set(toggle, 'aria-controls', panel ? id : null);
    }
    if (handle && panel) {
      const width = Math.round(panel.getBoundingClientRect().width);
      set(handle, 'data-builder-resize', side);
      set(handle, 'role', 'separator');
      set(handle, 'tabindex', '0');
      set(handle, 'aria-orientation', 'vertical');
      set(handle, 'aria-label', LABELS[side].resize);
      set(handle, 'aria-controls', id);
      set(handle, 'aria-valuemin', String(PANEL_MIN_PX));
      set(handle, 'aria-valuemax', String(panelMaxPx(window.innerWidth)));
      set(handle, 'aria-valuenow', String(width));
      set(handle, 'aria-valuetext', t('admin.builder.panelWidth', { n: width }));
    }
  }
}

/** The width a key asks for, or null for a key the handle leaves alone. */
function widthFor(key: string, side: Side, now: number): number | null {
  const wider = side === 'left' ? 'ArrowRight' : 'ArrowLeft';
  const narrower = side === 'left' ? 'ArrowLeft' : 'ArrowRight';
  if (key === wider) return now + PANEL_STEP_PX;
  if (key === narrower) return now - PANEL_STEP_PX;
  if (key === 'PageUp') return now + PANEL_STEP_PX * 5;
  if (key === 'PageDown') return now - PANEL_STEP_PX * 5;
  if (key === 'Home') return PANEL_MIN_PX;
  if (key === 'End') return panelMaxPx(window.innerWidth);
  return null;
}

export function PanelLayout({ children }: { children: ReactNode }) {
  const root = useRef<HTMLDivElement>(null);
  const getPuck = useGetPuck();
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    let frame = 0;
    const mark = () => {
      frame = 0;
      markPanels(el);
    };
    const later = () => {
      if (!frame) frame = requestAnimationFrame(mark);
    };
    mark();
    // Panels drawn or taken away, and their widths (a style on the layout) while dragged.
    const watch = new MutationObserver(later);
    watch.observe(el, { childList: true, subtree: true, attributes: true, attributeFilter: ['style', 'class'] });
    window.addEventListener('resize', later);
    const onKey = (e: KeyboardEvent) => {
      const handle = e.target instanceof HTMLElement ? e.target.closest<HTMLElement>('[data-builder-resize]') : null;
      const side = handle?.dataset.builderResize as Side | undefined;
      const panel = side ? find(el, side).panel : null;
      if (!side || !panel) return;
      const wanted = widthFor(e.key, side, panel.getBoundingClientRect().width);
      if (wanted === null) return;
      e.preventDefault();
      const key: keyof UiState = side === 'left' ? 'leftSideBarWidth' : 'rightSideBarWidth';
      getPuck().dispatch({ type: 'setUi', ui: { [key]: clampPanel(wanted, window.innerWidth) } });
    };
    el.addEventListener('keydown', onKey);
    return () => {
      cancelAnimationFrame(frame);
      watch.disconnect();
      window.removeEventListener('resize', later);
      el.removeEventListener('keydown', onKey);
    };
  }, [getPuck]);
  return (
    <div className="builder__layout" ref={root}>
      {children}
    </div>
  );
}
