import { describe, expect, it } from 'vitest';
import { canStepDown, canStepUp, clampQuantity, parseQuantity, parseStep, quantityField, quantityFor, raiseToMin, stepDown, stepUp } from './quantity.ts';

const none = { min: null, max: null };

describe('quantity plus (spec §5)', () => {
  it('adds one step', () => {
    expect(stepUp('1', none)).toBe(2);
    expect(stepUp('4', { ...none, step: 2 })).toBe(6);
  });
  it('stops at the maximum if set', () => {
    expect(stepUp('4', { min: 1, max: 5 })).toBe(5);
    expect(stepUp('5', { min: 1, max: 5 })).toBe(5);
    expect(stepUp('4', { min: 1, max: 5, step: 3 })).toBe(5);
    expect(canStepUp('5', { min: 1, max: 5 })).toBe(false);
  });
  it('brings a value above the maximum down to it', () => {
    expect(stepUp('9', { min: 1, max: 5 })).toBe(5);
  });
  it('has no ceiling without a maximum', () => {
    expect(stepUp('998', none)).toBe(999);
    expect(canStepUp('100000', none)).toBe(true);
  });
});

describe('quantity minus (spec §5)', () => {
  it('takes one step off', () => {
    expect(stepDown('3', none)).toBe(2);
    expect(stepDown('6', { ...none, step: 2 })).toBe(4);
  });
  it('stops at the minimum', () => {
    expect(stepDown('2', { min: 2, max: null })).toBe(2);
    expect(stepDown('3', { min: 2, max: null, step: 5 })).toBe(2);
    expect(canStepDown('2', { min: 2, max: null })).toBe(false);
  });
  it('brings a value below the minimum up to it', () => {
    expect(stepDown('1', { min: 3, max: null })).toBe(3);
  });
  it('stops at 0 when there is no minimum', () => {
    expect(stepDown('1', none)).toBe(0);
    expect(stepDown('0', none)).toBe(0);
    expect(stepDown('0.5', none)).toBe(0);
    expect(canStepDown('0', none)).toBe(false);
  });
});

describe('step (spec §5)', () => {
  it('defaults to 1 when missing or not numeric', () => {
    for (const raw of [undefined, null, '', 'any', 'abc', Number.NaN, 0, -2, '0']) expect(parseStep(raw), String(raw)).toBe(1);
    expect(stepUp('1', { ...none, step: 'any' })).toBe(2);
    expect(stepDown('3', { ...none, step: 'x' })).toBe(2);
  });
  it('uses a numeric step, also given as text, and keeps decimal steps tidy', () => {
    expect(parseStep('3')).toBe(3);
    expect(parseStep(' 2 ')).toBe(2);
    expect(stepUp('0.2', { ...none, step: '0.1' })).toBe(0.3);
  });
});

describe('typed values (spec §5)', () => {
  it('counts a non-numeric value as 0', () => {
    for (const raw of ['', '  ', 'abc', '3abc', 'NaN', 'Infinity', undefined, null, {}]) expect(parseQuantity(raw), String(raw)).toBe(0);
    expect(stepUp('abc', none)).toBe(1);
    expect(stepDown('abc', none)).toBe(0);
    expect(stepUp('', { min: null, max: 3, step: 2 })).toBe(2);
  });
  it('reads numbers', () => {
    expect(parseQuantity('7')).toBe(7);
    expect(parseQuantity(' 12 ')).toBe(12);
    expect(parseQuantity(4)).toBe(4);
  });
  it('raises a value below the minimum to it', () => {
    expect(raiseToMin('0', 1)).toBe(1);
    expect(raiseToMin('abc', 2)).toBe(2);
    expect(raiseToMin('-4', 1)).toBe(1);
    expect(raiseToMin('5', 1)).toBe(5);
    expect(raiseToMin('0', null)).toBe(0);
  });
});

describe('variation limits and sold individually (spec §5)', () => {
  const product = { min: 1, max: null, soldIndividually: false };
  const variation = (min_qty: number, max_qty: number | null, sold: 'yes' | 'no' = 'no') => ({ min_qty, max_qty, is_sold_individually: sold });

  it('clamps the quantity between the variation min_qty and max_qty', () => {
    const field = quantityField(product, variation(2, 6));
    expect(field).toEqual({ min: 2, max: 6, step: 1, hidden: false });
    expect(quantityFor('1', field)).toBe(2);
    expect(quantityFor('10', field)).toBe(6);
    expect(quantityFor('4', field)).toBe(4);
    expect(quantityFor('abc', field)).toBe(2);
    expect(clampQuantity('9', { min: null, max: 3 })).toBe(3);
  });
  it('has no maximum when the variation sets none', () => {
    const field = quantityField(product, variation(1, null));
    expect(field.max).toBeNull();
    expect(quantityFor('250', field)).toBe(250);
  });
  it('forces quantity 1 and hides the field when sold individually', () => {
    const viaVariation = quantityField(product, variation(1, 10, 'yes'));
    expect(viaVariation).toEqual({ min: 1, max: 1, step: 1, hidden: true });
    expect(quantityFor('7', viaVariation)).toBe(1);
    const viaProduct = quantityField({ ...product, soldIndividually: true });
    expect(viaProduct.hidden).toBe(true);
    expect(quantityFor('3', viaProduct)).toBe(1);
  });
  it('uses the product limits while no variation is chosen', () => {
    expect(quantityField({ min: 1, max: 4, soldIndividually: false })).toEqual({ min: 1, max: 4, step: 1, hidden: false });
  });
});
