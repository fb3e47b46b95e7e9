import { Link, useLocation } from 'react-router';
import type { CSSProperties } from 'react';
import type { ShellData as RootData } from './shell-data.server.ts';
import type { ShellMenuItem } from '../features/menus/menus.schema.ts';
import { t } from '../i18n/t.ts';
import { MOBILE_SIDEBAR_LEVELS_DEFAULT } from '../config/constants.ts';
import { MiniCart } from '../features/cart/components/mini-cart.tsx';
import { WishlistLink } from '../features/wishlist/components/wishlist-link.tsx';
import { SearchBox } from '../features/search/components/search-box.tsx';

const Chevron = () => (
  <svg aria-hidden="true" viewBox="0 0 24 24" width="14" height="14">
    <path d="M6 9l6 6 6-6" stroke="currentColor" strokeWidth="2.5" fill="none" />
  </svg>
);

/**
 * A main-menu item. One with children is a dropdown: its link still leads to its page, and a
 * button beside it opens the submenu (the disclosure pattern: `aria-expanded`, `aria-controls`).
 * Without scripts the submenu opens on hover and on focus inside the item (CSS); the header
 * script (shell/client/header.ts) adds hover intent, touch, outside clicks and keys.
 */
function MenuEntry({ item, depth }: { item: ShellMenuItem; depth: number }) {
  const sub = item.children.length > 0;
  const mega = sub && depth === 0 && item.megaColumns > 0;
  const cls = ['menu-item', sub && depth === 0 ? 'has-dropdown' : '', mega ? 'menu-item--mega' : '', item.prompt ? 'menu-item--prompt' : ''].filter(Boolean).join(' ');
  return (
    <li className={cls} data-menu-id={depth === 0 ? item.id : undefined}>
      <a href={item.href}>{item.label}</a>
      {sub && depth === 0 ? (
        <button type="button" className="menu-item__toggle" aria-expanded="false" aria-controls={`menu-sub-${item.id}`}>
          <span className="visually-hidden">{t('site.submenuToggle', { label: item.label })}</span>
          <Chevron />
        </button>
      ) : null}
      {sub ? (
        <ul
          id={depth === 0 ? `menu-sub-${item.id}` : undefined}
          className={depth === 0 ? 'main-nav__sub' : 'main-nav__sub-list'}
          style={mega ? ({ '--mega-columns': item.megaColumns } as CSSProperties) : undefined}
        >
          {item.children.map((c) => (
            <MenuEntry key={c.id} item={c} depth={depth + 1} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * The mobile menu's items: an item with children gets a button that expands its submenu in
 * place, or (sidebar style, within `data-levels` levels) slides the submenu in over the list
 * with a back button labelled "Main menu".
 */
function MobileEntries({ items, depth }: { items: ShellMenuItem[]; depth: number }) {
  return (
    <ul className={depth === 0 ? 'mobile-nav__list' : 'mobile-nav__sub'}>
      {items.map((item) => (
        <li key={item.id} className={item.children.length ? 'menu-item has-children' : 'menu-item'}>
          <a href={item.href}>{item.label}</a>
          {item.children.length ? (
            <>
              <button type="button" className="mobile-nav__toggle" aria-expanded="false" aria-controls={`mobile-sub-${item.id}`}>
                <span className="visually-hidden">{t('site.submenuToggle', { label: item.label })}</span>
                <Chevron />
              </button>
              <div className="mobile-nav__level" id={`mobile-sub-${item.id}`}>
                <button type="button" className="mobile-nav__back">
                  <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16">
                    <path d="M15 6l-6 6 6 6" stroke="currentColor" strokeWidth="2.5" fill="none" />
                  </svg>
                  {t('site.menu')}
                </button>
                <MobileEntries items={item.children} depth={depth + 1} />
              </div>
            </>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** Top bar, logo, main menu (from the menus the admin edits, else the categories), search box, account link and the header cart. */
/**
 * The search a listing shows (`?s=`, and the category of `/product-category/…`), which the
 * header box shows again so the shopper can refine it.
 */
function searchShown(location: { pathname: string; search: string }): { query?: string; category?: string } {
  const query = new URLSearchParams(location.search).get('s')?.trim();
  if (!query) return {};
  const m = /^\/product-category\/([^/?#]+)/.exec(location.pathname);
  return { query, category: m?.[1] };
}

export function SiteHeader({ data }: { data: RootData | undefined }) {
  const s = data?.settings;
  const storeName = s?.storeName ?? 'Vitrine';
  const menus = data?.menus;
  const main = menus?.main ?? [];
  const mobile = menus?.mobile ?? main;
  const topBar = menus?.top_bar ?? [];
  const categories = data?.menu ?? [];
  const searched = searchShown(useLocation());
  const cls = ['site-header', s?.headerTransparent ? 'site-header--transparent' : '', s?.headerDarkNav ? 'site-header--dark-nav' : ''].filter(Boolean).join(' ');
  return (
    <header
      className={cls}
      data-sticky={s?.headerSticky === false ? undefined : ''}
      data-hide-on-scroll={s?.headerHideOnScroll ? '' : undefined}
    >
      {topBar.length ? (
        <div className="top-bar">
          <nav className="container top-bar__nav" aria-label={t('site.topBar')}>
            <ul>
              {topBar.map((i) => (
                <li key={i.id}>
                  <a href={i.href}>{i.label}</a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      ) : null}
      <div className="site-header__inner container">
        <details
          className={s?.mobileMenuStyle === 'sidebar' ? 'mobile-nav mobile-nav--sidebar' : 'mobile-nav'}
          data-levels={s?.mobileMenuStyle === 'sidebar' ? (s.mobileMenuLevels ?? MOBILE_SIDEBAR_LEVELS_DEFAULT) : undefined}
        >
          <summary className="icon-button" aria-label={t('site.menuToggle')}>
            <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
              <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" fill="none" />
            </svg>
          </summary>
          <nav className="mobile-nav__panel" aria-label={t('site.menu')}>
            <MobileEntries items={mobile} depth={0} />
          </nav>
        </details>
        <Link to="/" className="site-logo">
          {s?.themeLogoUrl ? <img src={s.themeLogoUrl} alt={storeName} height={48} /> : storeName}
        </Link>
        <nav className="main-nav" aria-label={t('site.menu')}>
          <ul>
            {main.map((item) => (
              <MenuEntry key={item.id} item={item} depth={0} />
            ))}
          </ul>
        </nav>
        <SearchBox categories={s?.searchCategorySelect ? categories.map((c) => ({ slug: c.path, name: c.name })) : undefined} {...searched} />
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
