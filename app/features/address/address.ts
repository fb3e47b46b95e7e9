import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import { countries, countryName, isCountry, stateField, type Country } from '../shipping/countries.ts';

/*
 * How an address looks in each country, isomorphic (checkout and my-account forms in the
 * browser, validation on the server). The state rule is the one the cart's shipping
 * calculator uses (countries.ts): a required select where carriers need it, an optional
 * text field where it is sometimes written, no field otherwise. The state lists themselves are large
 * and stay on the server (states.server.ts); forms get one country's list from their loader
 * or GET /api/countries/:code/states. The postcode patterns (postcode-validator, about 13 kB
 * unminified) are small enough to check in the browser too.
 */

/** Address fields in the WooCommerce Store API's names. */
export const ADDRESS_FIELDS = ['first_name', 'last_name', 'company', 'address_1', 'address_2', 'city', 'state', 'postcode', 'country', 'email', 'phone'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
export type Address = Record<AddressField, string>;

export const EMPTY_ADDRESS: Address = {
  first_name: '', last_name: '', company: '', address_1: '', address_2: '', city: '', state: '', postcode: '', country: '', email: '', phone: '',
};

export interface FieldSpec {
  name: AddressField;
  label: string;
  required: boolean;
  /** Only the state field: a 'select' of the country's states where one is required, 'text' where optional. */
  input?: 'select' | 'text';
  autocomplete: string;
}

export interface AddressFormat {
  country: string;
  countryName: string;
  /** The fields shown, in display order (email/phone only when asked for, i.e. billing). */
  fields: FieldSpec[];
  state: 'required' | 'optional' | 'hidden';
  stateLabel: string;
  postcodeLabel: string;
  postcodeRequired: boolean;
  /** A postcode pattern is known for this country (the format is checked). */
  postcodeChecked: boolean;
}

/** What a country calls its state and postcode (WooCommerce's locale labels). */
const STATE_LABELS: Record<string, string> = {
  AU: 'State', BR: 'State', CA: 'Province', CN: 'Province', ES: 'Province', GB: 'County', IE: 'County', ID: 'Province', IN: 'State',
  IT: 'Province', JP: 'Prefecture', MX: 'State', MY: 'State', NG: 'State', NZ: 'Region', PH: 'Province', RO: 'County', TH: 'Province',
  TR: 'Province', US: 'State', ZA: 'Province', AR: 'Province', BD: 'District', BG: 'Province', CH: 'Canton', CO: 'Department', PE: 'Region',
};
const POSTCODE_LABELS: Record<string, string> = {
  US: 'ZIP Code', CA: 'Postal code', IN: 'PIN Code', IE: 'Eircode', BR: 'CEP', JP: 'Postal code', NL: 'Postcode', GB: 'Postcode', AU: 'Postcode',
  DE: 'Postcode', FR: 'Postcode', IT: 'Postcode', ES: 'Postcode', ZA: 'Postal code', PH: 'ZIP Code',
};
/** Countries without postcodes in common use: the field is optional there. */
const NO_POSTCODE = new Set(['AE', 'AO', 'AG', 'AW', 'BF', 'BI', 'BJ', 'BO', 'BS', 'BW', 'BZ', 'CD', 'CF', 'CG', 'CI', 'CK', 'CM', 'DJ', 'DM', 'ER', 'FJ', 'GD', 'GH', 'GM', 'GQ', 'GY', 'HK', 'IE', 'KI', 'KM', 'KN', 'KP', 'LY', 'ML', 'MO', 'MR', 'MW', 'NR', 'NU', 'QA', 'RW', 'SB', 'SC', 'SL', 'SR', 'ST', 'SY', 'TD', 'TF', 'TG', 'TK', 'TL', 'TO', 'TV', 'UG', 'VU', 'YE', 'ZW']);

export function stateLabel(country: string): string {
  return STATE_LABELS[country.toUpperCase()] ?? 'State / County';
}

export function postcodeLabel(country: string): string {
  return POSTCODE_LABELS[country.toUpperCase()] ?? 'Postcode / ZIP';
}

/**
 * The address form for a country. `withContact` adds e-mail (required) and phone
 * (optional), as the billing address has them. An unknown or empty country gives the
 * generic form (state optional text, postcode optional).
 */
export function addressFormat(country: string, options: { withContact?: boolean } = {}): AddressFormat {
  const code = (country ?? '').trim().toUpperCase();
  const known = isCountry(code);
  const state = known ? stateField(code) : 'optional';
  const postcodeChecked = known && postcodeValidatorExistsForCountry(code);
  const postcodeRequired = known && !NO_POSTCODE.has(code);
  const fields: FieldSpec[] = [
    { name: 'first_name', label: 'First name', required: true, autocomplete: 'given-name' },
    { name: 'last_name', label: 'Last name', required: true, autocomplete: 'family-name' },
    { name: 'company', label: 'Company name', required: false, autocomplete: 'organization' },
    { name: 'country', label: 'Country / Region', required: true, autocomplete: 'country' },
    { name: 'address_1', label: 'Street address', required: true, autocomplete: 'address-line1' },
    { name: 'address_2', label: 'Apartment, suite, unit, etc.', required: false, autocomplete: 'address-line2' },
    { name: 'city', label: 'Town / City', required: true, autocomplete: 'address-level2' },
  ];
  if (state !== 'hidden') {
    fields.push({ name: 'state', label: stateLabel(code), required: state === 'required', input: state === 'required' ? 'select' : 'text', autocomplete: 'address-level1' });
  }
  fields.push({ name: 'postcode', label: postcodeLabel(code), required: postcodeRequired, autocomplete: 'postal-code' });
  if (options.withContact) {
    fields.push({ name: 'phone', label: 'Phone', required: false, autocomplete: 'tel' });
    fields.push({ name: 'email', label: 'Email address', required: true, autocomplete: 'email' });
  }
  return {
    country: code,
    countryName: countryName(code) ?? '',
    fields,
    state,
    stateLabel: stateLabel(code),
    postcodeLabel: postcodeLabel(code),
    postcodeRequired,
    postcodeChecked,
  };
}

/** Upper-cases and tidies spaces the way postcodes are written ("sw1a1aa" → "SW1A 1AA" stays as typed but upper). */
export function normalizePostcode(postcode: string): string {
  return postcode.trim().toUpperCase().replace(/\s+/g, ' ');
}

/** True when the postcode fits the country's format (or no format is known for the country). */
export function postcodeValid(country: string, postcode: string): boolean {
  const code = country.toUpperCase();
  const p = normalizePostcode(postcode);
  if (!p) return true;
  if (!postcodeValidatorExistsForCountry(code)) return p.length <= 20;
  return postcodeValidator(p, code);
}

/** "Please enter a valid ZIP Code." style message for a postcode of the wrong format. */
export function postcodeMessage(country: string): string {
  return `Please enter a valid ${postcodeLabel(country)} for ${countryName(country.toUpperCase()) ?? 'this country'}.`;
}

export { formatAddressLines } from './address-lines.ts';
export { countries, type Country };
