import { describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { contentSecurityPolicy, csrfToken, csrfValid, fromOwnOrigin, issuedCsrfSeed, newCsrfSeed, newNonce, pageFormAllowed, securityHeaders } from './security.ts';
import { randomText } from './random-pool.ts';

describe('securityHeaders', () => {
  it('adds HSTS only for a shop served over https', () => {
    expect(securityHeaders({ hsts: true })['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(securityHeaders({ hsts: false })).not.toHaveProperty('strict-transport-security');
  });
});

describe('contentSecurityPolicy', () => {
  it('adds a page’s extra hosts to their directives only', () => {
    const csp = contentSecurityPolicy({ nonce: 'abc' }, false, { script: ['https://js.example'], frame: ['https://frames.example'], connect: ['https://api.example'], img: ['https://img.example'] });
    expect(csp).toContain("script-src 'self' 'nonce-abc' https://js.example;");
    expect(csp).toMatch(/frame-src 'self' [^;]* https:\/\/frames\.example;/);
    expect(csp).toContain("connect-src 'self' https://api.example;");
    expect(csp).toMatch(/img-src [^;]* https:\/\/img\.example;/);
    expect(csp).toContain("default-src 'self';");
    expect(contentSecurityPolicy({ nonce: 'abc' }, false)).not.toContain('example');
  });

  it('allows inline scripts by the nonce of a page rendered for one visitor', () => {
    expect(contentSecurityPolicy({ nonce: 'abc' }, false)).toContain("script-src 'self' 'nonce-abc';");
  });

  it('allows inline scripts of a shared page by their hashes only', () => {
    const csp = contentSecurityPolicy({ hashes: ['AAA=', 'BBB='] }, false);
    expect(csp).toContain("script-src 'self' 'sha256-AAA=' 'sha256-BBB=';");
    expect(csp).not.toContain('nonce');
    expect(/script-src [^;]*/.exec(csp)![0]).not.toContain('unsafe-inline');
    expect(contentSecurityPolicy({ hashes: [] }, false)).toContain("script-src 'self';");
  });
});

const origins = ['https://shop.example', 'http://shop.example'];

describe('fromOwnOrigin', () => {
  it('believes Sec-Fetch-Site first: only same-origin passes', () => {
    expect(fromOwnOrigin({ 'sec-fetch-site': 'same-origin', origin: 'https://shop.example' }, origins)).toBe(true);
    for (const site of ['same-site', 'cross-site', 'none']) {
      expect(fromOwnOrigin({ 'sec-fetch-site': site, origin: 'https://shop.example' }, origins), site).toBe(false);
    }
  });

  it('falls back to Origin, then to the Referer, and refuses when a browser says nothing', () => {
    expect(fromOwnOrigin({ origin: 'https://shop.example' }, origins)).toBe(true);
    expect(fromOwnOrigin({ origin: 'https://evil.example' }, origins)).toBe(false);
    expect(fromOwnOrigin({ origin: 'https://shop.example.evil.example' }, origins)).toBe(false);
    expect(fromOwnOrigin({ origin: 'null' }, origins)).toBe(false);
    expect(fromOwnOrigin({ referer: 'https://shop.example/shop?x=1' }, origins)).toBe(true);
    expect(fromOwnOrigin({ referer: 'https://evil.example/https://shop.example/' }, origins)).toBe(false);
    expect(fromOwnOrigin({ referer: 'not a url' }, origins)).toBe(false);
    expect(fromOwnOrigin({}, origins)).toBe(false);
  });
});

describe('pageFormAllowed', () => {
  const secret = 'test-secret-that-is-at-least-32-characters-long';
  const seed = 'visitor-seed';
  const sameOrigin = { 'sec-fetch-site': 'same-origin', origin: 'https://shop.example' };
  const crossSite = { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' };

  it("takes the visitor's own token from anywhere", () => {
    expect(pageFormAllowed({ secret, cookieSeed: seed, token: csrfToken(secret, seed), headers: crossSite, origins })).toBe(true);
  });

  it('takes a form without a token only with the CSRF cookie and from our own origin', () => {
    expect(pageFormAllowed({ secret, cookieSeed: seed, token: '', headers: sameOrigin, origins })).toBe(true);
    expect(pageFormAllowed({ secret, cookieSeed: seed, token: undefined, headers: crossSite, origins })).toBe(false);
    expect(pageFormAllowed({ secret, cookieSeed: undefined, token: undefined, headers: sameOrigin, origins })).toBe(false);
    expect(pageFormAllowed({ secret, cookieSeed: seed, token: undefined, headers: {}, origins })).toBe(false);
  });

  it("refuses another visitor's token from another site", () => {
    expect(pageFormAllowed({ secret, cookieSeed: seed, token: csrfToken(secret, 'other'), headers: crossSite, origins })).toBe(false);
  });
});

describe('CSRF seeds', () => {
  const secret = 'a-secret-of-this-shop';
  const tokenByHand = (seed: string) => createHmac('sha256', secret).update(`csrf:${seed}`).digest('base64url');

  it('takes back only seeds it issued, with the same secret, however often they are checked', () => {
    const seed = newCsrfSeed(secret);
    for (let i = 0; i < 3; i++) expect(issuedCsrfSeed(secret, seed)).toBe(true);
    expect(issuedCsrfSeed('another-secret', seed)).toBe(false);
    // The first secret again: its remembered seeds went with the switch, the signature still holds.
    expect(issuedCsrfSeed(secret, seed)).toBe(true);
    const last = seed.at(-1) === 'A' ? 'B' : 'A';
    expect(issuedCsrfSeed(secret, `${seed.slice(0, -1)}${last}`)).toBe(false);
    // One character changed (to one it is not: a random seed may hold an x there).
    expect(issuedCsrfSeed(secret, `${seed.slice(0, 5)}${seed[5] === 'x' ? 'y' : 'x'}${seed.slice(6)}`)).toBe(false);
    expect(issuedCsrfSeed(secret, seed.slice(1))).toBe(false);
    expect(issuedCsrfSeed(secret, 42)).toBe(false);
  });

  it('gives a remembered seed the token its HMAC gives', () => {
    const seed = newCsrfSeed(secret);
    expect(csrfToken(secret, seed)).toBe(tokenByHand(seed));
    expect(issuedCsrfSeed(secret, seed)).toBe(true);
    expect(csrfToken(secret, seed)).toBe(tokenByHand(seed));
    expect(csrfValid(secret, seed, tokenByHand(seed))).toBe(true);
    expect(csrfValid(secret, seed, tokenByHand(newCsrfSeed(secret)))).toBe(false);
    expect(csrfToken('another-secret', seed)).not.toBe(tokenByHand(seed));
  });

  it('makes a different seed and nonce every time, across refills of the random pool', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      seen.add(newCsrfSeed(secret));
      seen.add(newNonce());
    }
    expect(seen.size).toBe(2000);
    const hex = randomText(12, 'hex');
    expect(hex).toMatch(/^[0-9a-f]{24}$/);
    expect(() => randomText(5000, 'hex')).toThrow(RangeError);
  });
});
