import { enChat, type ChatMessageKey } from './en-chat.ts';
import { fill } from './t.ts';

/** `t` for the live chat: its own catalog (en-chat.ts). */
export function t(key: ChatMessageKey, vars?: Record<string, string | number>): string {
  return fill(enChat[key], vars);
}
