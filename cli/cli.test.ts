import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ROLES } from '../app/lib/roles.ts';
import { createDb, type DB } from '../db/client.ts';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../app/config/app-config.ts';
import { Client } from '../tests/helpers/app.ts';
import { createTestDatabase, dialects, PG_URL, type Dialect, type TestDatabase } from '../tests/helpers/databases.ts';
import { run, USAGE } from './index.ts';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** Runs the CLI in this process with DATABASE_URL/DATA_DIR set, capturing what it prints. */
async function vitrine(env: { DATABASE_URL: string; DATA_DIR: string }, ...argv: string[]) {
  const saved = { DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: process.env.DATA_DIR };
  Object.assign(process.env, env);
  const stdout: string[] = [];
  const stderr: string[] = [];
  try {
    const code = await run(argv, { log: (m: string) => stdout.push(m), error: (m: string) => stderr.push(m) });
    return { code, stdout: stdout.join('\n'), stderr: stderr.join('\n') };
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

/** Runs the real `vitrine` executable as a shell user would. */
function spawnVitrine(env: Record<string, string>, ...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [path.join(root, 'bin/vitrine.mjs'), ...argv], { cwd: root, env: { ...process.env, ...env } }, (err, stdout, stderr) => {
      resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr });
    });
  });
}

describe('vitrine usage', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'vitrine-cli-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = () => ({ DATABASE_URL: `sqlite:${path.join(dataDir, 'cli.sqlite')}`, DATA_DIR: dataDir });

  it('help prints the usage and exits 0', async () => {
    for (const arg of ['help', '--help', '-h']) {
      const r = await vitrine(env(), arg);
      expect(r.code, arg).toBe(0);
      expect(r.stdout).toBe(USAGE);
    }
    expect(USAGE).toMatch(/migrate[\s\S]*seed demo[\s\S]*seed bench --products N[\s\S]*user create/);
  });

  it('no command prints the usage as an error (exit 2)', async () => {
    const r = await vitrine(env());
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(USAGE);
  });

  it('an unknown command exits 2 naming it, with the usage', async () => {
    const r = await vitrine(env(), 'frobnicate');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('Unknown command "frobnicate"');
    expect(r.stderr).toContain(USAGE);
  });

  it('incomplete or unknown arguments exit 2 with a reason', async () => {
    const cases: [string[], RegExp][] = [
      [['user'], /user needs "create"/],
      [['user', 'create', '--email', 'a@example.com'], /needs --email and --password/],
      [['user', 'create', '--email', 'a@example.com', '--password', 'long enough', '--colour', 'red'], /colour/],
      [['seed'], /seed needs "demo" or "bench"/],
      [['seed', 'bench', '--products', 'lots'], /--products must be a whole number/],
      [['seed', 'bench', '--products', '0'], /--products must be a whole number/],
    ];
    for (const [argv, message] of cases) {
      const r = await vitrine(env(), ...argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stderr, argv.join(' ')).toMatch(message);
    }
  });

  it('a bad configuration exits 2 and says which variable is wrong', async () => {
    const r = await vitrine({ DATABASE_URL: 'mysql://localhost/shop', DATA_DIR: dataDir }, 'migrate');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/DATABASE_URL: must start with sqlite: or postgres:\/\//);
  });

  // The executable starts a fresh Node with tsx: a few seconds each on a busy machine.
  it('runs as the real executable: help exits 0, an unknown command exits 2', async () => {
    const help = await spawnVitrine(env(), 'help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: vitrine <command>');
    const unknown = await spawnVitrine(env(), 'nope');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown command "nope"');
  }, 60_000);

  it('runs as the real executable: user create, then the same e-mail again exits 1', async () => {
    const args = ['user', 'create', '--email', 'shell@example.com', '--password', 'from the shell', '--role', 'admin'];
    const created = await spawnVitrine(env(), ...args);
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/Created admin shell@example\.com \(id \d+\)\./);
    const dup = await spawnVitrine(env(), ...args);
    expect(dup.code).toBe(1);
    expect(dup.stderr).toContain('An account with this e-mail address already exists.');
  }, 60_000);
});

for (const dialect of await dialects()) {
  describe(`vitrine setup-code (${dialect})`, () => {
    let database: TestDatabase;
    let env: { DATABASE_URL: string; DATA_DIR: string };
    beforeAll(async () => {
      database = await createTestDatabase(dialect);
      env = { DATABASE_URL: database.url, DATA_DIR: database.dataDir };
    });
    afterAll(() => database?.cleanup());

    it('shows the same code every time until an administrator exists; /admin/setup takes it', async () => {
      const first = await vitrine(env, 'setup-code');
      expect(first.code).toBe(0);
      const code = /^Setup code: ([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})$/m.exec(first.stdout)?.[1];
      expect(code, first.stdout).toBeDefined();
      expect(first.stdout).toContain('/admin/setup');
      expect((await vitrine(env, 'setup-code')).stdout).toContain(code);

      const config = loadConfig({ LOG_LEVEL: 'warn' }, { databaseUrl: database.url, dataDir: database.dataDir, seedDemo: false });
      const app = await buildApp(config, { pages: false, db: database.db });
      try {
        const c = await Client.start(app);
        const res = await c.request('POST', '/api/admin/setup', { email: 'owner@example.com', password: 'owner password', setupCode: code!.toLowerCase() });
        expect(res.statusCode, res.body).toBe(201);
      } finally {
        await app.close();
      }
      const after = await vitrine(env, 'setup-code');
      expect(after.code).toBe(1);
      expect(after.stderr).toContain('already has an administrator');
      expect(after.stdout).toBe('');
    });

    it('takes no arguments', async () => {
      expect((await vitrine(env, 'setup-code', 'now')).code).toBe(2);
    });
  });

  describe(`vitrine migrate and user create (${dialect})`, () => {
    let database: TestDatabase;
    let env: { DATABASE_URL: string; DATA_DIR: string };
    beforeAll(async () => {
      database = await createTestDatabase(dialect);
      env = { DATABASE_URL: database.url, DATA_DIR: database.dataDir };
    });
    afterAll(() => database?.cleanup());

    const userRow = (db: DB, email: string) => db.selectFrom('users').select(['email', 'name', 'role']).where('email', '=', email).executeTakeFirst();

    it('migrate on a migrated database says it is up to date', async () => {
      const r = await vitrine(env, 'migrate');
      expect(r).toMatchObject({ code: 0, stdout: 'Database is up to date.', stderr: '' });
    });

    it('creates a user with each role, who can then log in', async () => {
      for (const role of ROLES) {
        const email = `${role}@example.com`;
        const r = await vitrine(env, 'user', 'create', '--email', email, '--password', `${role} password`, '--role', role, '--name', `The ${role}`);
        expect(r.stderr, role).toBe('');
        expect(r.code, role).toBe(0);
        expect(r.stdout).toMatch(new RegExp(`^Created ${role} ${email} \\(id \\d+\\)\\.$`));
        expect(await userRow(database.db, email)).toEqual({ email, name: `The ${role}`, role });
      }
      // Through the shop's own login, on the same database.
      const config = loadConfig({ LOG_LEVEL: 'warn' }, { databaseUrl: database.url, dataDir: database.dataDir, seedDemo: false });
      const app = await buildApp(config, { pages: false, db: database.db });
      try {
        const c = await Client.start(app);
        const res = await c.request('POST', '/api/account/login', { email: 'admin@example.com', password: 'admin password' });
        expect(res.statusCode).toBe(200);
        expect(res.json().user).toMatchObject({ email: 'admin@example.com', role: 'admin', name: 'The admin' });
      } finally {
        await app.close();
      }
    });

    it('defaults to the customer role and lowercases the e-mail', async () => {
      const r = await vitrine(env, 'user', 'create', '--email', 'Plain@Example.com', '--password', 'plain password');
      expect(r.code).toBe(0);
      expect(await userRow(database.db, 'plain@example.com')).toMatchObject({ role: 'customer', name: '' });
    });

    it('refuses a duplicate e-mail with exit 1 and a clear message, changing nothing', async () => {
      const r = await vitrine(env, 'user', 'create', '--email', 'ADMIN@example.com', '--password', 'another password', '--role', 'customer');
      expect(r.code).toBe(1);
      expect(r.stderr).toBe('Error: An account with this e-mail address already exists.');
      expect(await userRow(database.db, 'admin@example.com')).toMatchObject({ role: 'admin' });
    });

    it('refuses an invalid role, e-mail or password with a non-zero exit and creates nobody', async () => {
      const cases: [string[], RegExp][] = [
        [['--email', 'boss@example.com', '--password', 'boss password', '--role', 'superuser'], /role/],
        [['--email', 'not-an-email', '--password', 'long enough'], /e-mail/i],
        [['--email', 'short@example.com', '--password', 'short'], /at least 8 characters/],
      ];
      for (const [args, message] of cases) {
        const r = await vitrine(env, 'user', 'create', ...args);
        expect(r.code, args.join(' ')).not.toBe(0);
        expect(r.stderr, args.join(' ')).toMatch(message);
      }
      for (const email of ['boss@example.com', 'not-an-email', 'short@example.com']) {
        expect(await userRow(database.db, email)).toBeUndefined();
      }
    });

    it('chat-operator gives a staff account a vendor for the live chat (its operator console then serves that vendor)', async () => {
      const vendor = await database.db.insertInto('vendors').values({ name: 'North Knits', slug: 'north-knits' }).returning('id').executeTakeFirstOrThrow();
      for (const [email, role] of [['desk@example.com', 'operator'], ['buyer@example.com', 'customer']]) {
        expect((await vitrine(env, 'user', 'create', '--email', email, '--password', 'a long password', '--role', role)).code).toBe(0);
      }
      const r = await vitrine(env, 'chat-operator', '--email', 'desk@example.com', '--vendor', String(vendor.id));
      expect(r).toMatchObject({ code: 0, stderr: '', stdout: `desk@example.com now answers the live chat for vendor ${vendor.id} (North Knits).` });
      const profile = () =>
        database.db.selectFrom('chat_operator_profiles').innerJoin('users', 'users.id', 'chat_operator_profiles.user_id').select('chat_operator_profiles.vendor_id').where('users.email', '=', 'desk@example.com').executeTakeFirst();
      expect(await profile()).toEqual({ vendor_id: vendor.id });
      // Refusals change nothing: an unknown vendor, a customer, an unknown e-mail, a missing option.
      expect(await vitrine(env, 'chat-operator', '--email', 'desk@example.com', '--vendor', '999999')).toMatchObject({ code: 1, stderr: 'Error: No such vendor' });
      expect(await vitrine(env, 'chat-operator', '--email', 'buyer@example.com', '--vendor', '0')).toMatchObject({ code: 1, stderr: 'Error: This account cannot answer chats' });
      expect((await vitrine(env, 'chat-operator', '--email', 'nobody@example.com', '--vendor', '0')).code).toBe(1);
      expect((await vitrine(env, 'chat-operator', '--email', 'desk@example.com')).code).toBe(2);
      expect(await profile()).toEqual({ vendor_id: vendor.id });
      expect((await vitrine(env, 'chat-operator', '--email', 'desk@example.com', '--vendor', '0')).stdout).toBe('desk@example.com now answers the live chat for the shop.');
      expect(await profile()).toEqual({ vendor_id: 0 });
    });
  });
}

/** An empty database of the dialect (a fresh SQLite file, or a fresh PostgreSQL schema). */
async function emptyDatabase(dialect: Dialect, dataDir: string): Promise<{ url: string; drop(): Promise<void> }> {
  if (dialect === 'sqlite') return { url: `sqlite:${path.join(dataDir, 'fresh.sqlite')}`, drop: async () => {} };
  const schema = `cli_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const sep = PG_URL.includes('?') ? '&' : '?';
  return {
    url: `${PG_URL}${sep}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    async drop() {
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    },
  };
}

for (const dialect of await dialects()) {
  describe(`vitrine migrate on an empty database (${dialect})`, () => {
    let dataDir: string;
    let database: { url: string; drop(): Promise<void> };
    beforeAll(async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'vitrine-cli-'));
      database = await emptyDatabase(dialect, dataDir);
    });
    afterAll(async () => {
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('applies the migrations once, then says it is up to date', async () => {
      const env = { DATABASE_URL: database.url, DATA_DIR: dataDir };
      const first = await vitrine(env, 'migrate');
      expect(first.stderr).toBe('');
      expect(first.code).toBe(0);
      expect(first.stdout).toMatch(/^Applied \d+ migration\(s\): \d{4}-\d{2}-\d{2}-/);
      const second = await vitrine(env, 'migrate');
      expect(second).toMatchObject({ code: 0, stdout: 'Database is up to date.' });
      const db = createDb(env.DATABASE_URL);
      try {
        expect(await db.selectFrom('users').select('id').execute()).toEqual([]);
      } finally {
        await db.destroy();
      }
    });
  });
}
