import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useRouteLoaderData } from 'react-router';
import { HOVER_INTENT, SUBMENU_CLOSE_DELAY_MS } from '../../../config/constants.ts';
import { useCart, useHydrated } from '../client/cart-queue.ts';
import { countFromCookie } from '../client/cart-storage.ts';
import { cartLabel } from './cart-label.ts';
import '../cart.css';

const loadPanel = () => import('./mini-cart-panel.tsx');
const MiniCartPanel = lazy(loadPanel);

export type OpenMode = 'hover' | 'click';

function CartIcon({ count }: { count: number | null }) {
  return (
    <>
      <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
        <path d="M3 4h2l2.4 11h11.2L21 8H7" stroke="currentColor" strokeWidth="2" fill="none" />
        <circle cx="9" cy="20" r="1.5" fill="currentColor" />
        <circle cx="18" cy="20" r="1.5" fill="currentColor" />
      </svg>
      {count !== null && count > 0 ? (
        <span className="cart-link__count" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </>
  );
}

/**
 * The header cart. The server renders a plain link to /cart, with the count only on pages
 * rendered for this visitor alone (cached catalog pages are shared); in the browser the count
 * comes from the item-count cookie, then the cached cart. Once scripts run it becomes a
 * button that opens the cart dropdown (on hover or click) or, per the store setting, an
 * off-canvas panel; on the cart and checkout pages it stays a link. The panel's code loads on first hover, focus or click.
 */
export function MiniCart() {
  const hydrated = useHydrated();
  const cart = useCart();
  const location = useLocation();
  const root = useRouteLoaderData('root') as { settings: { cartWidget: 'dropdown' | 'offcanvas' }; cartCount: number | null } | undefined;
  const widget = root?.settings.cartWidget ?? 'dropdown';
  const [mode, setMode] = useState<OpenMode | null>(null);
  const [wanted, setWanted] = useState(false);
  const wrapRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const hoverTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // Before scripts run: the count the server rendered for this visitor (null on shared cached pages).
  const count = hydrated ? (cart?.itemCount ?? countFromCookie()) : (root?.cartCount ?? null);
  const label = count === null ? cartLabel.cart : cartLabel.cartCount(count);
  const onCartPage = location.pathname === '/cart' || location.pathname.startsWith('/checkout');

  const close = useCallback(() => setMode(null), []);

  // Another page: whatever was open closes.
  useEffect(() => setMode(null), [location.pathname]);
  useEffect(() => () => clearTimeout(hoverTimer.current), []);

  if (!hydrated || onCartPage) {
    return (
      <a href="/cart" className="icon-button cart-link" aria-label={label}>
        <CartIcon count={count} />
      </a>
    );
  }

  const prefetch = () => {
    if (!wanted) {
      setWanted(true);
      void loadPanel();
    }
  };
  const dropdown = widget === 'dropdown';
  const onEnter = () => {
    prefetch();
    clearTimeout(hoverTimer.current);
    if (dropdown && mode === null) hoverTimer.current = setTimeout(() => setMode('hover'), HOVER_INTENT.intervalMs);
  };
  const onLeave = () => {
    clearTimeout(hoverTimer.current);
    if (mode === 'hover') hoverTimer.current = setTimeout(() => setMode(null), SUBMENU_CLOSE_DELAY_MS);
  };
  const onClick = () => {
    prefetch();
    clearTimeout(hoverTimer.current);
    // A click on a dropdown that hovering opened keeps it open rather than closing it.
    setMode((m) => (m === 'click' ? null : 'click'));
  };

  return (
    <div className="mini-cart" ref={wrapRef} onMouseEnter={onEnter} onMouseLeave={onLeave}>
      <button
        ref={triggerRef}
        type="button"
        className="icon-button cart-link"
        aria-label={label}
        aria-expanded={mode !== null}
        aria-controls={dropdown && wanted ? 'mini-cart-panel' : undefined}
        aria-haspopup={dropdown ? undefined : 'dialog'}
        onClick={onClick}
        onFocus={prefetch}
      >
        <CartIcon count={count} />
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <MiniCartPanel
            widget={widget}
            open={mode !== null}
            onClose={close}
            wrapRef={wrapRef}
            triggerRef={triggerRef}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
