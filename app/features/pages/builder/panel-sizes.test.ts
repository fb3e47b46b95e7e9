import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clampPanel, PANEL_MIN_PX, panelMaxPx, panelsEntry, parsePanels } from './panel-sizes.ts';

describe('the builder panels kept in the browser', () => {
  it('reads back what was stored as the editor’s starting state', () => {
    expect(parsePanels(JSON.stringify({ left: false, right: true, leftWidth: 240, rightWidth: 320 }))).toEqual({
      leftSideBarVisible: false,
      rightSideBarVisible: true,
      leftSideBarWidth: 240,
      rightSideBarWidth: 320,
    });
    expect(parsePanels(JSON.stringify({ right: false }))).toEqual({ rightSideBarVisible: false });
  });

  it('starts from the editor’s defaults when the entry is missing or damaged', () => {
    for (const raw of [null, '', '{', 'null', '[]', '"wide"', JSON.stringify({ leftWidth: 12 }), JSON.stringify({ left: 'yes' }), JSON.stringify({ rightWidth: 250.5 })]) {
      expect(parsePanels(raw), String(raw)).toEqual({});
    }
  });

  it('keeps any width within bounds for the window', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.integer({ min: 320, max: 4000 }), (px, window) => {
        const w = clampPanel(px, window);
        expect(Number.isInteger(w)).toBe(true);
        expect(w).toBeGreaterThanOrEqual(PANEL_MIN_PX);
        expect(w).toBeLessThanOrEqual(panelMaxPx(window));
      }),
    );
    expect(clampPanel(300, 1440)).toBe(300);
    expect(panelMaxPx(1440)).toBe(576);
  });

  it('takes whether a panel is open only from a window wide enough to show both', () => {
    const ui = { leftSideBarVisible: false, rightSideBarVisible: false, leftSideBarWidth: 900, rightSideBarWidth: null };
    // On a phone the editor folds both panels itself: the choice made on a wide window stays.
    expect(panelsEntry(ui, 390, false, { leftSideBarVisible: true, rightSideBarVisible: true })).toEqual({ left: true, right: true, leftWidth: PANEL_MIN_PX });
    expect(panelsEntry(ui, 1440, true, { leftSideBarVisible: true })).toEqual({ left: false, right: false, leftWidth: 576 });
    // What is stored reads back as it was meant.
    expect(parsePanels(JSON.stringify(panelsEntry(ui, 1440, true, {})))).toEqual({ leftSideBarVisible: false, rightSideBarVisible: false, leftSideBarWidth: 576 });
  });
});
