import { messages } from './compiled/en/emails.ts';
import type { Ids, PluralIds } from './compiled/ids.ts';
import { bundle, lookups } from './runtime.ts';

/** `t` for the e-mails the shop sends (app/i18n/locales/<lang>/emails.po); server-only, so the bundle never reaches the browser. */
const loading = bundle('emails', messages);
if (loading) await loading;

export type EmailsMessageKey = Ids['emails'];
type Key = EmailsMessageKey;
type Counted = PluralIds['emails'];

/** `t(id, values)`, the counted `plural(id, count)` and `has(id)` over these messages (runtime.ts). */
export const { t, plural, has } = lookups<Key, Counted>();
