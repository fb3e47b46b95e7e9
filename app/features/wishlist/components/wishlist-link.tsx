import { useEffect, useState } from 'react';
import { WISHLIST_ICON_FLASH_MS } from '../../../config/constants.ts';
import { plural, t } from '../../../i18n/t-wishlist.ts';
import { useWishlistState } from '../client/wishlist-state.ts';

/**
 * The header wishlist icon. The server renders a plain link without a count (pages are
 * cached for every visitor), except on a page rendered for this visitor after a heart pressed
 * without scripts; the count arrives from the API once scripts run. Its label is
 * removed at 0, and it flashes "added" for WISHLIST_ICON_FLASH_MS after an add.
 */
export function WishlistLink() {
  const state = useWishlistState();
  const [flash, setFlash] = useState(false);
  const addedAt = state?.addedAt ?? 0;
  useEffect(() => {
    if (!addedAt) return;
    setFlash(true);
    const timer = setTimeout(() => setFlash(false), WISHLIST_ICON_FLASH_MS);
    return () => clearTimeout(timer);
  }, [addedAt]);
  const count = state?.count ?? 0;
  return (
    <a href="/wishlist" className={`icon-button wishlist-link${flash ? ' wishlist-link--added' : ''}`} aria-label={count > 0 ? plural('wishlist.headerCount', count) : t('wishlist.headerLabel')}>
      <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
        <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" stroke="currentColor" strokeWidth="2" fill={flash ? 'currentColor' : 'none'} />
      </svg>
      {count > 0 ? (
        <span className="wishlist-link__count" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </a>
  );
}
