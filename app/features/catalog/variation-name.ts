import { parseJson } from '../../lib/json.ts';

/*
 * How a variation is named where the back office lists it beside products (the order form,
 * stock value): its product's name and the values it was made of, "Zip Hoodie — Blue, M".
 */

/** A variation's attribute values by attribute slug, from the row's JSON or as given; a broken row reads as none. */
export function variationAttributes(attributes: string | Record<string, string>): Record<string, string> {
  if (typeof attributes !== 'string') return attributes;
  const parsed = parseJson<unknown>(attributes, {});
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, string>) : {};
}

/** "Blue, M": the chosen values in their stored order, open ones ("any") left out. */
export function variationValues(attributes: string | Record<string, string>): string {
  return Object.values(variationAttributes(attributes)).filter(Boolean).join(', ');
}

/** "Zip Hoodie — Blue, M", or the product's name alone for a variation with no chosen value. */
export function variationName(productName: string, attributes: string | Record<string, string>): string {
  const values = variationValues(attributes);
  return values ? `${productName} — ${values}` : productName;
}
