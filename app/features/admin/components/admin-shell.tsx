import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Form, Link, useLocation } from 'react-router';
import { CsrfField } from '../../account/components/form-parts.tsx';
import { t } from '../../../i18n/t-admin.ts';

export interface AdminNavEntry {
  to: string;
  label: string;
  /** Current only on this exact path (the dashboard), not on the pages below it. */
  end?: boolean;
}

/**
 * The entry the page belongs to: the one whose address is the path or the nearest above it
 * (on /admin/settings/emails that is E-mails, not Settings too).
 */
export function currentEntry(nav: readonly AdminNavEntry[], pathname: string): string | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  let best: string | undefined;
  for (const e of nav) {
    const here = path === e.to || (!e.end && path.startsWith(`${e.to}/`));
    if (here && (!best || e.to.length > best.length)) best = e.to;
  }
  return best;
}

/**
 * The admin's own frame, instead of the shop's header and footer: a top bar (the store, the
 * signed-in user, log out), the side navigation and the page. On narrow screens the navigation
 * folds behind a menu button (last in the bar, so the next Tab reaches the open menu) (Escape closes it and gives the button its focus back; it closes
 * on navigating too). Without JavaScript it stays open (see admin.css).
 * `folded` (a page that needs the whole window: the visual builder) folds it behind the same
 * button at every width; opened there it lies over the page, and a click outside or Escape
 * anywhere closes it.
 */
export function AdminShell({
  storeName,
  user,
  nav,
  folded = false,
  children,
}: {
  storeName: string;
  user: { name: string; email: string };
  nav: readonly AdminNavEntry[];
  folded?: boolean;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const current = currentEntry(nav, pathname);
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!folded || !open) return;
    const outside = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    // Escape from anywhere, not only from inside the menu: it lies over the page.
    const escape = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', outside, true);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside, true);
      document.removeEventListener('keydown', escape);
    };
  }, [folded, open]);
  return (
    <div className="admin-shell" data-nav-folded={folded || undefined}>
      <header className="admin-bar">
        <a href="/admin" className="admin-bar__brand">
          {t('admin.title')}
        </a>
        <a href="/" className="admin-bar__store">
          {storeName}
          <span className="visually-hidden"> ({t('admin.viewShop')})</span>
        </a>
        <div className="admin-bar__user">
          <span className="admin-bar__name" title={user.email}>
            {t('admin.bar.signedIn', { name: user.name || user.email })}
          </span>
          <Form method="post" action="/account/logout" reloadDocument>
            <CsrfField />
            <button type="submit" className="admin-bar__logout">
              {t('account.logout')}
            </button>
          </Form>
        </div>
        <button
          ref={button}
          type="button"
          className="admin-bar__menu"
          aria-expanded={open}
          aria-controls="admin-nav"
          onClick={() => setOpen((o) => !o)}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
            <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" fill="none" />
          </svg>
          <span>{t('admin.nav.toggle')}</span>
        </button>
      </header>
      <nav
        ref={menu}
        id="admin-nav"
        className="admin-nav"
        data-open={open || undefined}
        aria-label={t('admin.title')}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && open) {
            setOpen(false);
            button.current?.focus();
          }
        }}
      >
        <ul>
          {nav.map((entry) => (
            <li key={entry.to}>
              <Link to={entry.to} aria-current={entry.to === current ? 'page' : undefined}>
                {entry.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" tabIndex={-1} className="admin-main">
        {children}
      </main>
    </div>
  );
}
