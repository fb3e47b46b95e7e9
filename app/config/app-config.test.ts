import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, sqlitePath } from './app-config.ts';

describe('loadConfig', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'vitrine-config-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });

  function problems(env: Record<string, string>): string {
    try {
      load(env);
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as Error).message;
    }
    throw new Error('expected a ConfigError');
  }

  it('runs the demo shop with no configuration at all', () => {
    const c = load({});
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: 'sqlite:data/vitrine.sqlite',
      dialect: 'sqlite',
      mailFrom: 'Vitrine <shop@vitrine.localhost>',
      logLevel: 'info',
      dataDir,
      mode: 'production',
      trustProxy: false,
      seedDemo: true,
    });
    expect(c.smtpUrl).toBeUndefined();
    expect(c.publicUrl).toBeUndefined();
  });

  it('reads every documented variable', () => {
    const c = load({
      PORT: '8080',
      DATABASE_URL: 'postgres://shop:pw@db:5432/shop',
      REDIS_URL: 'redis://cache:6379',
      REDIS_PREFIX: 'shop-a',
      REDIS_TIMEOUT_MS: '5000',
      SMTP_URL: 'smtps://user:pw@mail.example.com:465',
      MAIL_FROM: 'Shop <hello@shop.example>',
      SESSION_SECRET: 's'.repeat(40),
      PUBLIC_URL: 'https://shop.example',
      LOG_LEVEL: 'debug',
      TRUST_PROXY: '1',
      ALLOWED_HOSTS: 'Shop.Example, www.shop.example:8443',
    });
    expect(c).toMatchObject({
      port: 8080,
      dialect: 'postgres',
      redisUrl: 'redis://cache:6379',
      redisPrefix: 'shop-a',
      redisTimeoutMs: 5000,
      smtpUrl: 'smtps://user:pw@mail.example.com:465',
      mailFrom: 'Shop <hello@shop.example>',
      sessionSecret: 's'.repeat(40),
      publicUrl: 'https://shop.example',
      logLevel: 'debug',
      trustProxy: true,
      allowedHosts: ['shop.example', 'www.shop.example:8443'],
    });
    expect(load({}).allowedHosts).toEqual([]);
    expect(load({}).redisPrefix).toBe('vitrine');
    expect(load({}).redisTimeoutMs).toBe(500);
    expect(load({ DATABASE_URL: 'postgresql://x@y/z' }).dialect).toBe('postgres');
  });

  it('fails with a ConfigError naming a bad PORT', () => {
    for (const port of ['abc', '70000', '3.5', '-1']) {
      expect(problems({ PORT: port }), port).toMatch(/^\s*PORT: /m);
    }
  });

  it('fails with a ConfigError naming a bad DATABASE_URL', () => {
    expect(problems({ DATABASE_URL: 'mysql://localhost/shop' })).toMatch(/DATABASE_URL: must start with sqlite: or postgres:\/\//);
  });

  it('lists every problem at once, one per line', () => {
    const message = problems({
      PORT: 'eighty',
      DATABASE_URL: 'data.sqlite',
      SMTP_URL: 'mail.example.com',
      SESSION_SECRET: 'short',
      PUBLIC_URL: 'shop.example',
      LOG_LEVEL: 'loud',
    });
    const lines = message.split('\n');
    expect(lines[0]).toBe('Invalid configuration:');
    for (const name of ['PORT', 'DATABASE_URL', 'SMTP_URL', 'SESSION_SECRET', 'PUBLIC_URL', 'LOG_LEVEL']) {
      expect(lines.filter((l) => l.trimStart().startsWith(`${name}: `)), name).toHaveLength(1);
    }
  });

  it('prepares PostgreSQL statements unless DATABASE_PREPARED_STATEMENTS is off, and refuses another value', () => {
    expect(load({}).preparedStatements).toBe(true);
    expect(load({ DATABASE_PREPARED_STATEMENTS: 'off' }).preparedStatements).toBe(false);
    expect(problems({ DATABASE_PREPARED_STATEMENTS: 'no' })).toContain('DATABASE_PREPARED_STATEMENTS');
  });

  it('refuses a public URL that is not http or https', () => {
    expect(problems({ PUBLIC_URL: 'ftp://shop.example' })).toMatch(/PUBLIC_URL: must be an http:\/\/ or https:\/\/ address/);
  });

  it('fetches on ports 80 and 443 unless FETCH_PORTS widens the list, and refuses a bad list', () => {
    expect(load({}).fetchPorts).toEqual([80, 443]);
    expect(load({ FETCH_PORTS: '80, 443,8080' }).fetchPorts).toEqual([80, 443, 8080]);
    expect(problems({ FETCH_PORTS: '80,http' })).toMatch(/FETCH_PORTS: must be port numbers/);
    expect(problems({ FETCH_PORTS: '0' })).toMatch(/FETCH_PORTS/);
    expect(problems({ FETCH_PORTS: '70000' })).toMatch(/FETCH_PORTS/);
  });

  it('refuses an allow-list entry that is not a host name', () => {
    expect(problems({ ALLOWED_HOSTS: 'shop.example,https://evil.example' })).toMatch(/ALLOWED_HOSTS: must be host names/);
  });

  it('treats empty variables as unset', () => {
    const c = load({ PORT: '', SMTP_URL: '', PUBLIC_URL: ' ', SESSION_SECRET: '', REDIS_URL: '' });
    expect(c.port).toBe(3000);
    expect(c.smtpUrl).toBeUndefined();
    expect(c.publicUrl).toBeUndefined();
    expect(c.sessionSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('generates the session secret once, keeps it private, and reuses it', () => {
    const first = load({}).sessionSecret;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    const file = path.join(dataDir, 'session-secret');
    expect(readFileSync(file, 'utf8')).toBe(first);
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(load({}).sessionSecret).toBe(first);
    expect(load({}).sessionSecret).toBe(first);
  });

  it('creates the data directory for the secret when it does not exist yet', () => {
    const nested = path.join(dataDir, 'a', 'b');
    const c = loadConfig({ DATA_DIR: nested });
    expect(readFileSync(path.join(nested, 'session-secret'), 'utf8')).toBe(c.sessionSecret);
  });

  it('prefers SESSION_SECRET and does not write a file then', () => {
    const c = load({ SESSION_SECRET: 'x'.repeat(32) });
    expect(c.sessionSecret).toBe('x'.repeat(32));
    expect(() => statSync(path.join(dataDir, 'session-secret'))).toThrow();
  });

  it('replaces an empty or truncated secret file instead of using it', () => {
    const file = path.join(dataDir, 'session-secret');
    writeFileSync(file, '\n');
    const c = load({});
    expect(c.sessionSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(file, 'utf8')).toBe(c.sessionSecret);
    writeFileSync(file, 'abc');
    expect(load({}).sessionSecret).toMatch(/^[0-9a-f]{64}$/);
  });

  it('lets code override any value (tests, --dev)', () => {
    const c = loadConfig({ DATA_DIR: dataDir }, { mode: 'development', databaseUrl: 'sqlite::memory:', sessionSecret: 'y'.repeat(32) });
    expect(c).toMatchObject({ mode: 'development', databaseUrl: 'sqlite::memory:', dialect: 'sqlite', sessionSecret: 'y'.repeat(32) });
  });
});

describe('sqlitePath', () => {
  it('resolves relative files from the working directory and keeps :memory:', () => {
    expect(sqlitePath('sqlite:data/vitrine.sqlite')).toBe(path.resolve('data/vitrine.sqlite'));
    expect(sqlitePath('sqlite:/var/lib/shop.sqlite')).toBe('/var/lib/shop.sqlite');
    expect(sqlitePath('sqlite::memory:')).toBe(':memory:');
  });
});
