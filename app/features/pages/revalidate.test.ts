import { describe, expect, it } from 'vitest';
import { revalidateAfterRefusal } from './revalidate.ts';

const args = (actionStatus: number | undefined, defaultShouldRevalidate: boolean) =>
  ({ actionStatus, defaultShouldRevalidate, currentUrl: new URL('http://x/admin/pages/1'), nextUrl: new URL('http://x/admin/pages/1'), currentParams: {}, nextParams: {} }) as Parameters<typeof revalidateAfterRefusal>[0];

describe('the page editors reload the page after a refused action', () => {
  it('reloads after a 409 or 404 answer, which React Router alone would not', () => {
    expect(revalidateAfterRefusal(args(409, false))).toBe(true);
    expect(revalidateAfterRefusal(args(404, false))).toBe(true);
    expect(revalidateAfterRefusal(args(400, false))).toBe(true);
  });
  it("leaves every other case to React Router's default", () => {
    expect(revalidateAfterRefusal(args(200, true))).toBe(true);
    expect(revalidateAfterRefusal(args(undefined, false))).toBe(false);
    expect(revalidateAfterRefusal(args(500, false))).toBe(false);
  });
});
