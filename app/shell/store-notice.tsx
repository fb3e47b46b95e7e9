import { useState } from 'react';
import { useLocation } from 'react-router';
import { t } from '../i18n/t.ts';
import { useCsrfToken } from '../lib/use-csrf-token.ts';
import { noticeCookie, noticeId } from './store-notice-cookie.ts';

/**
 * The store notice bar. The server leaves it out once dismissed (cookie named after this
 * notice); dismissing is a form post that sets the cookie, done in place when scripts run.
 */
export function StoreNotice({ text }: { text: string }) {
  const [hidden, setHidden] = useState(false);
  const location = useLocation();
  const csrf = useCsrfToken();
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
        <input type="hidden" name="_csrf" value={csrf} />
        <input type="hidden" name="notice" value={noticeId(text)} />
        <input type="hidden" name="redirect" value={`${location.pathname}${location.search}`} />
        <button type="submit" className="store-notice__dismiss">
          {t('site.dismiss')}
        </button>
      </form>
    </div>
  );
}
