import type { UiState } from '@measured/puck';
import { z } from 'zod';

/*
 * The builder's side panels as the admin left them (open or folded, how wide), kept in this
 * browser's local storage and read again when the builder starts. Below PANELS_SIDE_BY_SIDE
 * the panels lie over the canvas one at a time and the editor folds them at start: what is
 * done there is not taken as the admin's choice for a wider window.
 */

export type Side = 'left' | 'right';

/** The narrowest a panel gets by its handle (the editor's own drag stops there too). */
export const PANEL_MIN_PX = 192;
/** The widest, as a share of the window (builder.css caps a wider stored width the same way). */
export const PANEL_MAX_SHARE = 0.4;
/** One arrow key press on a panel's handle; Page Up/Down move five times as far. */
export const PANEL_STEP_PX = 16;
/** From this window width up the panels stand beside the canvas (the editor's own breakpoint). */
export const PANELS_SIDE_BY_SIDE = '(min-width: 638px)';

const STORAGE_KEY = 'vitrine-builder-panels';

const width = z.number().int().min(PANEL_MIN_PX).max(4000);
const storedSchema = z.object({
  left: z.boolean().optional(),
  right: z.boolean().optional(),
  leftWidth: width.optional(),
  rightWidth: width.optional(),
});
type Stored = z.infer<typeof storedSchema>;

/** The widest a panel may be in a window this wide. */
export const panelMaxPx = (windowWidth: number) => Math.max(PANEL_MIN_PX, Math.round(windowWidth * PANEL_MAX_SHARE));

/** A width brought within the panel's bounds. */
export const clampPanel = (px: number, windowWidth: number) => Math.min(panelMaxPx(windowWidth), Math.max(PANEL_MIN_PX, Math.round(px)));

/** What was stored, as the editor's starting UI state; nothing for a missing or damaged entry. */
export function parsePanels(raw: string | null): Partial<UiState> {
  let json: unknown;
  try {
    json = raw === null ? null : JSON.parse(raw);
  } catch {
    return {};
  }
  const parsed = storedSchema.safeParse(json);
  if (!parsed.success) return {};
  const { left, right, leftWidth, rightWidth } = parsed.data;
  const ui: Partial<UiState> = {};
  if (left !== undefined) ui.leftSideBarVisible = left;
  if (right !== undefined) ui.rightSideBarVisible = right;
  if (leftWidth !== undefined) ui.leftSideBarWidth = leftWidth;
  if (rightWidth !== undefined) ui.rightSideBarWidth = rightWidth;
  return ui;
}

/** The stored entry for the editor's UI state: widths within bounds, openness only from a wide window. */
export function panelsEntry(ui: Pick<UiState, 'leftSideBarVisible' | 'rightSideBarVisible' | 'leftSideBarWidth' | 'rightSideBarWidth'>, windowWidth: number, sideBySide: boolean, before: Partial<UiState>): Stored {
  const entry: Stored = {};
  const left = sideBySide ? ui.leftSideBarVisible : before.leftSideBarVisible;
  const right = sideBySide ? ui.rightSideBarVisible : before.rightSideBarVisible;
  if (left !== undefined) entry.left = left;
  if (right !== undefined) entry.right = right;
  if (ui.leftSideBarWidth) entry.leftWidth = clampPanel(ui.leftSideBarWidth, windowWidth);
  if (ui.rightSideBarWidth) entry.rightWidth = clampPanel(ui.rightSideBarWidth, windowWidth);
  return entry;
}

/** The panels as stored in this browser (nothing where storage is unavailable). */
export function readPanels(): Partial<UiState> {
  try {
    return parsePanels(window.localStorage.getItem(STORAGE_KEY));
  } catch {
    return {};
  }
}

/** Keeps the panels as the editor now shows them. */
export function savePanels(ui: UiState): void {
  try {
    const entry = panelsEntry(ui, window.innerWidth, window.matchMedia(PANELS_SIDE_BY_SIDE).matches, readPanels());
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(entry));
  } catch {
    // Storage full or refused: the panels simply start as the editor's defaults next time.
  }
}
