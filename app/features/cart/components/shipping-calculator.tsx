import { useRef, useState, type FormEvent } from 'react';
import type { CustomerAddress } from '../cart.schema.ts';
import { countries, stateField, type Country, type StateField } from '../../shipping/countries.ts';
import { cartText } from './cart-text.ts';

export interface Region {
  country: string;
  stateField: StateField;
  states: Country[];
}

interface Props {
  csrf: string;
  region: Region;
  address: CustomerAddress | null;
  /** Open at first (the shopper was asked to choose a state). */
  initiallyOpen: boolean;
  enhanced: boolean;
  /** The country changed: the caller keeps the region (its states name the destination). */
  onRegion: (region: Region) => void;
  onSubmit: (address: CustomerAddress) => void;
}

/** States of a country from GET /api/countries/:code/states; none when unreachable (a text field stands in). */
async function loadStates(code: string): Promise<Country[]> {
  try {
    const res = await fetch(`/api/countries/${encodeURIComponent(code)}/states`, { headers: { accept: 'application/json' } });
    if (!res.ok) return [];
    const body = (await res.json()) as { states?: Country[] };
    return Array.isArray(body.states) ? body.states : [];
  } catch {
    return [];
  }
}

/**
 * The shipping calculator: country, then a state select (the country has a list), a state
 * text field (it has none) or nothing (addresses there carry no state), postcode and city.
 * Without scripts the state field is the one for the country last saved; after a country
 * change the server saves it and asks for the state. With scripts the field follows the
 * country at once and "Update" goes through the cart queue.
 */
export function ShippingCalculator({ csrf, region, address, initiallyOpen, enhanced, onRegion, onSubmit }: Props) {
  const [error, setError] = useState<string | null>(null);
  const sameCountry = address?.country === region.country;
  const latest = useRef(region.country);

  const changeCountry = async (code: string) => {
    setError(null);
    latest.current = code;
    const field = stateField(code);
    onRegion({ country: code, stateField: field, states: [] });
    if (field === 'hidden') return;
    const states = await loadStates(code);
    // A slower answer for a country chosen earlier must not replace the current one.
    if (latest.current === code) onRegion({ country: code, stateField: field, states });
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    if (!enhanced) return;
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const get = (k: string) => String(form.get(k) ?? '').trim();
    const next = { country: get('country'), state: region.stateField === 'hidden' ? '' : get('state'), postcode: get('postcode'), city: get('city') };
    if (region.stateField === 'required' && !next.state) {
      setError(cartText.done.choose_state);
      return;
    }
    onSubmit(next);
  };

  return (
    <details className="shipping-calculator" open={initiallyOpen || undefined}>
      <summary>{cartText.calculate}</summary>
      <form method="post" action="/cart" onSubmit={submit} noValidate={enhanced}>
        <input type="hidden" name="_csrf" value={csrf} />
        {error ? (
          <p className="field-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="form-row">
          <label htmlFor="calc-country">{cartText.country}</label>
          <select id="calc-country" name="country" autoComplete="country" value={region.country} onChange={(e) => void changeCountry(e.target.value)}>
            {countries().map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        {region.stateField !== 'hidden' ? (
          <div className="form-row">
            <label htmlFor="calc-state">{cartText.state}</label>
            {region.states.length > 0 ? (
              <select
                key={region.country}
                id="calc-state"
                name="state"
                autoComplete="address-level1"
                required={region.stateField === 'required'}
                defaultValue={sameCountry ? address?.state : ''}
              >
                <option value="">{cartText.stateChoose}</option>
                {region.states.map((s) => (
                  <option key={s.code} value={s.code}>
                    {s.name}
                  </option>
                ))}
              </select>
            ) : (
              <input key={region.country} id="calc-state" name="state" autoComplete="address-level1" defaultValue={sameCountry ? address?.state : ''} />
            )}
          </div>
        ) : null}
        <div className="form-row">
          <label htmlFor="calc-postcode">{cartText.postcode}</label>
          <input id="calc-postcode" name="postcode" autoComplete="postal-code" defaultValue={address?.postcode ?? ''} />
        </div>
        <div className="form-row">
          <label htmlFor="calc-city">{cartText.city}</label>
          <input id="calc-city" name="city" autoComplete="address-level2" defaultValue={address?.city ?? ''} />
        </div>
        <button type="submit" className="button" name="intent" value="calc_shipping">
          {cartText.update}
        </button>
      </form>
    </details>
  );
}
