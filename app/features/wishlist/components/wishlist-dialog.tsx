import { useEffect, useId, useRef } from 'react';
import { POPUP_FEEDBACK_CLOSE_MS } from '../../../config/constants.ts';
import { t } from '../../../i18n/t-wishlist.ts';

/* The wishlist's modal dialog and what its popups (wishlist-popup.tsx, estimate-popup.tsx) share. */

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog makes the page behind it inert, but Tab past its last control would leave
 * for the browser's own toolbar: wrap around instead, so focus stays in the dialog.
 */
function keepFocusInside(e: React.KeyboardEvent<HTMLDialogElement>) {
  if (e.key !== 'Tab') return;
  const all = [...e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('[hidden]') && el.getClientRects().length > 0);
  if (all.length === 0) return;
  const first = all[0];
  const last = all[all.length - 1];
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}

/** A modal native <dialog> (docs/decisions/0001): focus stays inside, Escape closes, focus returns to the opener. */
export function WishlistDialog({ title, onClose, children }: { title: string; onClose: () => void; children: React.ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => opener?.focus?.();
  }, []);
  return (
    <dialog ref={ref} className="wl-dialog" aria-labelledby={titleId} onClose={onClose} onClick={(e) => e.target === e.currentTarget && e.currentTarget.close()} onKeyDown={keepFocusInside}>
      <div className="wl-dialog__body">
        <h2 id={titleId}>{title}</h2>
        {children}
        <button type="button" className="wl-dialog__close icon-button" aria-label={t('wishlist.close')} onClick={() => ref.current?.close()}>
          ×
        </button>
      </div>
    </dialog>
  );
}

/** Closes the dialog this many ms after success feedback replaced its form. */
export function useCloseLater(done: boolean, close: () => void) {
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(close, POPUP_FEEDBACK_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [done, close]);
}

/** Closes the wishlist dialog that is open (its `close` event then runs the owner's onClose). */
export const closeOpenDialog = () => document.querySelector<HTMLDialogElement>('dialog.wl-dialog[open]')?.close();
