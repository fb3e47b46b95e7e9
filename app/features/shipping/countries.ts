import { countryTuples } from 'country-region-data';

/*
 * Countries for address forms, isomorphic. Only the package's name/code list (about 8 kB) is
 * imported here; the full states data is about 130 kB, so it stays on the server
 * (states.server.ts) and browsers ask GET /api/countries/:code/states for one country.
 */

export interface Country {
  code: string;
  name: string;
}

export type StateField = 'required' | 'optional' | 'hidden';

/**
 * Countries whose postal addresses carry a state, province, prefecture or county that
 * carriers and tax rules rely on: the shopper must choose one.
 */
export const STATE_REQUIRED: readonly string[] = [
  'AR', // provincias
  'AU', // states and territories
  'BR', // estados
  'CA', // provinces and territories
  'CN', // provinces
  'ES', // provincias
  'ID', // provinsi
  'IE', // counties
  'IN', // states and union territories
  'IT', // regioni
  'JP', // prefectures
  'MX', // estados
  'MY', // states
  'NG', // states
  'PH', // regions
  'RO', // județe
  'TH', // changwat
  'TR', // iller
  'US', // states, DC and territories
  'ZA', // provinces
];

/** Countries where a region is sometimes written in addresses but never needed for delivery. */
export const STATE_OPTIONAL: readonly string[] = ['BD', 'BG', 'CH', 'CO', 'NZ', 'PE'];

let list: Country[] | undefined;

/** Every country, sorted by English name as the package lists them. */
export function countries(): Country[] {
  list ??= countryTuples.map(([name, code]) => ({ code, name }));
  return list;
}

export function countryName(code: string): string | undefined {
  return countries().find((c) => c.code === code)?.name;
}

export function isCountry(code: string): boolean {
  return countries().some((c) => c.code === code);
}

/**
 * How an address form treats the state for a country: a required or optional field (a
 * select when the country has a states list, else text), or no field at all.
 */
export function stateField(code: string): StateField {
  const c = code.toUpperCase();
  if (STATE_REQUIRED.includes(c)) return 'required';
  if (STATE_OPTIONAL.includes(c)) return 'optional';
  return 'hidden';
}
