import { describe, expect, it } from 'vitest';
import { safeRedirect } from './redirect.ts';

describe('safeRedirect', () => {
  it('keeps same-site paths with their query and fragment', () => {
    expect(safeRedirect('/my-account/orders', '/x')).toBe('/my-account/orders');
    expect(safeRedirect('/shop?orderby=price&page=2#top', '/x')).toBe('/shop?orderby=price&page=2#top');
    expect(safeRedirect('/a/b/../c', '/x')).toBe('/a/c');
    expect(safeRedirect('/product/caf%C3%A9', '/x')).toBe('/product/caf%C3%A9');
  });

  const hostile = [
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '/\\/evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/%09/evil.example',
    '/%0a/evil.example',
    '/%0D/evil.example',
    '/%2F/evil.example',
    '/%2f%2fevil.example',
    '/%5Cevil.example',
    '/%5c%5cevil.example',
    '/.//evil.example',
    '/..//evil.example',
    '/a/../..//evil.example',
    '/%2e%2e//evil.example',
    'http://evil.example/',
    'https:evil.example',
    'javascript:alert(1)',
    ' /my-account',
    'evil.example',
    '',
    '/%E0%A4%A',
    `/${'a'.repeat(3000)}`,
  ];
  it.each(hostile)('refuses %j', (value) => {
    expect(safeRedirect(value, '/fallback')).toBe('/fallback');
  });

  it('refuses what is not a string', () => {
    expect(safeRedirect(null, '/fallback')).toBe('/fallback');
    expect(safeRedirect(undefined, '/fallback')).toBe('/fallback');
  });
});
