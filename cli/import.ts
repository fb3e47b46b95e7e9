import { createReadStream, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { createDb, migrate, type DB } from '../db/client.ts';
import { loadConfig } from '../app/config/app-config.ts';
import { importWooCommerce, type ImportProgress, type ImportSummary } from '../app/features/catalog/woo-import/importer.server.ts';
import { HttpError } from '../app/lib/http-error.ts';
import { mediaStoreFor } from '../app/lib/media-store.server.ts';
import type { MediaS3Config } from '../app/config/app-config.ts';

export const IMPORT_USAGE = `Usage: vitrine import woocommerce <file.csv> [--currency CODE] [--skip-images]

Imports the CSV written by WooCommerce's product exporter (Products → Export).
Rows are matched to existing products by SKU (or by the WooCommerce ID of an earlier
import), so importing the same file again updates instead of duplicating.
  --currency CODE   Currency the prices are in (default: the store's currency).
  --skip-images     Do not download pictures; their addresses are kept for later.
Exit code: 0 all rows imported, 1 some rows failed or the file is unusable, 2 usage error.`;

type Out = Pick<Console, 'log' | 'error'>;

const optionsSchema = z.object({
  currency: z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, '--currency must be a three-letter ISO code such as GBP').optional(),
  'skip-images': z.boolean().default(false),
});

/** Longest lists printed; the rest are counted. */
const LIST_LIMIT = 50;

class UsageError extends Error {}

function readArgs(argv: string[]) {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { currency: { type: 'string' }, 'skip-images': { type: 'boolean' } } });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const [format, file, ...extra] = parsed.positionals;
  if (format !== 'woocommerce') throw new UsageError(format ? `Unknown import format "${format}": only "woocommerce" is supported` : 'import needs a format: woocommerce');
  if (!file) throw new UsageError('import woocommerce needs the CSV file to read');
  if (extra.length) throw new UsageError(`Unexpected argument "${extra[0]}"`);
  const options = optionsSchema.safeParse(parsed.values);
  if (!options.success) throw new UsageError(options.error.issues[0].message);
  let isFile = false;
  try {
    isFile = statSync(file).isFile();
  } catch {
    // Reported below with the same message as a directory.
  }
  if (!isFile) throw new UsageError(`Cannot read "${file}": no such file`);
  return { file, ...options.data };
}

/** A bar on a terminal; elsewhere (logs, CI) a line every tenth of the way. */
function progressReporter(out: Out): { update: (p: ImportProgress) => void; end: () => void } {
  const tty = process.stderr.isTTY;
  let last = 0;
  let lastTenth = 0;
  return {
    update(p) {
      if (p.phase === 'reading' || p.total === 0) return;
      if (tty) {
        const now = Date.now();
        if (now - last < 100 && p.done < p.total) return;
        last = now;
        const width = 30;
        const filled = Math.round((p.done / p.total) * width);
        process.stderr.write(`\r\x1b[2K[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${Math.floor((p.done / p.total) * 100)}% ${p.done}/${p.total} rows${p.phase === 'linking' ? ', linking' : ''}`);
      } else {
        const tenth = Math.floor((p.done / p.total) * 10);
        if (tenth > lastTenth && p.phase === 'importing') out.error(`Imported ${p.done}/${p.total} rows…`);
        lastTenth = Math.max(lastTenth, tenth);
      }
    },
    end() {
      if (tty) process.stderr.write('\r\x1b[2K');
    },
  };
}

function list<T>(items: T[], show: (t: T) => string): string[] {
  const lines = items.slice(0, LIST_LIMIT).map((i) => `  ${show(i)}`);
  if (items.length > LIST_LIMIT) lines.push(`  … and ${items.length - LIST_LIMIT} more`);
  return lines;
}

export function formatSummary(file: string, s: ImportSummary): string[] {
  const lines = [
    `Imported ${path.basename(file)} in ${s.seconds.toFixed(1)} s: ${s.rows} rows, ${s.created} created, ${s.updated} updated, ${s.failed} failed, ${s.warnings.length} warnings.`,
  ];
  if (s.skipped.length) lines.push(`Rows not imported (${s.skipped.length}):`, ...list(s.skipped, (k) => `row ${k.row}: ${k.reason}`));
  if (s.warnings.length) lines.push(`Warnings (${s.warnings.length}):`, ...list(s.warnings, (w) => (w.row ? `row ${w.row}: ${w.message}` : w.message)));
  return lines;
}

/**
 * `vitrine import woocommerce <file.csv>`; argv is everything after "import". Uses the
 * given services, or opens the database named by the environment. Resolves to the exit code.
 */
export async function runImport(argv: string[], out: Out = console, services?: { db: DB; config: { dataDir: string; mediaS3?: MediaS3Config; fetchPorts?: number[] } }): Promise<number> {
  let args: ReturnType<typeof readArgs>;
  try {
    args = readArgs(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    out.error(`${err.message}\n\n${IMPORT_USAGE}`);
    return 2;
  }
  let own: DB | undefined;
  const progress = progressReporter(out);
  try {
    let target = services;
    if (!target) {
      const config = loadConfig();
      own = createDb(config.databaseUrl);
      await migrate(own);
      target = { db: own, config };
    }
    const summary = await importWooCommerce({ db: target.db, media: mediaStoreFor(target.config), fetch: target.config.fetchPorts ? { ports: target.config.fetchPorts } : {} }, createReadStream(args.file), {
      currency: args.currency,
      downloadImages: !args['skip-images'],
      onProgress: progress.update,
    });
    progress.end();
    for (const line of formatSummary(args.file, summary)) out.log(line);
    return summary.failed > 0 ? 1 : 0;
  } catch (err) {
    progress.end();
    if (!(err instanceof HttpError)) throw err;
    out.error(`Error: ${err.message}`);
    return 1;
  } finally {
    await own?.destroy();
  }
}
