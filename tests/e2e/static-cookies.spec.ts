import { test, expect } from './fixtures.ts';

/*
 * Static files are cached publicly (assets for a year): an answer that set a cookie would
 * have it stored and replayed to other visitors by a shared cache. Each request here comes
 * from a new visitor (no cookies), which is when the shop used to set its CSRF cookie.
 */
test('assets, media and the icon carry no Set-Cookie and keep their caching; pages still set the CSRF cookie', async ({ baseURL }) => {
  const home = await fetch(`${baseURL}/`);
  expect(home.status).toBe(200);
  expect(home.headers.getSetCookie().map((c) => c.split('=')[0]).sort()).toEqual(['vt_csrf', 'vt_csrf_token']);
  const html = await home.text();
  const assets = [...new Set([...html.matchAll(/"(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]))];
  const media = [...new Set([...html.matchAll(/"(\/media\/[^" ]+\.webp)/g)].map((m) => m[1]))];
  expect(assets.length).toBeGreaterThan(1);
  expect(media.length).toBeGreaterThan(0);

  for (const url of assets.slice(0, 5)) {
    const res = await fetch(`${baseURL}${url}`, { headers: { 'accept-encoding': 'br' } });
    expect(res.status, url).toBe(200);
    expect(res.headers.get('cache-control'), url).toBe('public, max-age=31536000, immutable');
    expect(res.headers.getSetCookie(), url).toEqual([]);
  }
  for (const url of media.slice(0, 3)) {
    const res = await fetch(`${baseURL}${url}`);
    expect(res.status, url).toBe(200);
    expect(res.headers.get('cache-control'), url).toBe('public, max-age=2592000');
    expect(res.headers.getSetCookie(), url).toEqual([]);
  }
  const icon = await fetch(`${baseURL}/favicon.svg`);
  expect(icon.status).toBe(200);
  expect(icon.headers.getSetCookie()).toEqual([]);
});
