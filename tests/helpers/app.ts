import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildOptions } from '../../server/app.ts';
import { loadConfig, type AppConfig } from '../../app/config/app-config.ts';
import type { Services } from '../../app/lib/services.server.ts';
import { createTestDatabase, type Dialect, type TestDatabase } from './databases.ts';

export interface TestApp {
  app: FastifyInstance;
  services: Services;
  database: TestDatabase;
  close(): Promise<void>;
}

/** A whole app on a fresh database; pages off unless asked (they need `npm run build`). */
export async function createTestApp(
  dialect: Dialect,
  options: { pages?: BuildOptions['pages']; config?: Partial<AppConfig>; mailer?: BuildOptions['mailer']; logStream?: BuildOptions['logStream'] } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(dialect);
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'warn' },
    {
      databaseUrl: database.url,
      dataDir: database.dataDir,
      sessionSecret: 'test-secret-that-is-at-least-32-characters-long',
      seedDemo: false,
      ...options.config,
    },
  );
  const app = await buildApp(config, { pages: options.pages ?? false, db: database.db, mailer: options.mailer, logStream: options.logStream });
  await app.ready();
  return {
    app,
    services: app.services,
    database,
    async close() {
      await app.close();
      await database.cleanup();
    },
  };
}

/** A cookie jar and CSRF token for a client, as a browser would hold them. */
export class Client {
  cookies = new Map<string, string>();
  csrf = '';

  constructor(private app: FastifyInstance) {}

  static async start(app: FastifyInstance): Promise<Client> {
    const c = new Client(app);
    const res = await c.request('GET', '/api/session');
    c.csrf = res.json().csrfToken;
    return c;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const res = await this.app.inject({
      method,
      url,
      headers: {
        ...(this.cookies.size ? { cookie: this.cookieHeader() } : {}),
        ...(method !== 'GET' && this.csrf ? { 'x-csrf-token': this.csrf } : {}),
        ...(body !== undefined && typeof body !== 'string' ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      payload: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    for (const c of res.cookies as { name: string; value: string; maxAge?: number }[]) {
      if (c.maxAge === 0 || c.value === '') this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }
}

/**
 * Keeps an app's log lines instead of printing them: a test that provokes a failure on
 * purpose (a mail server that is down) checks that it was logged, and the run's output does
 * not show an error that is expected.
 */
export function logCapture() {
  const entries: { level: number; msg: string; [key: string]: unknown }[] = [];
  return {
    entries,
    stream: { write: (line: string) => void entries.push(JSON.parse(line) as (typeof entries)[number]) },
  };
}
