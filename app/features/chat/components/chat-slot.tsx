import { lazy, Suspense, useEffect, useState } from 'react';
import type { ChatWidgetSettings } from '../chat-settings.server.ts';
import type { ChatUser } from './chat-launcher.tsx';

const ChatLauncher = lazy(() => import('./chat-launcher.tsx').then((m) => ({ default: m.ChatLauncher })));

/**
 * Where the live chat goes in the root layout: nothing on the server and nothing in a page's
 * first JavaScript. Once the page has hydrated, the launcher's own small chunk (and its
 * stylesheet) loads; the widget behind it loads later still (see chat-launcher.tsx).
 */
export function ChatSlot({ settings, user }: { settings: ChatWidgetSettings; user: ChatUser | null }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted ? (
    <Suspense fallback={null}>
      <ChatLauncher settings={settings} user={user} />
    </Suspense>
  ) : null;
}
