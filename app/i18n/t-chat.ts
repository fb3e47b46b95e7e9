import { messages } from './compiled/en/chat.ts';
import type { Ids, PluralIds } from './compiled/ids.ts';
import { bundle, lookups } from './runtime.ts';

export { perLanguage } from './runtime.ts';


/** `t` for the live chat: their own messages (app/i18n/locales/<lang>/chat*.po). */
const loading = bundle('chat', messages);
if (loading) await loading;

export type ChatMessageKey = Ids['chat'];
type Key = ChatMessageKey;
type Counted = PluralIds['chat'];

/** `t(id, values)`, the counted `plural(id, count)` and `has(id)` over these messages (runtime.ts). */
export const { t, plural, has } = lookups<Key, Counted>();
