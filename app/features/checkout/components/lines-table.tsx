import type { ReactNode } from 'react';
import { includedTaxText, type PresentedAmounts } from '../../../lib/amounts.ts';
import { t } from '../../../i18n/t-orders.ts';

/** One product line as a table shows it: its part of the subtotal comes from the presentation. */
export interface LineRow {
  key: string | number;
  name: string;
  quantity: number;
  attributes: { name: string; value: string }[];
  amount: number;
  /** Shown under the name when given (the back office's order page). */
  sku?: string;
}

interface Props {
  rows: LineRow[];
  amounts: PresentedAmounts;
  money: (minor: number) => string;
  /** The table's class: `order-lines` for a placed order, `checkout-review__table` in the checkout. */
  className: string;
  /** The checkout's review: name and quantity kept on one line, its own quantity class. */
  review?: boolean;
  caption?: string;
  labelledBy?: string;
  /** The amount column's heading. */
  amountHeading?: string;
  subtotalLabel?: string;
  /** The shipping rows when the page has its own (the checkout's choice of rates); else a row per package. */
  shipping?: ReactNode;
  /** Rows between the taxes and the total (not amounts: the payment method). */
  beforeTotal?: ReactNode;
  /** Rows after the total (what was refunded since). */
  afterTotal?: ReactNode;
  /** The total is announced as it changes (the checkout's live totals). */
  liveTotal?: boolean;
}

/**
 * The lines and totals of a cart or an order, as its presentation (lib/amounts.ts) has them:
 * rows that add up to the total. Each amount row carries its signed part of the total in
 * `data-amount` (lines: their part of the subtotal), so what is shown can be checked against
 * what is charged. The checkout, the received and pay pages, My account, order tracking and
 * the admin order all show an order through this one table.
 */
export function LinesTable(p: Props) {
  const { amounts: d, money } = p;
  const included = includedTaxText(d, money);
  const total = money(d.total);
  return (
    <table className={p.className} aria-labelledby={p.labelledBy}>
      {p.caption ? <caption>{p.caption}</caption> : null}
      <thead>
        <tr>
          <th scope="col">{t('order.product')}</th>
          <th scope="col" className="num">
            {p.amountHeading ?? t('order.lineTotal')}
          </th>
        </tr>
      </thead>
      <tbody>
        {p.rows.map((item) => (
          <tr key={item.key} data-row="line" data-amount={item.amount}>
            <td>
              {item.name}
              {p.review ? '\u00a0' : ' '}
              <strong className={p.review ? 'checkout-review__qty' : 'order-lines__qty'}>× {item.quantity}</strong>
              {item.sku ? <span className="order-lines__sku">{t('order.sku', { sku: item.sku })}</span> : null}
              {item.attributes.length ? (
                <ul className="order-lines__attrs">
                  {item.attributes.map((a) => (
                    <li key={a.name}>
                      {a.name}: {a.value}
                    </li>
                  ))}
                </ul>
              ) : null}
            </td>
            <td className="num">{money(item.amount)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr data-row="subtotal" data-amount={d.subtotal}>
          <th scope="row">{p.subtotalLabel ?? t('order.subtotal')}</th>
          <td className="num">{money(d.subtotal)}</td>
        </tr>
        {d.discounts.map((c) => (
          <tr key={c.code} data-row="discount" data-amount={-c.amount}>
            <th scope="row">{c.code ? t('order.coupon', { code: c.code }) : t('order.discount')}</th>
            <td className="num">−{money(c.amount)}</td>
          </tr>
        ))}
        {p.shipping ??
          d.shipping.map((s) => (
            <tr key={s.id} data-row="shipping" data-amount={s.amount}>
              <th scope="row">{t('order.shipping')}</th>
              <td className="num">
                {money(s.amount)} <span className="order-lines__via">{t('order.via', { method: s.title })}</span>
              </td>
            </tr>
          ))}
        {d.taxes.map((tl) => (
          <tr key={tl.label} data-row="tax" data-amount={tl.amount}>
            <th scope="row">{tl.label}</th>
            <td className="num">{money(tl.amount)}</td>
          </tr>
        ))}
        {p.beforeTotal}
        <tr className="order-lines__total" data-row="total" data-amount={d.total}>
          <th scope="row">{t('order.total')}</th>
          <td className="num">
            {p.liveTotal ? <output aria-live="polite">{total}</output> : total}
            {included ? (
              <small className="order-lines__incl" data-row="included-tax" data-amount={d.includedTaxes.reduce((a, x) => a + x.amount, 0)}>
                {' '}
                {t('order.includesTax', { taxes: included })}
              </small>
            ) : null}
          </td>
        </tr>
        {p.afterTotal}
      </tfoot>
    </table>
  );
}
