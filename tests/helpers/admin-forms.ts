import { expect } from 'vitest';
import { createUser } from '../../app/features/account/account.server.ts';
import type { Role } from '../../app/lib/roles.ts';
import { Client, type TestApp } from './app.ts';

/* Admin page actions as a browser without scripts posts them. */

export const PASSWORD = 'a long enough password';
export const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** A urlencoded body; a list gives the field once per value (ticked boxes, `ids`). */
export function urlencoded(fields: Record<string, string | string[]>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const x of Array.isArray(v) ? v : [v]) q.append(k, x);
  return q.toString();
}

/** A new account with the role, logged in: `<role>@<domain>`. */
export async function staffLogin(t: TestApp, role: Role, domain: string): Promise<Client> {
  const c = await Client.start(t.app);
  await createUser(t.services, { email: `${role}@${domain}`, password: PASSWORD, name: role, role });
  expect((await c.request('POST', '/api/account/login', { email: `${role}@${domain}`, password: PASSWORD })).statusCode).toBe(200);
  return c;
}
