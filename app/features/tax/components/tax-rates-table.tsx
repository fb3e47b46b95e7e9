import { Form, Link } from 'react-router';
import { CsrfField } from '../../account/components/form-parts.tsx';

interface Row {
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

/** A class's rates in matching order, as WooCommerce lays them out. */
export function TaxRatesTable({ rates }: { rates: Row[] }) {
  if (rates.length === 0) return <p>No rates in this class: its products are not taxed.</p>;
  return (
    <div className="table-scroll">
      <table>
        <thead>
          <tr>
            <th scope="col">Country</th>
            <th scope="col">State</th>
            <th scope="col">Postcodes</th>
            <th scope="col">Cities</th>
            <th scope="col">Rate %</th>
            <th scope="col">Name</th>
            <th scope="col">Priority</th>
            <th scope="col">Compound</th>
            <th scope="col">Shipping</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rates.map((r) => (
            <tr key={r.id}>
              <td>{r.country || '*'}</td>
              <td>{r.state || '*'}</td>
              <td>{anyOf(r.postcodes)}</td>
              <td>{anyOf(r.cities)}</td>
              <td>{r.rate}</td>
              <td>{r.name}</td>
              <td>{r.priority}</td>
              <td>{r.compound ? 'Yes' : 'No'}</td>
              <td>{r.shipping ? 'Yes' : 'No'}</td>
              <td>
                <Link to={`?class=${encodeURIComponent(r.taxClass)}&edit=${r.id}`} aria-label={`Edit rate ${r.name || r.id}`}>
                  Edit
                </Link>{' '}
                <Form method="post" style={{ display: 'inline' }}>
                  <CsrfField />
                  <input type="hidden" name="rateId" value={r.id} />
                  <button type="submit" name="intent" value="delete-rate" aria-label={`Delete rate ${r.name || r.id}`}>
                    Delete
                  </button>
                </Form>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
