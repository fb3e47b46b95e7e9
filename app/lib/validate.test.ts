import { describe, expect, it } from 'vitest';
import { bodyTextProblem, firstValues, idFromText, JSON_MAX_DEPTH, queryText } from './validate.ts';

describe('input rules', () => {
  it('finds NUL characters and unpaired surrogates in strings and keys, naming the field', () => {
    expect(bodyTextProblem({ name: 'Ada', address: { city: 'Köln ☕ 😀' } })).toBeUndefined();
    expect(bodyTextProblem({ name: 'Ada', address: { city: 'Kö\u0000ln' } })).toEqual({ field: 'address.city' });
    expect(bodyTextProblem({ lines: ['a', 'b\uD800'] })).toEqual({ field: 'lines.1' });
    expect(bodyTextProblem({ lines: ['\uDC00x'] })).toEqual({ field: 'lines.0' });
    expect(bodyTextProblem({ 'st\u0000ate': 'CA' })).toEqual({ field: 'st\u0000ate' });
    expect(bodyTextProblem('a\u0000')).toEqual({ field: '_' });
  });

  it('refuses prototype keys and nesting beyond the limit without recursing', () => {
    expect(bodyTextProblem(JSON.parse('{"a":{"__proto__":{"admin":true}}}'))).toBe('prototype');
    expect(bodyTextProblem({ constructor: { prototype: { admin: true } } })).toBe('prototype');
    const nest = (n: number) => JSON.parse('['.repeat(n) + ']'.repeat(n));
    expect(bodyTextProblem(nest(JSON_MAX_DEPTH))).toBeUndefined();
    expect(bodyTextProblem(nest(JSON_MAX_DEPTH + 1))).toBe('too_deep');
    expect(bodyTextProblem(nest(100_000))).toBe('too_deep');
  });

  it('takes query text as the first value, without NUL, cut to its limit', () => {
    expect(queryText(['a', 'b'], 10)).toBe('a');
    expect(queryText('T\u0000ee', 10)).toBe('Tee');
    expect(queryText('x'.repeat(500), 200)).toHaveLength(200);
    expect(queryText({ a: 1 }, 10)).toBeUndefined();
    expect(firstValues(new URLSearchParams('s=a&s=b&t=c'))).toEqual({ s: 'a', t: 'c' });
  });

  it('reads ids only within the integer columns', () => {
    expect(idFromText('12')).toBe(12);
    expect(idFromText('2147483647')).toBe(2147483647);
    for (const bad of ['2147483648', '99999999999999999999', '0', '-1', '1.5', '1e3', '', null, undefined]) expect(idFromText(bad)).toBeNull();
  });
});
