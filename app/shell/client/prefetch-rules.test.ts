import { describe, expect, it } from 'vitest';
import { prefetchSkipReason } from './prefetch-rules.ts';

const page = { href: 'https://shop.example/shop' };

describe('prefetch rules (shop spec §5)', () => {
  it('prefetches another page of the same site, relative or absolute', () => {
    expect(prefetchSkipReason({ href: '/product/blue-mug' }, page)).toBeNull();
    expect(prefetchSkipReason({ href: 'https://shop.example/cart' }, page)).toBeNull();
    expect(prefetchSkipReason({ href: 'product-category/clothing' }, page)).toBeNull();
    expect(prefetchSkipReason({ href: '/product/blue-mug#reviews' }, page)).toBeNull();
  });

  it('skips external links, other ports included', () => {
    expect(prefetchSkipReason({ href: 'https://elsewhere.example/' }, page)).toBe('external');
    expect(prefetchSkipReason({ href: 'https://shop.example:8443/x' }, page)).toBe('external');
    expect(prefetchSkipReason({ href: '//cdn.example/x' }, page)).toBe('external');
  });

  it('skips links with a query string', () => {
    expect(prefetchSkipReason({ href: '/shop?orderby=price' }, page)).toBe('query');
    expect(prefetchSkipReason({ href: '/search?q=mug' }, page)).toBe('query');
  });

  it('skips links that only change the hash, and the page itself', () => {
    expect(prefetchSkipReason({ href: '#main' }, page)).toBe('hash');
    expect(prefetchSkipReason({ href: '/shop#top' }, page)).toBe('hash');
    expect(prefetchSkipReason({ href: '/shop' }, page)).toBe('same-page');
  });

  it('skips links marked no-instant', () => {
    expect(prefetchSkipReason({ href: '/cart', noInstant: true }, page)).toBe('no-instant');
  });

  it('skips links that are not http(s)', () => {
    for (const href of ['mailto:a@shop.example', 'tel:+441234', 'javascript:void(0)', 'data:text/html,x', 'ftp://shop.example/x']) {
      expect(prefetchSkipReason({ href }, page), href).toBe('protocol');
    }
    expect(prefetchSkipReason({ href: 'http://[bad' }, page)).toBe('protocol');
  });

  it('skips http links from an https page unless the page or the link opts in', () => {
    expect(prefetchSkipReason({ href: 'http://shop.example/cart' }, page)).toBe('insecure');
    expect(prefetchSkipReason({ href: 'http://shop.example/cart', allowHttp: true }, page)).toBeNull();
    expect(prefetchSkipReason({ href: 'http://shop.example/cart' }, { ...page, allowHttp: true })).toBeNull();
    expect(prefetchSkipReason({ href: 'http://elsewhere.example/cart', allowHttp: true }, page)).toBe('external');
    // From an http page, http links of the site are fine.
    expect(prefetchSkipReason({ href: 'http://shop.example/cart' }, { href: 'http://shop.example/' })).toBeNull();
  });

  it('skips everything in data-saver mode', () => {
    expect(prefetchSkipReason({ href: '/product/blue-mug' }, { ...page, saveData: true })).toBe('data-saver');
  });
});
