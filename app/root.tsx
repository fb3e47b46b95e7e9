import {
  data as withHeaders,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useMatches,
  useRouteLoaderData,
  type LinksFunction,
} from 'react-router';
import type { Route } from './+types/root';
import './load-context.ts';
import { t } from './i18n/t.ts';
import { textDirection } from './i18n/runtime.ts';
import { useNonce } from './ui/nonce.tsx';
import { island, useDocumentHydrated } from './ui/island.tsx';
import { CartProvider } from './features/cart/client/cart-provider.tsx';
import { AddedNotice } from './features/cart/components/added-notice.tsx';
import { WishlistAddedNotice } from './features/wishlist/components/wishlist-added-notice.tsx';
import type { ChatWidgetSettings } from './features/chat/chat-settings.server.ts';
import { loadShell, type ShellData } from './shell/shell-data.server.ts';
import { TestModeNotice } from './features/payments/components/test-mode-notice.tsx';
import type { ChatUser } from './features/chat/components/chat-launcher.tsx';
import './styles/tokens.css';
import './styles/base.css';
import './styles/site.css';
import './styles/header.css';

// Islands (ui/island.tsx): rendered in full by the server, their code loads later in the
// browser — when the shopper reaches for them, the footer's when it comes into view, and
// all of them once the browser is idle after the page has loaded. The header cart's count
// shows from then on (read from the cart cookie and session storage); pages rendered for one
// visitor only (not for the shared page cache) carry it from the server too.
const SiteHeader = island<{ data: RootData | undefined }>(() => import('./shell/site-header.tsx').then((m) => ({ default: m.SiteHeader })), ['interaction', 'idle']);
const SiteFooter = island<{ storeName: string; menu: RootData['menu']; links?: RootData['menus']['footer'] }>(() => import('./shell/site-footer.tsx').then((m) => ({ default: m.SiteFooter })), ['visible', 'idle']);
// The live chat's launcher: nothing of it in the shell; its chunk loads when the browser is idle.
const ChatLauncher = island<{ settings: ChatWidgetSettings; user: ChatUser | null }>(() => import('./features/chat/components/chat-launcher.tsx').then((m) => ({ default: m.ChatLauncher })), ['idle']);
const StoreNotice = island<{ text: string }>(() => import('./shell/store-notice.tsx').then((m) => ({ default: m.StoreNotice })), ['interaction', 'idle']);

export const links: LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

export async function loader(args: Route.LoaderArgs) {
  const { data, headers } = await loadShell(args);
  return withHeaders(data, { headers });
}

/** What a route's `handle` may tell the root layout. */
export interface RouteHandle {
  /** 'idle': the page works from its server HTML and starts React after the load (entry.client.tsx). */
  hydrate?: 'idle';
  /** 'folded': the admin's side navigation folds behind its menu button at every width (the visual builder). */
  adminNav?: 'folded';
}

export type RootData = ShellData;

/** Root data for any component (settings, user, the CSRF token rendered for this visitor: `useCsrfToken`). */
export const useRootData = () => useRouteLoaderData<RootData>('root');

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRootData();
  const nonce = useNonce();
  useDocumentHydrated();
  // Staff inside the admin get its own frame (routes/admin.tsx: top bar, side navigation, main).
  const adminFrame = useRouteLoaderData('routes/admin') !== undefined;
  // Block pages start React after the load (entry.client.tsx), except for staff, who edit them.
  const matches = useMatches();
  const lateReact = !data?.user?.staff && matches.some((m) => (m.handle as RouteHandle | undefined)?.hydrate === 'idle');
  const lang = data?.settings.language ?? 'en';
  // Right to left for a right-to-left language (or when the settings ask for it).
  const dir = textDirection(lang) === 'rtl' ? 'rtl' : (data?.settings.direction ?? 'ltr');
  const settings = data?.settings;
  return (
    // Read by the shell's scripts (shell/client): the loading state they clear at start, link
    // prefetch on or off, the service worker's address.
    <html lang={lang} dir={dir} className="loading-site" data-hydrate={lateReact ? 'idle' : undefined} data-prefetch={settings?.linkPrefetch ? '' : undefined} data-sw={settings?.serviceWorkerUrl || undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {data?.hydrationChunk && !lateReact ? <link rel="modulepreload" href={data.hydrationChunk} /> : null}
        {data?.themeStyle ? <style dangerouslySetInnerHTML={{ __html: data.themeStyle }} /> : null}
      </head>
      <body>
        {settings?.pageLoader && !adminFrame ? <div className="page-loader" aria-hidden="true" /> : null}
        <a className="skip-link" href="#main">
          {t('site.skip')}
        </a>
        <CartProvider currency={data?.settings.currency ?? 'GBP'} userEmail={data?.user?.email ?? null}>
          {adminFrame ? (
            children
          ) : (
            <>
              {data?.paymentTestModes.length ? <TestModeNotice providers={data.paymentTestModes} /> : null}
              {data && !data.noticeHidden ? <StoreNotice text={data.settings.storeNotice} /> : null}
              <SiteHeader data={data} />
              <main id="main" tabIndex={-1}>
                {data?.added ? <AddedNotice name={data.added.name} quantity={data.added.quantity} /> : null}
                {data?.wishlistAdded ? <WishlistAddedNotice name={data.wishlistAdded.name} already={data.wishlistAdded.already} /> : null}
                {children}
              </main>
              <SiteFooter storeName={data?.settings.storeName ?? 'Vitrine'} menu={data?.menu ?? []} links={data?.menus.footer} />
              {data?.chat ? <ChatLauncher settings={data.chat} user={data.user} /> : null}
            </>
          )}
        </CartProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  if (forbidden) {
    return (
      <section className="error-page container">
        <title>{t('error.forbiddenTitle')}</title>
        <p className="error-page__code" aria-hidden="true">403</p>
        <h1>{t('error.forbiddenTitle')}</h1>
        <p>{t('error.forbiddenText')}</p>
        <p className="error-page__actions">
          <a className="button" href="/">{t('error.home')}</a>
        </p>
      </section>
    );
  }
  // A client's mistake (a 4xx thrown by a loader or action, see server/page-errors.ts): its own message.
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const mistake = isRouteErrorResponse(error) && status >= 400 && status < 500 && !notFound ? clientErrorMessage(error.data) : null;
  if (mistake !== null) {
    return (
      <section className="error-page container">
        <title>{t('error.clientTitle')}</title>
        <p className="error-page__code" aria-hidden="true">{status}</p>
        <h1>{t('error.clientTitle')}</h1>
        <p>{mistake || t('error.clientText')}</p>
        <p className="error-page__actions">
          <a className="button" href="/">{t('error.home')}</a>
        </p>
      </section>
    );
  }
  if (!notFound && !isRouteErrorResponse(error)) console.error(error);
  return (
    <section className="error-page container">
      <title>{notFound ? t('error.notFoundTitle') : t('error.serverTitle')}</title>
      <p className="error-page__code" aria-hidden="true">
        {isRouteErrorResponse(error) ? error.status : 500}
      </p>
      <h1>{notFound ? t('error.notFoundTitle') : t('error.serverTitle')}</h1>
      <p>{notFound ? t('error.notFoundText') : t('error.serverText')}</p>
      <p className="error-page__actions">
        <a className="button" href="/">
          {t('error.home')}
        </a>
      </p>
    </section>
  );
}

/** The message of a thrown `{ error: { message } }` (house shape), '' for any other 4xx data. */
function clientErrorMessage(data: unknown): string {
  const message = (data as { error?: { message?: unknown } } | null)?.error?.message;
  return typeof message === 'string' ? message : '';
}
