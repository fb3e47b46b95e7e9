import { t } from '../i18n/t.ts';

export function SiteFooter({ storeName }: { storeName: string }) {
  return (
    <footer className="site-footer">
      <div className="container site-footer__cols">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about">{storeName}</h2>
          <p>{t('site.footerAbout')}</p>
        </section>
        <nav aria-labelledby="footer-shop">
          <h2 id="footer-shop">{t('site.footerShop')}</h2>
          <ul>
            <li>
              <a href="/shop">{t('site.shop')}</a>
            </li>
            <li>
              <a href="/cart">{t('site.cart')}</a>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-customer">
          <h2 id="footer-customer">{t('site.footerCustomer')}</h2>
          <ul>
            <li>
              <a href="/my-account">{t('site.account')}</a>
            </li>
            <li>
              <a href="/order-tracking">{t('site.orderTracking')}</a>
            </li>
          </ul>
        </nav>
      </div>
      <p className="container site-footer__legal">{t('site.rights', { year: new Date().getFullYear(), store: storeName })}</p>
    </footer>
  );
}
