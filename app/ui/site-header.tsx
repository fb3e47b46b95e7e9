import { Link, NavLink } from 'react-router';
import type { RootData } from '../root.tsx';
import { t } from '../i18n/t.ts';
import { MiniCart } from '../features/cart/components/mini-cart.tsx';
import { WishlistLink } from '../features/wishlist/components/wishlist-link.tsx';
import { SearchBox } from '../features/search/components/search-box.tsx';

/** Logo, main menu from the categories, search box, account link and the header cart. */
export function SiteHeader({ data }: { data: RootData | undefined }) {
  const storeName = data?.settings.storeName ?? 'Vitrine';
  const menu = data?.menu ?? [];
  return (
    <header className="site-header">
      <div className="site-header__inner container">
        <details className="mobile-nav">
          <summary className="icon-button" aria-label={t('site.menuToggle')}>
            <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
              <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" fill="none" />
            </svg>
          </summary>
          <nav className="mobile-nav__panel" aria-label={t('site.menu')}>
            <ul>
              <li>
                <a href="/shop">{t('site.shop')}</a>
              </li>
              {menu.map((c) => (
                <li key={c.id}>
                  <a href={`/product-category/${c.path}`}>{c.name}</a>
                  {c.children.length > 0 ? (
                    <ul>
                      {c.children.map((s) => (
                        <li key={s.id}>
                          <a href={`/product-category/${s.path}`}>{s.name}</a>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              ))}
            </ul>
          </nav>
        </details>
        <Link to="/" className="site-logo">
          {storeName}
        </Link>
        <nav className="main-nav" aria-label={t('site.menu')}>
          <ul>
            <li>
              <NavLink to="/shop">{t('site.shop')}</NavLink>
            </li>
            {menu.map((c) => (
              <li key={c.id} className={c.children.length ? 'has-children' : undefined}>
                <a href={`/product-category/${c.path}`}>{c.name}</a>
                {c.children.length > 0 ? (
                  <ul className="main-nav__sub">
                    {c.children.map((s) => (
                      <li key={s.id}>
                        <a href={`/product-category/${s.path}`}>{s.name}</a>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        </nav>
        <SearchBox categories={data?.settings.searchCategorySelect ? menu.map((c) => ({ slug: c.path, name: c.name })) : undefined} />
        <div className="site-tools">
          <Link to={data?.user ? '/my-account' : '/account/login'} className="icon-button" aria-label={data?.user ? t('site.account') : t('site.login')}>
            <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
              <circle cx="12" cy="8" r="4" stroke="currentColor" strokeWidth="2" fill="none" />
              <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" stroke="currentColor" strokeWidth="2" fill="none" />
            </svg>
          </Link>
          <WishlistLink />
          <MiniCart />
        </div>
      </div>
    </header>
  );
}
