/**
 * Listens on the window in the capture phase: the first to hear an event, before React.
 *
 * React listens on the document, also in the capture phase. An event aimed at a part it has
 * not hydrated yet (an island still waiting for its code, or the whole page before React has
 * started) is stopped there: React tries to hydrate the part at once and, failing that, calls
 * `stopPropagation()` so that nothing hears an event the part cannot answer yet. The shell's
 * behaviours work on the server's HTML and must answer it all the same — a dropdown toggled
 * with Enter while the header's code is still on its way, a pointer resting on a menu item.
 */
export function listen<K extends keyof WindowEventMap>(type: K, fn: (e: WindowEventMap[K]) => void, options: { passive?: boolean } = {}): void {
  window.addEventListener(type, fn, { ...options, capture: true });
}
