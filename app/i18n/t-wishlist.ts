import { messages } from './compiled/en/wishlist.ts';
import type { Ids, PluralIds } from './compiled/ids.ts';
import { bundle, lookups } from './runtime.ts';
// The shop's messages too: importing t.ts registers them.
import './t.ts';
import type { MessageKey, PluralKey } from './t.ts';

/** `t` for wishlist screens and answers: their own messages (app/i18n/locales/<lang>/wishlist*.po) and the shop's. */
const loading = bundle('wishlist', messages);
if (loading) await loading;

export type WishlistMessageKey = Ids['wishlist'];
type Key = WishlistMessageKey | MessageKey;
type Counted = PluralIds['wishlist'] | PluralKey;

/** `t(id, values)`, the counted `plural(id, count)` and `has(id)` over these messages (runtime.ts). */
export const { t, plural, has } = lookups<Key, Counted>();
