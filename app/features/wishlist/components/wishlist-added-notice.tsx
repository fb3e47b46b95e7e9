import { t } from '../../../i18n/t-wishlist.ts';

/** After a heart pressed without scripts: what was added (or was there already), and a way to the wishlist. */
export function WishlistAddedNotice({ name, already }: { name: string; already: boolean }) {
  return (
    <div className="container">
      <p className="notice added-notice" role="status">
        {t(already ? 'wishlist.addedNoticeExists' : 'wishlist.addedNotice', { name })}{' '}
        <a href="/wishlist" className="button added-notice__cart">
          {t('wishlist.browse')}
        </a>
      </p>
    </div>
  );
}
