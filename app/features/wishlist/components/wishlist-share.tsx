import { useState } from 'react';
import { t } from '../../../i18n/t-wishlist.ts';

/** Share links of a public or shared list: copy (clipboard, else a selected field), e-mail and social sites. */
export function WishlistShare({ url, name }: { url: string; name: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'manual'>('idle');
  const u = encodeURIComponent(url);
  const title = encodeURIComponent(name);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setState('copied');
    } catch {
      setState('manual');
      requestAnimationFrame(() => document.querySelector<HTMLInputElement>('#wl-share-url')?.select());
    }
  };
  return (
    <section className="wl-share" aria-labelledby="wl-share-title">
      <h2 id="wl-share-title">{t('wishlist.share')}</h2>
      <label htmlFor="wl-share-url" className="visually-hidden">{t('wishlist.shareLink')}</label>
      <input id="wl-share-url" className="wl-share__url" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
      <button type="button" className="button button--small" onClick={copy}>{t('wishlist.copyLink')}</button>
      <span role="status" className="wl-share__status">{state === 'copied' ? t('wishlist.copied') : ''}</span>
      <ul className="wl-share__links">
        <li><a href={`mailto:?subject=${title}&body=${u}`}>{t('wishlist.shareEmail')}</a></li>
        <li><a href={`https://www.facebook.com/sharer/sharer.php?u=${u}`} rel="noopener noreferrer" target="_blank">{t('wishlist.shareFacebook')}</a></li>
        <li><a href={`https://twitter.com/intent/tweet?url=${u}&text=${title}`} rel="noopener noreferrer" target="_blank">{t('wishlist.shareX')}</a></li>
        <li><a href={`https://pinterest.com/pin/create/button/?url=${u}&description=${title}`} rel="noopener noreferrer" target="_blank">{t('wishlist.sharePinterest')}</a></li>
        <li><a href={`https://wa.me/?text=${title}%20${u}`} rel="noopener noreferrer" target="_blank">{t('wishlist.shareWhatsapp')}</a></li>
      </ul>
    </section>
  );
}
