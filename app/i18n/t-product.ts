import { messages } from './compiled/en/product.ts';
import type { Ids, PluralIds } from './compiled/ids.ts';
import { bundle, message, type Values } from './runtime.ts';
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

export function t(key: Key, vars?: Values): string {
  return message(key, vars);
}

/** A counted message for `count`: `plural('reviews.count', 3)`. */
export function plural(key: Counted, count: number, vars?: Values): string {
  return message(key, { ...vars, count });
}
