import { CsrfField } from '../../account/components/form-parts.tsx';
import { lazy, Suspense, useState } from 'react';
import { useLocation, useRouteLoaderData } from 'react-router';
import { t } from '../../../i18n/t-wishlist.ts';
import { rememberAdded, useWishlistState } from '../client/wishlist-state.ts';

const loadPopup = () => import('./wishlist-popup.tsx');
const AddPopup = lazy(() => loadPopup().then((m) => ({ default: m.AddToWishlistPopup })));

interface RootBits {
  csrfToken: string;
  user: unknown;
  settings: { wishlistMultiple: boolean; wishlistGuests: boolean; wishlistCookiesDisabledText: string };
}

export interface HeartProps {
  productId: number;
  productName: string;
  /** The purchase form whose chosen variation and attributes the heart adds (product page). */
  formId?: string;
  className?: string;
}

/** The chosen variation and attributes from the product's purchase form, if any. */
function choiceFrom(formId: string | undefined): { variationId?: number; attributes?: Record<string, string> } {
  const form = formId ? (document.getElementById(formId) as HTMLFormElement | null) : null;
  if (!form) return {};
  const data = new FormData(form);
  const variationId = Number(data.get('variationId') ?? data.get('variation_id'));
  const attributes: Record<string, string> = {};
  for (const [k, v] of data.entries()) if (k.startsWith('attribute_') && typeof v === 'string' && v) attributes[k] = v;
  return { ...(variationId > 0 ? { variationId } : {}), ...(Object.keys(attributes).length ? { attributes } : {}) };
}

/**
 * The heart on product boxes, the quick view and the product page: idle → loading → added.
 * Without scripts it is a form post that adds to the default list and comes back here. With
 * several lists it opens the add popup (lists / new list); a product already in a list leads
 * to the wishlist page (one list) or the popup (several).
 */
export function WishlistHeart({ productId, productName, formId, className }: HeartProps) {
  const root = useRouteLoaderData('root') as RootBits | undefined;
  const location = useLocation();
  const wl = useWishlistState();
  const [status, setStatus] = useState<'idle' | 'loading' | 'added'>('idle');
  const [popup, setPopup] = useState(false);
  const inList = status === 'added' || !!wl?.products.has(productId);
  const multiple = root?.settings.wishlistMultiple ?? true;
  const here = `${location.pathname}${location.search}`;

  const submit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (status === 'loading') return;
    if (typeof navigator !== 'undefined' && navigator.cookieEnabled === false) {
      window.alert(root?.settings.wishlistCookiesDisabledText ?? '');
      return;
    }
    if (!root?.user && root?.settings.wishlistGuests === false) {
      window.location.assign(`/account/login?redirect=${encodeURIComponent(here)}`);
      return;
    }
    if (multiple) {
      setPopup(true);
      return;
    }
    if (inList) {
      window.location.assign('/wishlist');
      return;
    }
    setStatus('loading');
    const { wishlistApi, announceWishlistChange } = await import('../client/wishlist-api.ts');
    const res = await wishlistApi<{ count: number }>('POST', '/wishlist/items', { productId, ...choiceFrom(formId) });
    if (res.ok) {
      setStatus('added');
      rememberAdded(productId, res.body.count);
      announceWishlistChange({ count: res.body.count, products: [...(wl?.products ?? []), productId], added: true });
    } else {
      setStatus('idle');
      window.alert(res.body.error?.message ?? '');
    }
  };

  const label = status === 'loading' ? t('wishlist.heartLoading', { name: productName }) : inList ? t('wishlist.heartIn', { name: productName }) : t('wishlist.heartAdd', { name: productName });
  return (
    <>
      <form method="post" action="/wishlist" className={`wishlist-heart ${className ?? ''}`} data-state={inList ? 'added' : status} onSubmit={submit}>
        <CsrfField />
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="productId" value={productId} />
        <input type="hidden" name="redirect" value={here} />
        <button type="submit" className="wishlist-heart__button" aria-label={label} aria-pressed={inList} aria-busy={status === 'loading'} onMouseEnter={multiple ? () => void loadPopup() : undefined}>
          <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
            <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" stroke="currentColor" strokeWidth="2" fill={inList ? 'currentColor' : 'none'} />
          </svg>
        </button>
      </form>
      {popup ? (
        <Suspense fallback={null}>
          <AddPopup
            productId={productId}
            productName={productName}
            choice={choiceFrom(formId)}
            onClose={() => setPopup(false)}
            onAdded={(count) => {
              setStatus('added');
              rememberAdded(productId, count);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
