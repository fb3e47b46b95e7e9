import { useEffect, useRef, useState } from 'react';
import { addressFormat, countries, postcodeMessage, postcodeValid, type Address, type Country, type FieldSpec } from '../../address/address.ts';
import { t } from '../../../i18n/t-orders.ts';

export type AddressKind = 'billing' | 'shipping';

interface Props {
  kind: AddressKind;
  /** The values to show first (saved address, last submission or defaults). */
  values: Partial<Address>;
  /** The states of `values.country`, from the loader (an empty list where it has none). */
  states: Country[];
  /** Messages per field, keyed `<kind>_<field>`. */
  errors?: Record<string, string>;
  /** Billing carries e-mail and phone. */
  withContact?: boolean;
  /** Tells the page the country changed (the checkout refreshes its shipping rates). */
  onCountry?: (country: string) => void;
  /**
   * The accessible name of an "Update" button beside the country, shown only without scripts
   * (WooCommerce's): it posts the form with intent "update", and the page comes back with the
   * chosen country's fields and everything typed. Absent: no button.
   */
  updateLabel?: string;
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

export const fieldName = (kind: AddressKind, name: string) => `${kind}_${name}`;

/**
 * The country-aware address fields of the checkout and My account. Choosing a country
 * rebuilds the form at once: the state becomes a select (the country has a list of states it
 * requires), a text field (optional) or disappears, labels change (ZIP Code, Province…),
 * required marks follow the country, and the postcode format is checked when the field is
 * left. Without scripts the fields are those of the country last submitted and the server
 * says what is missing.
 */
export function AddressFields({ kind, values, states: initialStates, errors = {}, withContact = false, onCountry, updateLabel }: Props) {
  const [country, setCountry] = useState((values.country ?? '').toUpperCase());
  const [states, setStates] = useState(initialStates);
  const [stateKey, setStateKey] = useState(0);
  const [postcodeError, setPostcodeError] = useState<string | null>(null);
  const latest = useRef(country);
  const format = addressFormat(country, { withContact });
  const initialCountry = (values.country ?? '').toUpperCase();

  const changeCountry = async (code: string) => {
    latest.current = code;
    setCountry(code);
    setStates([]);
    setStateKey((k) => k + 1);
    setPostcodeError(null);
    onCountry?.(code);
    const next = addressFormat(code);
    if (next.state !== 'required') return;
    const list = await loadStates(code);
    // A slower answer for a country chosen earlier must not replace the current one.
    if (latest.current === code) setStates(list);
  };

  // A country that needs a state select but came without its list (e.g. after a refused post): fetch it.
  useEffect(() => {
    if (format.state !== 'required' || states.length > 0 || !country) return;
    const code = country;
    void loadStates(code).then((list) => {
      if (latest.current === code && list.length) setStates(list);
    });
    // Only on mount: a country change loads its own list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const checkPostcode = (value: string) => {
    setPostcodeError(value.trim() && !postcodeValid(country, value) ? postcodeMessage(country) : null);
  };

  const render = (f: FieldSpec) => {
    const name = fieldName(kind, f.name);
    const id = `field-${name}`;
    const error = errors[name] ?? (f.name === 'postcode' ? postcodeError ?? undefined : undefined);
    const errorId = `${id}-error`;
    const common = {
      id,
      name,
      autoComplete: `${kind === 'shipping' ? 'shipping' : 'billing'} ${f.autocomplete}`,
      required: f.required,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? errorId : undefined,
    };
    let input: React.ReactNode;
    if (f.name === 'country') {
      input = (
        <select {...common} value={country} onChange={(e) => void changeCountry(e.target.value)}>
          <option value="">{t('address.chooseCountry')}</option>
          {countries().map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
      );
    } else if (f.name === 'state' && f.input === 'select' && states.length > 0) {
      input = (
        <select key={`${country}-${stateKey}`} {...common} defaultValue={country === initialCountry ? values.state ?? '' : ''}>
          <option value="">{t('address.chooseState', { label: f.label.toLowerCase() })}</option>
          {states.map((s) => (
            <option key={s.code} value={s.code}>
              {s.name}
            </option>
          ))}
        </select>
      );
    } else {
      input = (
        <input
          key={f.name === 'state' ? `${country}-${stateKey}` : undefined}
          {...common}
          type={f.name === 'email' ? 'email' : f.name === 'phone' ? 'tel' : 'text'}
          defaultValue={f.name === 'state' && country !== initialCountry ? '' : values[f.name] ?? ''}
          onBlur={
            f.name === 'postcode'
              ? (e) => {
                  // Leaving the field for the submit button: the server checks it, and a message
                  // appearing now would move the button away from under the pointer.
                  if ((e.relatedTarget as HTMLButtonElement | null)?.type === 'submit') return;
                  checkPostcode(e.target.value);
                }
              : undefined
          }
        />
      );
    }
    return (
      <div key={f.name} className={`form-row address-fields__${f.name}`}>
        <label htmlFor={id}>
          {f.label}
          {f.required ? (
            <abbr className="required" title={t('address.required')}>
              {' '}
              *
            </abbr>
          ) : (
            <span className="optional"> {t('address.optional')}</span>
          )}
        </label>
        {input}
        {f.name === 'country' && updateLabel ? (
          // Only without scripts: with them, choosing a country rebuilds the fields at once.
          <noscript>
            <button type="submit" name="intent" value="update" formNoValidate className="button button--ghost address-fields__update" aria-label={updateLabel}>
              {t('address.update')}
            </button>
          </noscript>
        ) : null}
        {error ? (
          <p id={errorId} className="field-error" role={f.name === 'postcode' && !errors[name] ? 'alert' : undefined}>
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return <div className="address-fields">{format.fields.map(render)}</div>;
}

/** The values of one address from a form post (`billing_first_name` …). */
export function addressFromForm(values: Record<string, string | undefined>, kind: AddressKind): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) if (k.startsWith(`${kind}_`) && v !== undefined) out[k.slice(kind.length + 1)] = v;
  return out;
}

/** Field labels of an address for the error list at the top of a form (`billing_postcode` → "Billing ZIP Code"). */
export function addressLabels(kind: AddressKind, country: string, prefix = ''): Record<string, string> {
  const format = addressFormat(country, { withContact: kind === 'billing' });
  const labels: Record<string, string> = {};
  for (const f of format.fields) labels[fieldName(kind, f.name)] = prefix ? `${prefix} ${f.label.toLowerCase()}` : f.label;
  return labels;
}
