import { describe, expect, it } from 'vitest';
import { HttpError } from '../app/lib/http-error.ts';
import { routeErrorOf } from './page-errors.ts';

describe('routeErrorOf', () => {
  it('turns a 4xx HttpError into thrown data with its status, headers and house-shaped body', () => {
    const out = routeErrorOf(new HttpError(409, 'taken', 'Already used.', { sku: 'Used' }, { 'retry-after': '5' })) as { data: unknown; init: ResponseInit };
    expect(out.init.status).toBe(409);
    expect(out.init.headers).toEqual({ 'retry-after': '5' });
    expect(out.data).toEqual({ error: { code: 'taken', message: 'Already used.', fields: { sku: 'Used' } } });
  });

  it('knows an HttpError made by another copy of the module (the bundled pages)', () => {
    const foreign = Object.assign(new Error('Unknown request.'), { name: 'HttpError', status: 400, code: 'invalid' });
    expect((routeErrorOf(foreign) as { init: ResponseInit }).init.status).toBe(400);
  });

  it('leaves unexpected errors, 5xx HttpErrors and responses as they are (a 500, logged)', () => {
    const plain = new Error('boom');
    const server = new HttpError(503, 'unavailable', 'Down.');
    const response = new Response(null, { status: 404 });
    expect(routeErrorOf(plain)).toBe(plain);
    expect(routeErrorOf(server)).toBe(server);
    expect(routeErrorOf(response)).toBe(response);
  });
});
