import { countryName } from '../shipping/countries.ts';
import type { Address } from './address.ts';

/*
 * How an address is written on an envelope in each country: the lines after the street,
 * in the order the country's post reads them (the WooCommerce address formats for these
 * countries). Germany and France put the postcode before the town; the United States writes
 * "City, ST 12345" with the state's code; Britain and Ireland give town, county and postcode
 * a line each. A country not in the table keeps "Town, State, Postcode" on one line.
 *
 * In a template, {city}, {state} (the state's name), {state_code}, {postcode}; "\n" starts
 * a new line; a line left empty (no county given) is dropped, and so are separators left
 * dangling by an empty part.
 */
const LOCALITY: Record<string, string> = {
  DE: '{postcode} {city}',
  AT: '{postcode} {city}',
  CH: '{postcode} {city}',
  FR: '{postcode} {city}',
  BE: '{postcode} {city}',
  NL: '{postcode} {city}',
  ES: '{postcode} {city}\n{state}',
  IT: '{postcode} {city} {state_code}',
  GB: '{city}\n{state}\n{postcode}',
  IE: '{city}\n{state}\n{postcode}',
  US: '{city}, {state_code} {postcode}',
  CA: '{city} {state_code} {postcode}',
  AU: '{city} {state_code} {postcode}',
  SA: '{city} {postcode}',
  AE: '{city}\n{state}',
  EG: '{city}\n{state}\n{postcode}',
};
const DEFAULT_LOCALITY = '{city}, {state}, {postcode}';

/** The town, state and postcode lines of an address in its country's order. */
export function localityLines(country: string, parts: { city: string; state: string; stateCode: string; postcode: string }): string[] {
  const template = LOCALITY[country.toUpperCase()] ?? DEFAULT_LOCALITY;
  return template
    .split('\n')
    .map((line) =>
      line
        .replace(/\{(city|state_code|state|postcode)\}/g, (_, k: string) => (k === 'city' ? parts.city : k === 'state' ? parts.state : k === 'state_code' ? parts.stateCode : parts.postcode).trim())
        // Parts left empty: no separator before, after or doubled around them.
        .replace(/(,\s*)+(?=,|$)/g, '')
        .replace(/^\s*,\s*/, '')
        .replace(/\s{2,}/g, ' ')
        .trim(),
    )
    .filter((l) => l.length > 0);
}

/** One line per part, as shown on the received page, in e-mails, invoices and in my account: name, company, street, the locality lines in the country's order, the country. */
export function formatAddressLines(a: Partial<Address>, stateName?: (country: string, state: string) => string | undefined): string[] {
  const name = [a.first_name, a.last_name].filter(Boolean).join(' ');
  const country = a.country ? (countryName(a.country) ?? a.country) : '';
  const state = a.state && a.country ? (stateName?.(a.country, a.state) ?? a.state) : (a.state ?? '');
  const locality = localityLines(a.country ?? '', { city: a.city ?? '', state, stateCode: a.state ?? '', postcode: a.postcode ?? '' });
  return [name, a.company, a.address_1, a.address_2, ...locality, country].filter((l): l is string => !!l && l.trim().length > 0);
}
