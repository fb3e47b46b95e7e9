import { messages } from './compiled/en/admin.ts';
import type { Ids, PluralIds } from './compiled/ids.ts';
import { bundle, lookups } from './runtime.ts';

export { perLanguage } from './runtime.ts';
// The shop's messages too: importing t.ts registers them.
import './t.ts';
import type { MessageKey, PluralKey } from './t.ts';

/** `t` for the admin screens: their own messages (app/i18n/locales/<lang>/admin*.po) and the shop's. */
const loading = bundle('admin', messages);
if (loading) await loading;

export type AdminMessageKey = Ids['admin'];
type Key = AdminMessageKey | MessageKey;
type Counted = PluralIds['admin'] | PluralKey;

/** `t(id, values)`, the counted `plural(id, count)` and `has(id)` over these messages (runtime.ts). */
export const { t, plural, has } = lookups<Key, Counted>();
