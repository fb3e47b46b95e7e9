import { useEffect, useRef, type RefObject } from 'react';
import { CART_DROPDOWN_AUTO_CLOSE_MS } from '../../../config/constants.ts';
import { MiniCartContents } from './mini-cart-contents.tsx';
import { cartText } from './cart-text.ts';

interface Props {
  widget: 'dropdown' | 'offcanvas';
  open: boolean;
  onClose: () => void;
  /** The header wrapper (trigger and dropdown): clicks outside it close the dropdown. */
  wrapRef: RefObject<HTMLDivElement | null>;
  triggerRef: RefObject<HTMLButtonElement | null>;
}

/** Lazily loaded: the dropdown or off-canvas panel of the header cart. */
export default function MiniCartPanel(props: Props) {
  return props.widget === 'offcanvas' ? <OffCanvas {...props} /> : <Dropdown {...props} />;
}

/**
 * The cart dropdown. It closes by itself 5000 ms after opening (spec §4, §9). The countdown
 * pauses while the pointer is over the panel or focus is inside it — someone reading or
 * removing a line is not cut off — and starts again, from the full 5000 ms, when both have
 * left. Escape and a click outside close it; focus then returns to the cart button when it
 * was inside the panel.
 */
function Dropdown({ open, onClose, wrapRef, triggerRef }: Props) {
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const panel = panelRef.current;
    if (!open || !panel) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const engaged = () => panel.matches(':hover') || panel.contains(document.activeElement);
    const start = () => {
      clearTimeout(timer);
      timer = setTimeout(close, CART_DROPDOWN_AUTO_CLOSE_MS);
    };
    const pause = () => clearTimeout(timer);
    const maybeStart = () => {
      // Focus moves after focusout: look once it has settled.
      setTimeout(() => !engaged() && start(), 0);
    };
    const close = () => {
      if (panel.contains(document.activeElement)) triggerRef.current?.focus();
      onClose();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      if (panel.contains(document.activeElement) || document.activeElement === triggerRef.current) triggerRef.current?.focus();
      onClose();
    };
    const onPointer = (e: PointerEvent) => {
      if (!wrapRef.current?.contains(e.target as Node)) onClose();
    };
    panel.addEventListener('mouseenter', pause);
    panel.addEventListener('mouseleave', maybeStart);
    panel.addEventListener('focusin', pause);
    panel.addEventListener('focusout', maybeStart);
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    if (!engaged()) start();
    return () => {
      clearTimeout(timer);
      panel.removeEventListener('mouseenter', pause);
      panel.removeEventListener('mouseleave', maybeStart);
      panel.removeEventListener('focusin', pause);
      panel.removeEventListener('focusout', maybeStart);
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, onClose, wrapRef, triggerRef]);

  return (
    <div ref={panelRef} id="mini-cart-panel" className={`mini-cart__dropdown${open ? ' is-open' : ''}`} hidden={!open}>
      <section aria-label={cartText.cartContents}>{open ? <MiniCartContents /> : null}</section>
    </div>
  );
}

/** The off-canvas variant: a modal dialog sliding in from the inline-end side (focus kept inside, Escape closes). */
function OffCanvas({ open, onClose, triggerRef }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) {
      dialog.close();
      triggerRef.current?.focus();
    }
  }, [open, triggerRef]);
  return (
    <dialog
      ref={ref}
      className="mini-cart__offcanvas"
      aria-labelledby="mini-cart-title"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        // A click on the backdrop lands on the dialog element itself.
        if (e.target === ref.current) onClose();
      }}
    >
      <div className="mini-cart__offcanvas-inner">
        <header className="mini-cart__head">
          <h2 id="mini-cart-title">{cartText.yourCart}</h2>
          <button type="button" className="icon-button" onClick={onClose} aria-label={cartText.close}>
            <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" />
            </svg>
          </button>
        </header>
        {open ? <MiniCartContents /> : null}
      </div>
    </dialog>
  );
}
