import { useEffect, useState } from 'react';
import { t } from '../i18n/t.ts';

/** A short id for a notice text: dismissing one notice does not hide the next. */
export function noticeId(text: string): string {
  let h = 5381;
  for (let i = 0; i < text.length; i++) h = ((h << 5) + h + text.charCodeAt(i)) | 0;
  return (h >>> 0).toString(36);
}

export const noticeCookie = (text: string) => `vt_store_notice_hidden_${noticeId(text)}`;

/** The store notice bar; dismissal sets a cookie named after this notice. */
export function StoreNotice({ text }: { text: string }) {
  const [hidden, setHidden] = useState(false);
  const cookie = noticeCookie(text);
  useEffect(() => {
    if (document.cookie.split('; ').some((c) => c.startsWith(`${cookie}=`))) setHidden(true);
  }, [cookie]);
  if (!text || hidden) return null;
  return (
    <div className="store-notice" role="region" aria-label="Store notice">
      <p>{text}</p>
      <button
        type="button"
        className="store-notice__dismiss"
        onClick={() => {
          document.cookie = `${cookie}=1; path=/; max-age=31536000; samesite=lax`;
          setHidden(true);
        }}
      >
        {t('site.dismiss')}
      </button>
    </div>
  );
}
