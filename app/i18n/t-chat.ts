import { messages } from './compiled/en/chat.ts';
import type { Ids, PluralIds } from './compiled/ids.ts';
import { bundle, hasMessage, message, type Values } from './runtime.ts';

export { perLanguage } from './runtime.ts';


/** `t` for the live chat: their own messages (app/i18n/locales/<lang>/chat*.po). */
const loading = bundle('chat', messages);
if (loading) await loading;

export type ChatMessageKey = Ids['chat'];
type Key = ChatMessageKey;
type Counted = PluralIds['chat'];

export function t(key: Key, vars?: Values): string {
  return message(key, vars);
}

/** A counted message for `count`: `plural('chat.x', 3)`. */
export function plural(key: Counted, count: number, vars?: Values): string {
  return message(key, { ...vars, count });
}

/** Whether an id built at run time names one of these messages. */
export function has(key: string): key is Key {
  return hasMessage(key);
}
