import { lazy, Suspense, useState, type MouseEvent } from 'react';
import { createPortal } from 'react-dom';
import { useRouteLoaderData } from 'react-router';
import { rememberAdded, useWishlistState } from '../client/wishlist-state.ts';

const AddPopup = lazy(() => import('./wishlist-popup.tsx').then((m) => ({ default: m.AddToWishlistPopup })));

export interface ProductHeartText {
  add: string;
  added: string;
  loading: string;
}

type Choice = { attributes?: Record<string, string> };

/** The attributes chosen in the purchase form (the server finds the matching variation). */
function choiceOf(form: HTMLFormElement | null): Choice {
  const attributes: Record<string, string> = {};
  if (form) for (const [k, v] of new FormData(form).entries()) if (k.startsWith('attribute_') && typeof v === 'string' && v) attributes[k] = v;
  return Object.keys(attributes).length ? { attributes } : {};
}

interface RootBits {
  user: unknown;
  settings: { wishlistMultiple: boolean; wishlistGuests: boolean; wishlistCookiesDisabledText: string };
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
  const root = useRouteLoaderData('root') as RootBits | undefined;
  const wl = useWishlistState();
  const [status, setStatus] = useState<'idle' | 'loading' | 'added'>('idle');
  const [popup, setPopup] = useState<Choice | null>(null);
  const inList = status === 'added' || !!wl?.products.has(productId);
  const multiple = root?.settings.wishlistMultiple ?? true;

  const click = async (e: MouseEvent<HTMLButtonElement>) => {
    e.preventDefault();
    const choice = choiceOf(e.currentTarget.form);
    if (status === 'loading') return;
    if (navigator.cookieEnabled === false) {
      window.alert(root?.settings.wishlistCookiesDisabledText ?? '');
      return;
    }
    if (!root?.user && root?.settings.wishlistGuests === false) {
      window.location.assign(`/account/login?redirect=${encodeURIComponent(`${window.location.pathname}${window.location.search}`)}`);
      return;
    }
    if (multiple) {
      setPopup(choice);
      return;
    }
    if (inList) {
      window.location.assign('/wishlist');
      return;
    }
    setStatus('loading');
    const { wishlistApi, announceWishlistChange } = await import('../client/wishlist-api.ts');
    const res = await wishlistApi<{ count: number }>('POST', '/wishlist/items', { productId, ...choice });
    if (res.ok) {
      setStatus('added');
      rememberAdded(productId, res.body.count);
      announceWishlistChange({ count: res.body.count, products: [...(wl?.products ?? []), productId], added: true });
    } else {
      setStatus('idle');
      window.alert(res.body.error?.message ?? '');
    }
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
        onClick={(e) => void click(e)}
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
                <AddPopup
                  productId={productId}
                  productName={productName}
                  choice={popup}
                  onClose={() => setPopup(null)}
                  onAdded={(count) => {
                    setStatus('added');
                    rememberAdded(productId, count);
                  }}
                />
              </Suspense>
            </div>,
            document.body,
          )
        : null}
    </span>
  );
}
