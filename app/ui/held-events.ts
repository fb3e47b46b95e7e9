/*
 * What a visitor does to a part of the page whose code is not there yet — before React has
 * started (ui/hydration-trigger.ts) or before an island's own code has loaded (ui/island.tsx):
 * held back, kept from its default action where that would leave the page, and replayed once
 * the code runs. React-free: the trigger runs before React.
 */

/** Events held back; clicks and submits are also kept from their default action. */
export const HELD_EVENTS = ['click', 'submit', 'input', 'change'] as const;

export type Held = [type: string, target: Element, value: string, submitter?: HTMLElement | null];

/** Parts of an island that work without React, through shell/client's delegated listeners. */
const SHELL_MENUS = '.main-nav, .mobile-nav';

/**
 * Holds `e` if it waits for code: returns what to replay (the event is stopped, and kept from
 * its default action where it has one to keep), or undefined to let it go on as it is.
 */
export function holdEvent(e: Event): Held | undefined {
  const target = e.target as HTMLElement;
  // The header's menus answer without React (shell/client/header.ts): a tap there is theirs at once.
  if (target.closest?.(SHELL_MENUS)) return undefined;
  // A disclosure (<details>) opens by itself: nothing to wait for.
  if (target.closest?.('summary')) return undefined;
  // A checkbox or radio changes at once, as the shopper expects; React hears of it later.
  const control = target instanceof HTMLLabelElement ? target.control : target;
  if (e.type === 'click' && control instanceof HTMLInputElement && /^(checkbox|radio)$/.test(control.type)) {
    // The label's own click: the browser clicks its control next.
    if (control !== target) return undefined;
    e.stopImmediatePropagation();
    return ['toggle', control, String(control.checked)];
  }
  if (e.type === 'click' || e.type === 'submit') e.preventDefault();
  e.stopImmediatePropagation();
  return [e.type, target, (target as HTMLInputElement).value, (e as SubmitEvent).submitter];
}

/** The next task: React has rendered what the event before changed. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Sends held events again, now that React handles them (or, if the code failed, the browser),
 * one per task: each is handled by what the one before it rendered (a variation chosen before
 * "Add to cart" is pressed), and none runs inside React's own commit (where the caller is).
 */
export async function replayHeld(events: Held[]): Promise<void> {
  for (const [type, el, value, submitter] of events) {
    await nextTask();
    if (!el.isConnected) continue;
    // A click held on an icon inside a button targets the <svg> or <path>, which have no click():
    // send them a click event that bubbles as the browser's did.
    if (type === 'click') {
      if (el instanceof HTMLElement) el.click();
      else el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, view: window }));
    } else if (type === 'toggle') {
      // React compares the state it last saw with the field's: set the other state through
      // the element (React records it), then click it into the shopper's choice.
      (el as HTMLInputElement).checked = value !== 'true';
      (el as HTMLInputElement).click();
    } else if (type === 'submit') (el as HTMLFormElement).requestSubmit(submitter?.isConnected ? submitter : null);
    else if (el instanceof HTMLSelectElement) {
      el.value = value;
      el.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (!/^(checkbox|radio)$/.test((el as HTMLInputElement).type)) {
      // React notices a change by comparing the value it last set with the field's: set the
      // default through the element (React records it), then the typed value past it.
      const field = el as HTMLInputElement;
      field.value = field.defaultValue;
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set?.call(field, value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }
}

/** Marks an island's wrapper in the server HTML, so the trigger can tell its parts before React runs. */
export const ISLAND_ATTRIBUTE = 'data-island';
