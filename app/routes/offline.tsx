import { t } from '../i18n/t.ts';

/** The service worker's fallback (public/sw.js): shown for a page asked for without a network. */
export const meta = () => [{ title: t('site.offlineTitle') }, { name: 'robots', content: 'noindex' }];

export default function Offline() {
  return (
    <section className="offline-page container">
      <h1>{t('site.offlineTitle')}</h1>
      <p>{t('site.offlineText')}</p>
      <p>
        {/* A plain link: the next try is a real page load, through the network. */}
        <a className="button" href="/">
          {t('site.offlineRetry')}
        </a>
      </p>
    </section>
  );
}
