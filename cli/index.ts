import { parseArgs } from 'node:util';
import { createDb, migrate } from '../db/client.ts';
import { ConfigError, loadConfig } from '../app/config/app-config.ts';
import { adminExists, createUser } from '../app/features/account/account.server.ts';
import { readOrCreateSetupCode } from '../app/features/account/setup-code.server.ts';
import { HttpError } from '../app/lib/http-error.ts';
import { createMailer } from '../app/lib/mail.server.ts';
import { createRateLimiter } from '../app/lib/rate-limit.server.ts';
import type { Services } from '../app/lib/services.server.ts';
import { seedDemo } from '../db/seed/demo.ts';
import { seedBench } from '../db/seed/bench.ts';
import pino from 'pino';
import { assignOperatorVendor } from '../app/features/chat/chat-operators.server.ts';
import { runImport } from './import.ts';
import { backup, migrateDb, OpsError, restore } from './ops.ts';

export const USAGE = `Usage: vitrine <command> [options]

Commands:
  migrate                          Apply pending database migrations.
  seed demo                        Fill an empty database with the demo shop.
  seed bench --products N          Add N generated products (for benchmarks; the first time also the demo home page).
  import woocommerce <file.csv> [--currency CODE] [--skip-images]
                                   Import a WooCommerce product export (CSV).
  user create --email E --password P [--role R] [--name N]
                                   Create an account. Roles: customer, shop_manager,
                                   editor, operator, admin (default customer).
  backup <file>                    Back up the database and media files into one archive
                                   (SQLite: online backup while the shop runs; PostgreSQL: pg_dump).
  restore <file>                   Restore such an archive onto DATABASE_URL and DATA_DIR
                                   (stop the shop first).
  migrate-db --to postgres://…     Copy every table of the SQLite shop into an empty
                                   PostgreSQL database.
  chat-operator --email E --vendor ID
                                   Let a staff account answer the live chat for vendor ID
                                   (0: the shop itself).
  setup-code                       Show the one-time code that /admin/setup asks for on a
                                   shop without an administrator (the server log shows it too).
  help                             Show this text.

The database comes from DATABASE_URL (default sqlite:data/vitrine.sqlite).`;

/** Runs one CLI command; resolves to the process exit code. */
export async function run(argv: string[], out: Pick<Console, 'log' | 'error'> = console): Promise<number> {
  const [command, sub, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    // Asked for help: usage on stdout, success. No command at all: a usage error (2).
    if (command) {
      out.log(USAGE);
      return 0;
    }
    out.error(USAGE);
    return 2;
  }
  let services: Services | undefined;
  try {
    const config = loadConfig();
    // These open the database (or its files) themselves, before anything else does.
    if (command === 'backup' || command === 'restore') {
      if (!sub || rest.length) throw new UsageError(`${command} needs one archive file name`);
      await (command === 'backup' ? backup : restore)(config, sub, out);
      return 0;
    }
    if (command === 'migrate-db') {
      const { values } = parseArgs({ args: argv.slice(1), options: { to: { type: 'string' } } });
      if (!values.to) throw new UsageError('migrate-db needs --to postgres://…');
      await migrateDb(config, values.to, out);
      return 0;
    }
    const db = createDb(config.databaseUrl);
    services = {
      db,
      config,
      mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir }),
      log: pino({ level: 'warn' }),
      loginLimiter: createRateLimiter(1, 1),
    };
    const applied = await migrate(db);
    switch (command) {
      case 'migrate':
        out.log(applied.length ? `Applied ${applied.length} migration(s): ${applied.join(', ')}` : 'Database is up to date.');
        return 0;
      case 'seed': {
        if (sub === 'demo') {
          const done = await seedDemo(services);
          out.log(done ? `Seeded the demo shop (${done.products} products).` : 'The database already has products; nothing seeded.');
          return 0;
        }
        if (sub === 'bench') {
          const { values } = parseArgs({ args: rest, options: { products: { type: 'string', default: '100000' } } });
          const n = Number(values.products);
          if (!Number.isInteger(n) || n < 1 || n > 5_000_000) throw new UsageError('--products must be a whole number from 1 to 5000000');
          const started = Date.now();
          await seedBench(services, n, (done) => process.stderr.write(`\r${done}/${n} products`));
          process.stderr.write('\n');
          out.log(`Seeded ${n} bench products in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
          return 0;
        }
        throw new UsageError('seed needs "demo" or "bench"');
      }
      case 'import':
        return await runImport(argv.slice(1), out, services);
      case 'setup-code': {
        if (sub) throw new UsageError('setup-code takes no arguments');
        if (await adminExists(services)) {
          out.error('This shop already has an administrator: no setup code. Log in, or create another account with `vitrine user create`.');
          return 1;
        }
        out.log(`Setup code: ${await readOrCreateSetupCode(services.db)}\nOpen /admin/setup on the shop and enter it to create the first administrator.`);
        return 0;
      }
      case 'user': {
        if (sub !== 'create') throw new UsageError('user needs "create"');
        const { values } = parseArgs({
          args: rest,
          options: { email: { type: 'string' }, password: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' } },
        });
        if (!values.email || !values.password) throw new UsageError('user create needs --email and --password');
        const user = await createUser(services, { email: values.email, password: values.password, role: values.role, name: values.name ?? '' });
        out.log(`Created ${user.role} ${user.email} (id ${user.id}).`);
        return 0;
      }
      case 'chat-operator': {
        const { values } = parseArgs({ args: argv.slice(1), options: { email: { type: 'string' }, vendor: { type: 'string' } } });
        if (!values.email || values.vendor === undefined) throw new UsageError('chat-operator needs --email and --vendor');
        if (!/^\d{1,9}$/.test(values.vendor)) throw new UsageError('--vendor must be a vendor id (0: the shop)');
        const user = await db.selectFrom('users').select('id').where('email', '=', values.email.trim().toLowerCase()).executeTakeFirst();
        if (!user) {
          out.error(`Error: no account with the e-mail ${values.email}`);
          return 1;
        }
        const r = await assignOperatorVendor(db, { userId: user.id, vendorId: Number(values.vendor) });
        out.log(`${r.user.email} now answers the live chat for ${r.vendorId === 0 ? 'the shop' : `vendor ${r.vendorId} (${r.vendorName})`}.`);
        return 0;
      }
      default:
        throw new UsageError(`Unknown command "${command}"`);
    }
  } catch (err) {
    if (err instanceof UsageError) {
      out.error(`${err.message}\n\n${USAGE}`);
      return 2;
    }
    if (err instanceof OpsError) {
      out.error(`Error: ${err.message}`);
      return 1;
    }
    if (err instanceof HttpError) {
      const fields = err.fields && Object.keys(err.fields).length > 1 ? Object.entries(err.fields).map(([k, v]) => `  ${k}: ${v}`) : [];
      out.error([`Error: ${err.message}`, ...fields].join('\n'));
      return 1;
    }
    if (err instanceof ConfigError || (err instanceof Error && /parseArgs|ERR_PARSE_ARGS/.test(String((err as { code?: string }).code ?? err.name)))) {
      out.error(err.message);
      return 2;
    }
    out.error(`Error: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  } finally {
    services?.mailer.close();
    await services?.db.destroy();
  }
}

class UsageError extends Error {}
