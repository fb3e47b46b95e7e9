import { lazy, Suspense, type MouseEvent } from 'react';
import { createPortal } from 'react-dom';
import { useHeart, type HeartChoice } from '../client/use-heart.ts';

const AddPopup = lazy(() => import('./wishlist-popup.tsx').then((m) => ({ default: m.AddToWishlistPopup })));

export interface ProductHeartText {
  add: string;
  added: string;
  loading: string;
}

/** The attributes chosen in the purchase form (the server finds the matching variation). */
function choiceOf(form: HTMLFormElement | null): HeartChoice {
  const attributes: Record<string, string> = {};
  if (form) for (const [k, v] of new FormData(form).entries()) if (k.startsWith('attribute_') && typeof v === 'string' && v) attributes[k] = v;
  return Object.keys(attributes).length ? { attributes } : {};
}

/**
 * The heart of the product page, inside its purchase form (no form may hold another): a
 * submit button posting that form — product, chosen attributes, CSRF field and return
 * address — to /wishlist (`intent=add`), so without scripts it adds the chosen variation to
 * the default list and comes back. With scripts it adds through the API (or opens the
 * popup with several lists) with the choice the form holds now. It is rendered by the
 * server at its full size and its code is the purchase form island's, not the page's.
 */
export function ProductHeart({ productId, productName, text }: { productId: number; productName: string; text: ProductHeartText }) {
  const { status, inList, popup, press, closePopup, added } = useHeart(productId);

  const click = (e: MouseEvent<HTMLButtonElement>) => {
    e.preventDefault();
    void press(choiceOf(e.currentTarget.form));
  };

  const state = inList ? 'added' : status;
  return (
    <span className="wishlist-heart product-heart" data-state={state}>
      <button
        type="submit"
        formAction="/wishlist"
        formNoValidate
        className="wishlist-heart__button"
        aria-label={status === 'loading' ? text.loading : inList ? text.added : text.add}
        aria-pressed={inList}
        aria-busy={status === 'loading'}
        onClick={click}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
          <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" stroke="currentColor" strokeWidth="2" fill={inList ? 'currentColor' : 'none'} />
        </svg>
      </button>
      {popup
        ? createPortal(
            // Outside the purchase form in the page (no form in a form), and its submits stop
            // here: React would bubble them to the purchase form's handler otherwise.
            <div onSubmit={(e) => e.stopPropagation()}>
              <Suspense fallback={null}>
                <AddPopup productId={productId} productName={productName} choice={popup} onClose={closePopup} onAdded={added} />
              </Suspense>
            </div>,
            document.body,
          )
        : null}
    </span>
  );
}
