import { Form, Link } from 'react-router';
import { CsrfField } from '../../account/components/form-parts.tsx';
import type { AdminColumn } from '../../admin/components/admin-table.tsx';
import { t } from '../../../i18n/t-admin.ts';

export interface TaxRateRow {
  id: number;
  country: string;
  state: string;
  postcodes: string;
  cities: string;
  rate: string;
  name: string;
  priority: number;
  compound: boolean;
  shipping: boolean;
  taxClass: string;
}

const anyOf = (s: string) => (s ? s.split(';').join(', ') : '*');

const yesNo = (b: boolean) => t(b ? 'admin.tax.yes' : 'admin.tax.no');

/** A class's rates as WooCommerce lays them out; `editHref` opens a rate in the form below the list. */
export const taxRateColumns = (editHref: (r: TaxRateRow) => string): AdminColumn<TaxRateRow>[] => [
  { header: t('admin.tax.col.name'), rowHeader: true, cell: (r) => r.name || <em>{t('admin.tax.noName')}</em> },
  { header: t('admin.tax.col.country'), cell: (r) => r.country || '*' },
  { header: t('admin.tax.col.state'), cell: (r) => r.state || '*' },
  { header: t('admin.tax.col.postcodes'), cell: (r) => anyOf(r.postcodes) },
  { header: t('admin.tax.col.cities'), cell: (r) => anyOf(r.cities) },
  { header: t('admin.tax.col.rate'), numeric: true, cell: (r) => r.rate },
  { header: t('admin.tax.col.priority'), numeric: true, cell: (r) => r.priority },
  { header: t('admin.tax.col.compound'), cell: (r) => yesNo(r.compound) },
  { header: t('admin.tax.col.shipping'), cell: (r) => yesNo(r.shipping) },
  {
    header: t('admin.tax.col.actions'),
    hideHeader: true,
    cell: (r) => (
      <div className="admin-actions">
        <Link to={editHref(r)} aria-label={t('admin.tax.editLabel', { name: r.name || r.id })}>
          {t('admin.tax.edit')}
        </Link>
        <Form method="post">
          <CsrfField />
          <input type="hidden" name="rateId" value={r.id} />
          <button type="submit" name="intent" value="delete-rate" className="button button--ghost button--small" aria-label={t('admin.tax.deleteLabel', { name: r.name || r.id })}>
            {t('admin.tax.delete')}
          </button>
        </Form>
      </div>
    ),
  },
];
