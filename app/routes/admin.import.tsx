import { Form, useActionData, useNavigation } from 'react-router';
import { z } from 'zod';
import type { Route } from './+types/admin.import';
import { requireStaff, SETTINGS_ROLES } from '../features/admin/admin.server.ts';
import { CsrfField, FormErrors } from '../features/account/components/form-parts.tsx';
import { importWooCommerce, type ImportSummary } from '../features/catalog/woo-import/importer.server.ts';
import { formAction } from '../lib/action.server.ts';
import { isActionError, type ActionError } from '../lib/action.ts';
import { parseInput } from '../lib/validate.ts';
import { AdminTable } from '../features/admin/components/admin-table.tsx';
import { plural, t } from '../i18n/t-admin.ts';
import { kickWishlistAlerts } from '../features/wishlist/wishlist-alerts.server.ts';
import { staffActor } from '../features/stock/stock-log.server.ts';
import { kickStockAlerts } from '../features/stock/stock-alerts.server.ts';
import { mediaStoreFor } from '../lib/media-store.server.ts';
import { formatNumber } from '../lib/format.ts';
import { useLocale } from '../lib/use-locale.ts';

/* /admin/import: the same importer as `vitrine import woocommerce`, fed an uploaded file. */

/** The command line that imports a file (a command, not text to translate). */
const CLI_IMPORT = 'vitrine import woocommerce products.csv';

/** Rows of the skipped and warning lists sent to the page; the rest are only counted. */
const SHOWN = 200;

export const meta: Route.MetaFunction = () => [{ title: `${t('admin.import.title')} · ${t('admin.title')}` }];

export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request, SETTINGS_ROLES);
  return null;
}

const isFile = (v: unknown): v is File => typeof v === 'object' && v !== null && typeof (v as File).arrayBuffer === 'function' && typeof (v as File).name === 'string';
const uploadSchema = z.object({
  file: z
    .custom<File>(isFile, { error: () => t('admin.import.chooseFile') })
    .refine((f) => f.size > 0, { error: () => t('admin.import.emptyFile') })
    .refine((f) => /\.(csv|txt)$/i.test(f.name) || /csv|text\/plain/.test(f.type), { error: () => t('admin.import.notCsv') }),
  skipImages: z.literal('on').optional(),
});

export type ImportResult = { fileName: string; summary: ImportSummary; more: { skipped: number; warnings: number } };

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireStaff(context, request, SETTINGS_ROLES);
  const form = await request.formData();
  return formAction(async (): Promise<ImportResult> => {
    const input = parseInput(uploadSchema, { file: form.get('file') ?? undefined, skipImages: form.get('skipImages') ?? undefined });
    const { db, config } = context.services;
    const bytes = new Uint8Array(await input.file.arrayBuffer());
    const summary = await importWooCommerce({ db, media: mediaStoreFor(config), fetch: { ports: config.fetchPorts }, actor: staffActor(user) }, [bytes], { downloadImages: !input.skipImages });
    // Prices and stock may have changed: wishlist alerts look in the background.
    kickWishlistAlerts(context.services);
    // …and so do the shop's low-stock e-mails.
    kickStockAlerts(context.services);
    const more = { skipped: Math.max(0, summary.skipped.length - SHOWN), warnings: Math.max(0, summary.warnings.length - SHOWN) };
    return { fileName: input.file.name, more, summary: { ...summary, skipped: summary.skipped.slice(0, SHOWN), warnings: summary.warnings.slice(0, SHOWN) } };
  });
}

export default function ImportPage() {
  const result = useActionData<ActionError | ImportResult>();
  const busy = useNavigation().state === 'submitting';
  const error = isActionError(result) ? result : undefined;
  const done = result && !isActionError(result) ? result : undefined;
  return (
    <>
      <h1>{t('admin.import.title')}</h1>
      <p>
        {t('admin.import.intro')}{' '}
        <code>{CLI_IMPORT}</code>.
      </p>
      <FormErrors result={error} labels={{ file: t('admin.import.file') }} />
      <Form method="post" encType="multipart/form-data" className="admin-form" aria-busy={busy || undefined}>
        <CsrfField />
        <div className="form-row">
          <label htmlFor="field-file">{t('admin.import.file')}</label>
          <input id="field-file" name="file" type="file" accept=".csv,text/csv" required aria-invalid={error?.error.fields?.file ? true : undefined} />
        </div>
        <div className="form-row">
          <label>
            <input type="checkbox" name="skipImages" /> {t('admin.import.skipImages')}
          </label>
        </div>
        <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
          {busy ? t('admin.import.importing') : t('admin.import.button')}
        </button>
        <div role="status">
          {busy ? (
            <p>
              <progress aria-label={t('admin.import.progress')} /> {t('admin.import.busy')}
            </p>
          ) : null}
        </div>
      </Form>
      {done ? <Summary result={done} /> : null}
    </>
  );
}

function Summary({ result }: { result: ImportResult }) {
  const locale = useLocale();
  const s = result.summary;
  return (
    <section aria-labelledby="import-result">
      <h2 id="import-result" tabIndex={-1}>
        {s.failed ? plural('admin.import.failed', s.failed, { file: result.fileName }) : t('admin.import.imported', { file: result.fileName })}
      </h2>
      <ul className="admin-cards">
        <li><strong>{s.rows}</strong> {plural('admin.import.rows', s.rows)}</li>
        <li><strong>{s.created}</strong> {t('admin.import.created')}</li>
        <li><strong>{s.updated}</strong> {t('admin.import.updated')}</li>
        <li><strong>{s.failed}</strong> {t('admin.import.notImported')}</li>
      </ul>
      <p>{t('admin.import.took', { seconds: formatNumber(s.seconds, locale, 1) })}</p>
      {s.skipped.length ? (
        <>
          <h3>{t('admin.import.skipped')}</h3>
          <AdminTable
            label={t('admin.import.skipped')}
            rows={s.skipped}
            rowKey={(k) => `${k.row}-${k.reason}`}
            columns={[
              { header: t('admin.import.row'), rowHeader: true, cell: (k) => k.row },
              { header: t('admin.import.reason'), cell: (k) => k.reason },
            ]}
          />
          {result.more.skipped ? <p>{t('admin.import.more', { count: result.more.skipped })}</p> : null}
        </>
      ) : null}
      {s.warnings.length ? (
        <>
          <h3>{t('admin.import.warnings')}</h3>
          <ul>
            {s.warnings.map((w, i) => (
              <li key={i}>{w.row ? t('admin.import.rowWarning', { row: w.row, message: w.message }) : w.message}</li>
            ))}
          </ul>
          {result.more.warnings ? <p>{t('admin.import.more', { count: result.more.warnings })}</p> : null}
        </>
      ) : null}
    </section>
  );
}
