import { lazy, Suspense, useEffect, useRef, useState, type CSSProperties } from 'react';
import type { ChatWidgetSettings } from '../chat-settings.server.ts';
import { textColourOn } from '../client/colour.ts';
import { t } from '../../../i18n/t-chat.ts';
import '../chat.css';

/** The hash of a link that opens the chat (shop spec §2). */
export const CHAT_HASH = '#live-chat';

const loadWidget = () => import('./chat-widget.tsx');
const AUTOPLAYED = 'vt_chat_autoplayed';
const ChatWidget = lazy(loadWidget);

export interface ChatUser {
  name: string;
  email: string;
}

/**
 * The live chat's launcher, on every storefront page while the chat is on: an island of the
 * root layout loaded when the browser is idle, so nothing of the chat is in a page's first
 * JavaScript; the server renders only its empty corner box (without scripts there is no
 * chat). The widget (and socket.io-client) loads when the browser is idle again, or at once
 * on a click or a `#live-chat` link.
 */
export function ChatLauncher({ settings, user }: { settings: ChatWidgetSettings; user: ChatUser | null }) {
  const [shown, setShown] = useState(false);
  const [open, setOpen] = useState(false);
  const [started, setStarted] = useState(false);
  // Opened by the autoplay setting rather than by the visitor: focus stays where it was.
  const [auto, setAuto] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Minimised: the launcher is drawn again, and takes the focus once it is there (an animation
  // frame may come before React has drawn it).
  const focusOnReturn = useRef(false);
  useEffect(() => {
    if (open || !focusOnReturn.current) return;
    focusOnReturn.current = false;
    buttonRef.current?.focus();
  }, [open]);

  // Autoplay (spec §3, §9): once per visit (this tab's session), the popup opens by itself
  // `autoplayDelay` ms after the launcher shows.
  useEffect(() => {
    if (!settings.autoplay || !shown || open) return;
    let done = false;
    try {
      done = sessionStorage.getItem(AUTOPLAYED) === '1';
    } catch {
      // Storage refused (privacy mode): autoplay on every page would be worse than none.
      done = true;
    }
    if (done) return;
    const timer = setTimeout(() => {
      try {
        sessionStorage.setItem(AUTOPLAYED, '1');
      } catch {
        // see above
      }
      setAuto(true);
      setStarted(true);
      setOpen(true);
    }, settings.autoplayDelay);
    return () => clearTimeout(timer);
  }, [settings.autoplay, settings.autoplayDelay, shown, open]);

  useEffect(() => {
    const timer = setTimeout(() => setShown(true), settings.showDelay * 1000);
    const idle = () => void loadWidget().catch(() => undefined);
    const handle = typeof requestIdleCallback === 'function' ? requestIdleCallback(idle, { timeout: 4000 }) : setTimeout(idle, 2000);
    const fromHash = () => {
      if (window.location.hash === CHAT_HASH) {
        setAuto(false);
        setShown(true);
        setStarted(true);
        setOpen(true);
      }
    };
    const onClick = (e: MouseEvent) => {
      const a = (e.target as Element | null)?.closest?.('a[href]');
      if (a && a.getAttribute('href')?.endsWith(CHAT_HASH)) {
        e.preventDefault();
        setAuto(false);
        setShown(true);
        setStarted(true);
        setOpen(true);
      }
    };
    fromHash();
    window.addEventListener('hashchange', fromHash);
    document.addEventListener('click', onClick);
    return () => {
      clearTimeout(timer);
      if (typeof cancelIdleCallback === 'function' && typeof handle === 'number') cancelIdleCallback(handle);
      window.removeEventListener('hashchange', fromHash);
      document.removeEventListener('click', onClick);
    };
  }, [settings.showDelay]);

  const style = {
    '--chat-bg': settings.colour,
    '--chat-fg': textColourOn(settings.colour),
    '--chat-popup-w': `${settings.popupWidth}px`,
    '--chat-form-w': `${settings.formWidth}px`,
    '--chat-button-w': `${settings.buttonWidth}px`,
    '--chat-radius': `${settings.borderRadius}px`,
  } as CSSProperties;
  const place = `chat--${settings.xPos} chat--${settings.yPos} chat--anim-${settings.animation}`;
  return (
    <div className={`chat ${place}`} style={style}>
      {shown && !open ? (
        <button
          ref={buttonRef}
          type="button"
          className={`chat-launcher chat-launcher--${settings.buttonType}`}
          aria-haspopup="dialog"
          aria-label={settings.buttonType === 'round' ? t('chat.w.title') : undefined}
          onPointerEnter={() => void loadWidget().catch(() => undefined)}
          onClick={() => {
            setAuto(false);
            setStarted(true);
            setOpen(true);
          }}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
            <path d="M4 4h16v12H8l-4 4z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
          </svg>
          {settings.buttonType === 'classic' ? <span>{t('chat.w.title')}</span> : null}
        </button>
      ) : null}
      {started ? (
        <Suspense fallback={open ? <div className="chat-popup chat-popup--loading" role="status">…</div> : null}>
          <ChatWidget
            open={open}
            quiet={auto}
            user={user}
            onMinimise={() => {
              // The launcher is back: focus returns to it.
              focusOnReturn.current = true;
              setOpen(false);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
