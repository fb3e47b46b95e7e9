import { t } from '../../i18n/t.ts';
import { ORDER_STATUSES, type OrderStatus } from './orders.ts';

/*
 * An order status's name in the shop's language (app/i18n/locales/<lang>/site.po), for every
 * screen, the shopper's and the admin's alike.
 */

const isStatus = (s: string): s is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(s);

/**
 * The name of an order status: "On hold" as a label, or, with `inText`, as it stands inside a
 * sentence ("This order is on hold"). A status the shop does not know is given as it is.
 */
export function statusName(status: string, options?: { inText?: boolean }): string {
  if (!isStatus(status)) return status;
  return options?.inText ? t(`order.statusInText.${status}`) : t(`order.status.${status}`);
}
