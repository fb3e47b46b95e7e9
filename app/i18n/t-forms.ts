import { messages } from './compiled/en/forms.ts';
import type { Ids, PluralIds } from './compiled/ids.ts';
import { bundle, lookups } from './runtime.ts';
// The shop's messages too: importing t.ts registers them.
import './t.ts';
import type { MessageKey, PluralKey } from './t.ts';

/** `t` for contact forms: their own messages (app/i18n/locales/<lang>/forms*.po) and the shop's. */
const loading = bundle('forms', messages);
if (loading) await loading;

export type FormsMessageKey = Ids['forms'];
type Key = FormsMessageKey | MessageKey;
type Counted = PluralIds['forms'] | PluralKey;

/** `t(id, values)`, the counted `plural(id, count)` and `has(id)` over these messages (runtime.ts). */
export const { t, plural, has } = lookups<Key, Counted>();
