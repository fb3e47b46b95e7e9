import { z } from 'zod';
import { addressFormat, normalizePostcode, postcodeMessage, postcodeValid, type Address } from './address.ts';
import { isCountry, type Country } from '../shipping/countries.ts';

/*
 * Validation of a Store API address for its country, isomorphic. The state list is passed
 * in (`statesOf`): the server gives the full table (address.server.ts), a browser form the
 * list it loaded for the chosen country; when it returns undefined the membership check is
 * left to the server.
 */

export interface AddressSchemaOptions {
  /** Billing: e-mail required, phone allowed. */
  withContact?: boolean;
  statesOf?: (country: string) => Country[] | undefined;
}

const text = (max: number) => z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string({ message: 'Must be text' }).trim().max(max, `At most ${max} characters`));

const base = {
  first_name: text(100),
  last_name: text(100),
  company: text(200),
  address_1: text(200),
  address_2: text(200),
  city: text(100),
  state: text(100),
  postcode: text(20),
  country: z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string({ message: 'Must be text' }).trim().toUpperCase().max(2, 'Choose a country')),
  email: text(254).transform((s) => s.toLowerCase()),
  phone: text(40),
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^[+()0-9 .\-/]*$/;

/**
 * A zod schema for one address: trims every field, then checks the fields required in its
 * country, that the state belongs to the country (normalised to its code), and the postcode
 * format (normalised to upper case). Errors are per field (`state`, `postcode`, …).
 */
export function addressSchema(options: AddressSchemaOptions = {}) {
  return z.object(base).transform((a, ctx): Address => {
    const out: Address = { ...a, email: options.withContact ? a.email : '', phone: options.withContact ? a.phone : '' };
    const issue = (path: keyof Address, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (!a.country) {
      issue('country', 'Choose a country');
      return out;
    }
    if (!isCountry(a.country)) {
      issue('country', 'Choose a country from the list');
      return out;
    }
    const format = addressFormat(a.country, { withContact: options.withContact });
    for (const f of format.fields) {
      if (f.required && !out[f.name]) issue(f.name, `${f.label} is required`);
    }
    if (format.state === 'hidden') {
      out.state = '';
    } else if (out.state) {
      const states = options.statesOf?.(a.country);
      if (states && states.length) {
        const s = out.state.toUpperCase();
        const found = states.find((x) => x.code.toUpperCase() === s || x.name.toUpperCase() === s);
        if (found) out.state = found.code;
        else if (format.state === 'required') issue('state', `Choose a ${format.stateLabel.toLowerCase()} of ${format.countryName}`);
      }
    }
    if (out.postcode) {
      out.postcode = normalizePostcode(out.postcode);
      if (!postcodeValid(a.country, out.postcode)) issue('postcode', postcodeMessage(a.country));
    }
    if (options.withContact) {
      if (out.email && !EMAIL.test(out.email)) issue('email', 'Enter a valid e-mail address');
      if (out.phone && !PHONE.test(out.phone)) issue('phone', 'Enter a valid phone number');
    }
    return out;
  });
}

export type AddressInput = z.input<ReturnType<typeof addressSchema>>;
