import { describe, expect, it } from 'vitest';
import { addressFormat, formatAddressLines, postcodeValid } from './address.ts';
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

describe('addresses printed in each country’s order', () => {
  const who = { first_name: 'Anna', last_name: 'Schmidt', company: '', address_1: 'Hauptstraße 5', address_2: '' };
  const lines = (country: string, city: string, postcode: string, state = '') => formatAddressLines({ ...who, country, city, postcode, state }, (_c, s) => (s === 'CA' ? 'California' : s === 'M' ? 'Madrid' : undefined));

  it('the postcode before the town in Germany, Austria, Switzerland, France, Belgium and the Netherlands, with no state', () => {
    expect(lines('DE', 'Berlin', '10115')).toEqual(['Anna Schmidt', 'Hauptstraße 5', '10115 Berlin', 'Germany']);
    expect(lines('FR', 'Paris', '75001')).toEqual(['Anna Schmidt', 'Hauptstraße 5', '75001 Paris', 'France']);
    for (const c of ['AT', 'CH', 'BE', 'NL']) expect(lines(c, 'Town', '1234')[2]).toBe('1234 Town');
  });

  it('the US as "City, ST 12345"; Britain and Ireland a line each for town, county and postcode; Spain and Italy their province', () => {
    expect(lines('US', 'Los Angeles', '90001', 'CA')).toEqual(['Anna Schmidt', 'Hauptstraße 5', 'Los Angeles, CA 90001', 'United States']);
    expect(lines('GB', 'London', 'SW1A 1AA')).toEqual(['Anna Schmidt', 'Hauptstraße 5', 'London', 'SW1A 1AA', 'United Kingdom']);
    expect(lines('IE', 'Dublin', 'D02 X285', 'Dublin')).toEqual(['Anna Schmidt', 'Hauptstraße 5', 'Dublin', 'Dublin', 'D02 X285', 'Ireland']);
    expect(lines('ES', 'Madrid', '28001', 'M')).toEqual(['Anna Schmidt', 'Hauptstraße 5', '28001 Madrid', 'Madrid', 'Spain']);
    expect(lines('IT', 'Roma', '00100', 'RM')[2]).toBe('00100 Roma RM');
  });

  it('Saudi Arabia town then postcode; the Emirates no postcode; parts left out leave no stray commas; other countries keep "Town, State, Postcode"', () => {
    expect(lines('SA', 'Riyadh', '12211')[2]).toBe('Riyadh 12211');
    expect(lines('AE', 'Dubai', '', 'Dubai').slice(2, 4)).toEqual(['Dubai', 'Dubai']);
    expect(lines('EG', 'Cairo', '11511', 'Cairo').slice(2, 5)).toEqual(['Cairo', 'Cairo', '11511']);
    expect(lines('US', 'Los Angeles', '')[2]).toBe('Los Angeles');
    expect(lines('NZ', 'Auckland', '1010', 'Auckland')[2]).toBe('Auckland, Auckland, 1010');
    expect(lines('NZ', 'Auckland', '1010')[2]).toBe('Auckland, 1010');
  });

  it('checks the postcodes of the shop’s likely countries by their pattern', () => {
    const good: [string, string][] = [['DE', '10115'], ['FR', '75001'], ['ES', '28001'], ['GB', 'SW1A 1AA'], ['US', '90001'], ['IE', 'D02 X285'], ['NL', '1012 AB'], ['IT', '00100'], ['AT', '1010'], ['CH', '8001'], ['BE', '1000'], ['SA', '12211'], ['EG', '11511']];
    for (const [c, p] of good) expect(postcodeValid(c, p), `${c} ${p}`).toBe(true);
    const bad: [string, string][] = [['DE', '1011'], ['FR', '7500'], ['ES', 'ABCDE'], ['US', 'SW1A 1AA'], ['NL', 'AB 1234'], ['AT', '10100'], ['CH', '80011']];
    for (const [c, p] of bad) expect(postcodeValid(c, p), `${c} ${p}`).toBe(false);
    expect(addressFormat('AE').postcodeRequired).toBe(false);
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
