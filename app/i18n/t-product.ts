import { messages } from './compiled/en/product.ts';
import type { Ids, PluralIds } from './compiled/ids.ts';
import { bundle, lookups } from './runtime.ts';
// The shop's messages too: importing t.ts registers them.
import './t.ts';
import type { MessageKey, PluralKey } from './t.ts';

export { perLanguage } from './runtime.ts';

/** `t` for the product page (its tabs, gallery, reviews): its own messages (app/i18n/locales/<lang>/product.po) and the shop's. */
const loading = bundle('product', messages);
if (loading) await loading;

export type ProductMessageKey = Ids['product'];
type Key = ProductMessageKey | MessageKey;
type Counted = PluralIds['product'] | PluralKey;

/** `t(id, values)` and the counted `plural(id, count)` over these messages (runtime.ts). */
export const { t, plural } = lookups<Key, Counted>();
