import { Form, Link } from 'react-router';
import { CsrfField } from '../../account/components/form-parts.tsx';
import type { AdminColumn } from '../../admin/components/admin-table.tsx';

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

const yesNo = (b: boolean) => (b ? 'Yes' : 'No');

/** A class's rates as WooCommerce lays them out; `editHref` opens a rate in the form below the list. */
export const taxRateColumns = (editHref: (r: TaxRateRow) => string): AdminColumn<TaxRateRow>[] => [
  { header: 'Name', rowHeader: true, cell: (r) => r.name || <em>No name</em> },
  { header: 'Country', cell: (r) => r.country || '*' },
  { header: 'State', cell: (r) => r.state || '*' },
  { header: 'Postcodes', cell: (r) => anyOf(r.postcodes) },
  { header: 'Cities', cell: (r) => anyOf(r.cities) },
  { header: 'Rate %', numeric: true, cell: (r) => r.rate },
  { header: 'Priority', numeric: true, cell: (r) => r.priority },
  { header: 'Compound', cell: (r) => yesNo(r.compound) },
  { header: 'Shipping', cell: (r) => yesNo(r.shipping) },
  {
    header: 'Actions',
    hideHeader: true,
    cell: (r) => (
      <div className="admin-actions">
        <Link to={editHref(r)} aria-label={`Edit rate ${r.name || r.id}`}>
          Edit
        </Link>
        <Form method="post">
          <CsrfField />
          <input type="hidden" name="rateId" value={r.id} />
          <button type="submit" name="intent" value="delete-rate" className="button button--ghost button--small" aria-label={`Delete rate ${r.name || r.id}`}>
            Delete
          </button>
        </Form>
      </div>
    ),
  },
];
