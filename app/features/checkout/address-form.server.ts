import { HttpError } from '../../lib/http-error.ts';
import { parseAddress } from '../address/address.server.ts';
import type { Address } from '../address/address.ts';
import { addressFormat } from '../address/address.ts';
import { statesOf } from '../shipping/states.server.ts';
import { addressFromForm, type AddressKind } from './components/address-fields.tsx';

/**
 * One address of a page form (`billing_first_name` …) checked for its country; a refusal is
 * a 400 whose field keys are the form's own (`billing_postcode`), so the page lists each
 * error with a link to its field.
 */
export function addressFromPost(values: Record<string, string>, kind: AddressKind): Address {
  try {
    return parseAddress(addressFromForm(values, kind), kind, '');
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    const fields = Object.fromEntries(Object.entries(err.fields ?? {}).map(([k, v]) => [`${kind}_${k}`, v]));
    throw new HttpError(err.status, err.code, err.message, fields);
  }
}

/** The states list a form needs to show for a country (empty where the state is not a select). */
export function statesFor(country: string | undefined) {
  const code = (country ?? '').toUpperCase();
  return code && addressFormat(code).state === 'required' ? statesOf(code) : [];
}

export const isAddressType = (v: string): v is 'billing' | 'shipping' => v === 'billing' || v === 'shipping';
