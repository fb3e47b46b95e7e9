import { messages } from './compiled/en/orders.ts';
import type { Ids, PluralIds } from './compiled/ids.ts';
import { bundle, lookups } from './runtime.ts';
// The shop's messages too: importing t.ts registers them.
import './t.ts';
import type { MessageKey, PluralKey } from './t.ts';

/** `t` for checkout, order and My account screens: their own messages (app/i18n/locales/<lang>/orders*.po) and the shop's. */
const loading = bundle('orders', messages);
if (loading) await loading;

export type OrdersMessageKey = Ids['orders'];
type Key = OrdersMessageKey | MessageKey;
type Counted = PluralIds['orders'] | PluralKey;

/** `t(id, values)`, the counted `plural(id, count)` and `has(id)` over these messages (runtime.ts). */
export const { t, plural, has } = lookups<Key, Counted>();
