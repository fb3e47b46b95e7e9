import { describe, expect, it } from 'vitest';
import { addressFormat, postcodeValid } from './address.ts';
import { billingAddressSchema, parseAddress, shippingAddressSchema } from './address.server.ts';

const base = { first_name: 'Ada', last_name: 'Lovelace', address_1: '1 Main St', city: 'Town', email: 'ada@example.com' };

describe('address formats per country', () => {
  it('the US: a required State select and a ZIP Code', () => {
    const f = addressFormat('us', { withContact: true });
    expect(f).toMatchObject({ country: 'US', countryName: 'United States', state: 'required', stateLabel: 'State', postcodeLabel: 'ZIP Code', postcodeRequired: true, postcodeChecked: true });
    expect(f.fields.find((x) => x.name === 'state')).toMatchObject({ required: true, input: 'select', label: 'State' });
    expect(f.fields.map((x) => x.name)).toEqual(['first_name', 'last_name', 'company', 'country', 'address_1', 'address_2', 'city', 'state', 'postcode', 'phone', 'email']);
  });

  it('Germany has no state field; Canada a Province and Postal code; New Zealand an optional Region as text', () => {
    expect(addressFormat('DE').fields.some((x) => x.name === 'state')).toBe(false);
    expect(addressFormat('DE').postcodeLabel).toBe('Postcode');
    expect(addressFormat('CA')).toMatchObject({ stateLabel: 'Province', postcodeLabel: 'Postal code' });
    expect(addressFormat('NZ').fields.find((x) => x.name === 'state')).toMatchObject({ required: false, input: 'text', label: 'Region' });
    // Shipping addresses have no e-mail or phone.
    expect(addressFormat('DE').fields.some((x) => x.name === 'email')).toBe(false);
  });

  it('checks postcode formats where the country has one', () => {
    expect(postcodeValid('US', '94105')).toBe(true);
    expect(postcodeValid('US', '94105-1234')).toBe(true);
    expect(postcodeValid('US', 'SW1A 1AA')).toBe(false);
    expect(postcodeValid('GB', 'sw1a 1aa')).toBe(true);
    expect(postcodeValid('DE', '1011')).toBe(false);
    expect(postcodeValid('CA', 'K1A 0B1')).toBe(true);
  });
});

describe('address schema', () => {
  it('normalises: state names to codes, postcodes to upper case, e-mail to lower case; drops a state where there is none', () => {
    expect(billingAddressSchema.parse({ ...base, country: 'us', state: 'new york', postcode: '10001', email: 'Ada@Example.COM' })).toMatchObject({ country: 'US', state: 'NY', email: 'ada@example.com' });
    expect(shippingAddressSchema.parse({ ...base, country: 'GB', state: 'Kent', postcode: 'sw1a 1aa' })).toMatchObject({ state: '', postcode: 'SW1A 1AA', email: '' });
  });

  it('names every field at fault, prefixed for forms', () => {
    try {
      parseAddress({ ...base, first_name: ' ', country: 'US', state: 'Ontario', postcode: 'ABC', email: 'nope' }, 'billing');
      expect.unreachable();
    } catch (err) {
      expect((err as { status: number; fields: Record<string, string> }).status).toBe(400);
      expect((err as { fields: Record<string, string> }).fields).toEqual({
        'billing_address.first_name': 'First name is required',
        'billing_address.state': 'Choose a state of United States',
        'billing_address.postcode': 'Please enter a valid ZIP Code for United States.',
        'billing_address.email': 'Enter a valid e-mail address',
      });
    }
    const r = shippingAddressSchema.safeParse({ ...base, country: '' });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path.join('.'))).toEqual(['country']);
  });
});
