import type { Key, ReactNode } from 'react';
import { t } from '../../../i18n/t-admin.ts';

/** One column of an admin list: its heading and how a row fills its cell. */
export interface AdminColumn<Row> {
  /** Column heading, and the label beside the value when the rows stack as cards. */
  header: string;
  cell: (row: Row) => ReactNode;
  /** The cell that names the row (a row header): the card's title when stacked. */
  rowHeader?: boolean;
  /** A heading for screen readers only (actions): its cells carry no label on cards either. */
  hideHeader?: boolean;
  /** Figures: aligned to the end of the cell in the table. */
  numeric?: boolean;
}

/**
 * The admin's lists: a table where the admin's content area is wide, and one card per row
 * (label: value lines) where it is narrow, so no admin page scrolls sideways. It is one table
 * in the HTML either way (CSS container queries restyle it), so row and column headers stay
 * what screen readers announce; the cards' labels are generated content with empty
 * alternative text, which they do not read twice.
 *
 * `stack` picks where the cards begin: `medium` (48rem of content) suits most lists, `wide`
 * (56rem) lists with many columns.
 */
export function AdminTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  empty,
  stack = 'medium',
  className,
}: {
  /** The table's caption (read by screen readers, not shown). */
  label: string;
  columns: readonly AdminColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode;
  stack?: 'medium' | 'wide';
  className?: string;
}) {
  if (rows.length === 0) return <div className="admin-table__empty">{empty ?? <p>{t('admin.list.empty')}</p>}</div>;
  return (
    <div className={`admin-table admin-table--${stack}${className ? ` ${className}` : ''}`}>
      <table>
        <caption className="visually-hidden">{label}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col" className={c.numeric ? 'is-numeric' : undefined}>
                {c.hideHeader ? <span className="visually-hidden">{c.header}</span> : c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c) => {
                const props = {
                  className: c.numeric ? 'is-numeric' : undefined,
                  'data-label': c.hideHeader || c.rowHeader ? undefined : c.header,
                };
                return c.rowHeader ? (
                  <th scope="row" {...props} key={c.header}>
                    {c.cell(row)}
                  </th>
                ) : (
                  <td {...props} key={c.header}>
                    {/* One box for the value, however many parts it has: the card's second column. */}
                    {props['data-label'] ? <div className="admin-table__value">{c.cell(row)}</div> : c.cell(row)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
