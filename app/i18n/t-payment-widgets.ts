import { messages } from './compiled/en/payment-widgets.ts';
import type { Ids, PluralIds } from './compiled/ids.ts';
import { bundle, lookups } from './runtime.ts';


/** `t` for the payment widgets: their own messages (app/i18n/locales/<lang>/payment-widgets*.po). */
const loading = bundle('payment-widgets', messages);
if (loading) await loading;

export type PaymentWidgetsMessageKey = Ids['payment-widgets'];
type Key = PaymentWidgetsMessageKey;
type Counted = PluralIds['payment-widgets'];

/** `t(id, values)`, the counted `plural(id, count)` and `has(id)` over these messages (runtime.ts). */
export const { t, plural, has } = lookups<Key, Counted>();
