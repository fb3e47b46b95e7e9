import { describe, expect, it } from 'vitest';
import { allCountries } from 'country-region-data';
import type { PricedLine } from '../cart/contracts.ts';
import { CONTINENTS, continentOf, countriesOf } from './continents.ts';
import { countries, stateField } from './countries.ts';
import { postcodeMatches } from './postcodes.ts';
import { flatRateCost, freeShippingAvailable } from './rates.ts';
import { flatRateSettingsSchema, freeShippingSettingsSchema } from './shipping.schema.ts';
import { zoneMatches } from './shipping.server.ts';
import { normalizeState, statesOf } from './states.server.ts';

const line = (quantity: number, shippingClass = '', unitPrice = 1000): PricedLine => ({
  key: `k${Math.random()}`,
  productId: 1,
  variationId: null,
  categoryIds: [],
  quantity,
  unitPrice,
  lineSubtotal: unitPrice * quantity,
  onSale: false,
  taxStatus: 'taxable',
  taxClass: '',
  shippingClass,
  virtual: false,
});

describe('postcode patterns', () => {
  it('matches exact codes ignoring case, spaces and dashes', () => {
    expect(postcodeMatches('SW1A 1AA', 'sw1a1aa')).toBe(true);
    expect(postcodeMatches('01310-100', '01310100')).toBe(true);
    expect(postcodeMatches('90210', '90211')).toBe(false);
    expect(postcodeMatches('90210', '')).toBe(false);
  });

  it('matches * wildcards', () => {
    expect(postcodeMatches('902*', '90210')).toBe(true);
    expect(postcodeMatches('902*', '91210')).toBe(false);
    expect(postcodeMatches('sw1*', 'SW1A 1AA')).toBe(true);
    expect(postcodeMatches('SW*AA', 'SW1A 1AA')).toBe(true);
    expect(postcodeMatches('9.2*', '9x210')).toBe(false); // a dot is a dot, not a regex
  });

  it('matches numeric ranges inclusively', () => {
    expect(postcodeMatches('90000...90999', '90000')).toBe(true);
    expect(postcodeMatches('90000...90999', '90210')).toBe(true);
    expect(postcodeMatches('90000...90999', '90999')).toBe(true);
    expect(postcodeMatches('90000...90999', '91000')).toBe(false);
    expect(postcodeMatches('90000...90999', 'ABCDE')).toBe(false);
    expect(postcodeMatches(' 1000 ... 2000 ', '1500')).toBe(true);
  });

  it('matches alphanumeric ranges by district', () => {
    expect(postcodeMatches('AB1...AB9', 'AB5 3XY')).toBe(true);
    expect(postcodeMatches('AB1...AB9', 'ab9 9zz')).toBe(true);
    expect(postcodeMatches('AB1...AB9', 'AC1 1AA')).toBe(false);
  });
});

describe('zone locations', () => {
  const at = (country: string, state = '', postcode = '') => ({ country, state, postcode, city: '' });
  it('needs a region and, when listed, a postcode', () => {
    const california = [{ type: 'state', code: 'US:CA' }];
    expect(zoneMatches(california, at('US', 'ca'))).toBe(true);
    expect(zoneMatches(california, at('US', 'NY'))).toBe(false);
    const la = [...california, { type: 'postcode', code: '900*' }];
    expect(zoneMatches(la, at('US', 'CA', '90012'))).toBe(true);
    expect(zoneMatches(la, at('US', 'CA', '94105'))).toBe(false);
    expect(zoneMatches([{ type: 'continent', code: 'EU' }], at('FR'))).toBe(true);
    expect(zoneMatches([{ type: 'continent', code: 'EU' }], at('US'))).toBe(false);
    expect(zoneMatches([], at('FR'))).toBe(false);
  });
});

describe('flat rate', () => {
  const s = (over: object) => flatRateSettingsSchema.parse(over);
  it('charges once per order or once per item', () => {
    expect(flatRateCost(s({ cost: 500 }), [line(2), line(1)])).toBe(500);
    expect(flatRateCost(s({ cost: 200, costType: 'per_item' }), [line(2), line(1)])).toBe(600);
  });

  it('adds shipping-class costs per class, or only the highest', () => {
    const classes = { cost: 100, classCosts: { heavy: 1000, small: 150 }, noClassCost: 50 };
    const lines = [line(2, 'heavy'), line(1, 'small'), line(1), line(1, 'unpriced')];
    expect(flatRateCost(s(classes), lines)).toBe(100 + 1000 + 150 + 50);
    expect(flatRateCost(s({ ...classes, calculationType: 'per_order' }), lines)).toBe(100 + 1000);
    // Per item: base × 5 items, heavy × 2, small × 1, no class × 1.
    expect(flatRateCost(s({ ...classes, costType: 'per_item' }), lines)).toBe(500 + 2000 + 150 + 50);
  });
});

describe('free shipping conditions', () => {
  const pkg = (contentsCost: number, coupon: boolean, before = contentsCost) => ({
    lines: [line(1)],
    contentsCost,
    contentsCostBeforeDiscount: before,
    freeShippingCoupon: coupon,
  });
  const fs = (requires: string, ignoreDiscounts = false) => freeShippingSettingsSchema.parse({ requires, minAmount: 5000, ignoreDiscounts });
  it.each([
    ['', 0, false, true],
    ['coupon', 9999, false, false],
    ['coupon', 0, true, true],
    ['min_amount', 4999, true, false],
    ['min_amount', 5000, false, true],
    ['either', 4999, true, true],
    ['either', 4999, false, false],
    ['both', 6000, false, false],
    ['both', 6000, true, true],
  ] as const)('requires "%s", contents %i, coupon %s → %s', (requires, cost, coupon, expected) => {
    expect(freeShippingAvailable(fs(requires), pkg(cost, coupon))).toBe(expected);
  });

  it('compares the minimum before discounts only when told to', () => {
    expect(freeShippingAvailable(fs('min_amount'), pkg(4500, false, 5500))).toBe(false);
    expect(freeShippingAvailable(fs('min_amount', true), pkg(4500, false, 5500))).toBe(true);
  });
});

describe('countries, states and continents', () => {
  it('lists countries and states from country-region-data', () => {
    expect(countries()).toContainEqual({ code: 'US', name: 'United States' });
    expect(countries()).toHaveLength(allCountries.length);
    expect(statesOf('us')).toContainEqual({ code: 'CA', name: 'California' });
    expect(statesOf('ZZ')).toEqual([]);
    expect(normalizeState('US', 'california')).toBe('CA');
    expect(normalizeState('GB', 'Somewhere')).toBe('Somewhere');
  });

  it('asks for a state where addresses use one', () => {
    expect(stateField('US')).toBe('required');
    expect(stateField('ca')).toBe('required');
    expect(stateField('NZ')).toBe('optional');
    for (const c of ['DE', 'FR', 'GB', 'NL', 'SE']) expect(stateField(c)).toBe('hidden');
  });

  it('puts every country on exactly one continent', () => {
    for (const [, code] of allCountries) expect(continentOf(code), code).not.toBeNull();
    const listed = CONTINENTS.flatMap((c) => countriesOf(c.code));
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed).toHaveLength(allCountries.length);
    expect(continentOf('FR')).toBe('EU');
    expect(continentOf('BR')).toBe('SA');
    expect(CONTINENTS.map((c) => c.code)).toEqual(['AF', 'AN', 'AS', 'EU', 'NA', 'OC', 'SA']);
  });
});
