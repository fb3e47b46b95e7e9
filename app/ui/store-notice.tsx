import { useState } from 'react';
import { useLocation, useRouteLoaderData } from 'react-router';
import { t } from '../i18n/t.ts';

/** A short id for a notice text: dismissing one notice does not hide the next. */
export function noticeId(text: string): string {
  let h = 5381;
  for (let i = 0; i < text.length; i++) h = ((h << 5) + h + text.charCodeAt(i)) | 0;
  return (h >>> 0).toString(36);
}

export const noticeCookie = (text: string) => `vt_store_notice_hidden_${noticeId(text)}`;

/**
 * The store notice bar. The server leaves it out once dismissed (cookie named after this
 * notice); dismissing is a form post that sets the cookie, done in place when scripts run.
 */
export function StoreNotice({ text }: { text: string }) {
  const [hidden, setHidden] = useState(false);
  const location = useLocation();
  const root = useRouteLoaderData('root') as { csrfToken: string } | undefined;
  if (!text || hidden) return null;
  return (
    <div className="store-notice" role="region" aria-label="Store notice">
      <p>{text}</p>
      <form
        method="post"
        action="/store-notice"
        onSubmit={(e) => {
          e.preventDefault();
          document.cookie = `${noticeCookie(text)}=1; path=/; max-age=31536000; samesite=lax`;
          setHidden(true);
        }}
      >
        <input type="hidden" name="_csrf" value={root?.csrfToken ?? ''} />
        <input type="hidden" name="notice" value={noticeId(text)} />
        <input type="hidden" name="redirect" value={`${location.pathname}${location.search}`} />
        <button type="submit" className="store-notice__dismiss">
          {t('site.dismiss')}
        </button>
      </form>
    </div>
  );
}
