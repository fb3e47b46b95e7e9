import type { MenuCategory } from '../features/catalog/catalog.server.ts';
import type { ShellMenuItem } from '../features/menus/menus.schema.ts';
import { t } from '../i18n/t.ts';

/** The shop's footer: about, the categories, customer service, the shop's promises; then the legal line. */
export function SiteFooter({ storeName, menu = [], links = [] }: { storeName: string; menu?: MenuCategory[]; links?: ShellMenuItem[] }) {
  return (
    <footer className="site-footer">
      <div className="container site-footer__cols">
        <section aria-labelledby="footer-about" className="site-footer__about">
          <h2 id="footer-about">{storeName}</h2>
          <p>{t('site.footerAbout')}</p>
        </section>
        <nav aria-labelledby="footer-shop">
          <h2 id="footer-shop">{t('site.footerShop')}</h2>
          {links.length ? (
            // The footer menu saved in the admin.
            <ul>
              {links.map((l) => (
                <li key={l.id}>
                  <a href={l.href}>{l.label}</a>
                </li>
              ))}
            </ul>
          ) : (
            <ul>
              <li>
                <a href="/shop">{t('site.footerAll')}</a>
              </li>
              {menu.map((c) => (
                <li key={c.id}>
                  <a href={`/product-category/${c.path}`}>{c.name}</a>
                </li>
              ))}
              <li>
                <a href="/shop?orderby=date">{t('site.footerNew')}</a>
              </li>
            </ul>
          )}
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
            <li>
              <a href="/contact">{t('site.contact')}</a>
            </li>
            <li>
              <a href="/cart">{t('site.cart')}</a>
            </li>
            <li>
              <a href="/checkout">{t('site.footerCheckout')}</a>
            </li>
          </ul>
        </nav>
        <section aria-labelledby="footer-promise">
          <h2 id="footer-promise">{t('site.footerPromise')}</h2>
          <ul className="site-footer__promise">
            <li>{t('site.footerSecure')}</li>
            <li>{t('site.footerDelivery')}</li>
            <li>{t('site.footerReturns')}</li>
          </ul>
        </section>
      </div>
      <p className="container site-footer__legal">{t('site.rights', { year: new Date().getFullYear(), store: storeName })}</p>
    </footer>
  );
}
