import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../app/config/constants.ts';
import { createUser } from '../../app/features/account/account.server.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';

/*
 * Login limits beyond one account's (docs/ARCHITECTURE.md, Security): one address trying a
 * password on many accounts is stopped (429), and a flood of password checks from many
 * addresses meets the process's ceiling (503), both with Retry-After. Through the API, as a
 * script would send them.
 */

const password = 'correct horse battery';

for (const dialect of await dialects()) {
  describe(`login limits (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect);
      await createUser(t.services, { email: 'ada@example.com', password, name: 'Ada' });
    });
    afterAll(() => t?.close());

    const login = async (email: string, pass: string, remoteAddress: string) => {
      // A fresh CSRF pair for each attempt, as separate scripts would hold.
      const start = await t.app.inject({ method: 'GET', url: '/api/session', remoteAddress });
      const cookie = (start.cookies as { name: string; value: string }[]).map((c) => `${c.name}=${c.value}`).join('; ');
      return t.app.inject({
        method: 'POST',
        url: '/api/account/login',
        remoteAddress,
        headers: { cookie, 'x-csrf-token': start.json().csrfToken, 'content-type': 'application/json' },
        payload: JSON.stringify({ email, password: pass }),
      });
    };
    /** Waits for the next second, so the per-process ceiling is not what answers. */
    const nextSecond = () => new Promise((r) => setTimeout(r, 1_050));

    it('stops one address spraying a password over many e-mails with 429 before the 25th', async () => {
      const statuses: number[] = [];
      let limited: Awaited<ReturnType<typeof login>> | undefined;
      for (let i = 0; i < 25; i++) {
        if (i % 10 === 9) await nextSecond();
        const res = await login(`victim${i}@example.com`, 'Summer2026!', '198.51.100.7');
        statuses.push(res.statusCode);
        if (res.statusCode === 429) limited ??= res;
      }
      expect(statuses.slice(0, LIMITS.loginFailuresPerClient)).toEqual(Array(LIMITS.loginFailuresPerClient).fill(401));
      expect(statuses.slice(LIMITS.loginFailuresPerClient)).toEqual(Array(25 - LIMITS.loginFailuresPerClient).fill(429));
      expect(limited!.json().error.code).toBe('rate_limited');
      const retry = Number(limited!.headers['retry-after']);
      expect(retry).toBeGreaterThan(0);
      expect(retry).toBeLessThanOrEqual(LIMITS.loginWindowMs / 1000);
      // The address is stopped before any password is checked, a right one included …
      expect((await login('ada@example.com', password, '198.51.100.7')).statusCode).toBe(429);
      // … while another address signs in as usual.
      expect((await login('ada@example.com', password, '198.51.100.8')).statusCode).toBe(200);
    });

    it('does not count successful logins against the address', async () => {
      await nextSecond();
      for (let i = 0; i < LIMITS.loginFailuresPerClient + 5; i++) {
        if (i % 10 === 9) await nextSecond();
        expect((await login('ada@example.com', password, '198.51.100.20')).statusCode).toBe(200);
      }
    });

    it('still limits one e-mail from one address', async () => {
      await nextSecond();
      for (let i = 0; i < LIMITS.loginAttempts; i++) expect((await login('ada@example.com', `guess ${i}`, '198.51.100.30')).statusCode).toBe(401);
      const limited = await login('ada@example.com', password, '198.51.100.30');
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await login('ada@example.com', password, '198.51.100.31')).statusCode).toBe(200);
    });

    it('answers 503 with Retry-After beyond the password checks a process runs per second', async () => {
      await nextSecond();
      const n = LIMITS.passwordChecksPerSecond + 10;
      // Many addresses at once, each within its own limits.
      const answers = await Promise.all(Array.from({ length: n }, (_, i) => login(`flood${i}@example.com`, 'wrong password', `203.0.113.${i + 1}`)));
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(LIMITS.passwordChecksPerSecond);
      const busy = answers.filter((a) => a.statusCode === 503);
      expect(busy.length).toBeGreaterThanOrEqual(n - LIMITS.passwordChecksPerSecond);
      expect(statuses.every((s) => s === 401 || s === 503)).toBe(true);
      expect(busy[0]!.json().error.code).toBe('busy');
      expect(Number(busy[0]!.headers['retry-after'])).toBeGreaterThan(0);
      // A moment later the shop signs people in again.
      await nextSecond();
      expect((await login('ada@example.com', password, '203.0.113.200')).statusCode).toBe(200);
    });
  });
}
