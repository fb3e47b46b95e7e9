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

/** A new account, signed in with its CSRF token ready: the client and the account's id. */
export async function signIn(t: TestApp, email: string, role: Role = 'customer', name = email): Promise<{ c: Client; id: number }> {
  const user = await createUser(t.services, { email, password: PASSWORD, name, role });
  const c = await Client.start(t.app);
  expect((await c.request('POST', '/api/account/login', { email, password: PASSWORD })).statusCode).toBe(200);
  c.csrf = (await c.request('GET', '/api/session')).json().csrfToken;
  return { c, id: user.id };
}

/** A new account with the role, logged in: `<role>@<domain>`. */
export async function staffLogin(t: TestApp, role: Role, domain: string): Promise<Client> {
  return (await signIn(t, `${role}@${domain}`, role, role)).c;
}
