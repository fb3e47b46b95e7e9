import { HttpError } from '../../lib/http-error.ts';
import { statesOf, stateName } from '../shipping/states.server.ts';
import { formatAddressLines, type Address } from './address.ts';
import { addressSchema } from './address.schema.ts';

/** Server-side address schemas with the full states table. */
export const billingAddressSchema = addressSchema({ withContact: true, statesOf });
export const shippingAddressSchema = addressSchema({ withContact: false, statesOf });

/**
 * Validates an address; a failure is a 400 with every field's message, keys prefixed
 * (`billing_address.postcode`) so a form can put each message next to its field.
 */
export function parseAddress(input: unknown, kind: 'billing' | 'shipping', prefix = `${kind}_address`): Address {
  const schema = kind === 'billing' ? billingAddressSchema : shippingAddressSchema;
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw new HttpError(400, 'invalid', `Please check your ${kind} address.`, addressErrors(result.error.issues, prefix));
}

export function addressErrors(issues: { path: PropertyKey[]; message: string }[], prefix: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const i of issues) fields[[prefix, ...i.path.map(String)].filter(Boolean).join('.')] ??= i.message;
  return fields;
}

/** Address lines with the state's full name ("California"). */
export function addressLines(a: Partial<Address>): string[] {
  return formatAddressLines(a, stateName);
}
