import { useState } from 'react';
import { useRouteLoaderData } from 'react-router';
import { rememberAdded, useWishlistState } from './wishlist-state.ts';

/** The chosen variation and attributes a heart adds (empty for a simple product). */
export type HeartChoice = { variationId?: number; attributes?: Record<string, string> };

interface RootBits {
  user: unknown;
  settings: { wishlistMultiple: boolean; wishlistGuests: boolean; wishlistCookiesDisabledText: string };
}

/**
 * What a wishlist heart does when pressed, shared by the product boxes' heart and the product
 * page's: idle → loading → added. One click adds to the default list (made by the server when
 * the shopper has none); the popup opens only when there are lists to choose among (several
 * lists with multiple wishlists on). A product already in the only list leads to the wishlist page.
 */
export function useHeart(productId: number) {
  const root = useRouteLoaderData('root') as RootBits | undefined;
  const wl = useWishlistState();
  const [status, setStatus] = useState<'idle' | 'loading' | 'added'>('idle');
  const [popup, setPopup] = useState<HeartChoice | null>(null);
  const inList = status === 'added' || !!wl?.products.has(productId);
  const multiple = root?.settings.wishlistMultiple ?? true;

  async function press(choice: HeartChoice): Promise<void> {
    if (status === 'loading') return;
    if (navigator.cookieEnabled === false) {
      window.alert(root?.settings.wishlistCookiesDisabledText ?? '');
      return;
    }
    if (!root?.user && root?.settings.wishlistGuests === false) {
      window.location.assign(`/account/login?redirect=${encodeURIComponent(`${window.location.pathname}${window.location.search}`)}`);
      return;
    }
    setStatus('loading');
    const { wishlistApi, announceWishlistChange } = await import('./wishlist-api.ts');
    if (multiple) {
      const lists = await wishlistApi<{ userWishlists: unknown[] }>('GET', '/wishlists');
      if (lists.ok && lists.body.userWishlists.length > 1) {
        setStatus(inList ? 'added' : 'idle');
        setPopup(choice);
        return;
      }
    }
    if (inList) {
      setStatus('added');
      window.location.assign('/wishlist');
      return;
    }
    const res = await wishlistApi<{ count: number }>('POST', '/wishlist/items', { productId, ...choice });
    if (res.ok) {
      setStatus('added');
      rememberAdded(productId, res.body.count);
      announceWishlistChange({ count: res.body.count, products: [...(wl?.products ?? []), productId], added: true });
    } else {
      setStatus('idle');
      window.alert(res.body.error?.message ?? '');
    }
  }

  return {
    status,
    inList,
    multiple,
    popup,
    press,
    closePopup: () => setPopup(null),
    /** The popup added the product to a list. */
    added: (count: number) => {
      setStatus('added');
      rememberAdded(productId, count);
    },
  };
}
