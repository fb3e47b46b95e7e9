import { data } from 'react-router';
import type { Route } from './+types/admin.reports';
import { requireStaff } from '../features/admin/admin.server.ts';
import { RangeForm, ReportView } from '../features/reports/components/report-sections.tsx';
import { moneyFormat, readRange, REPORT_ROLES, reports } from '../features/reports/reports.server.ts';
import { t } from '../i18n/t-admin.ts';
import '../features/admin/dashboard.css';
import '../features/reports/reports.css';

export const meta: Route.MetaFunction = () => [{ title: `${t('admin.reports.title')} · ${t('admin.title')}` }];

/*
 * Reports over a range of days (the address's query, a GET form): revenue with a comparison,
 * by product and variation, by category, coupons and taxes, each with its CSV. A range that
 * cannot be read answers 400 with the form's errors, and no figures.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request, REPORT_ROLES);
  const { db } = context.services;
  const money = await moneyFormat(db);
  const read = readRange(new URL(request.url).searchParams);
  if (!read.ok) return data({ money, report: null, values: read.values, errors: read.errors }, { status: 400 });
  const r = read.range;
  const values = { range: r.preset, compare: r.compare, from: r.current.from, to: r.current.to };
  return { money, report: await reports(db, r, money.currency), values, errors: {} as Record<string, string> };
}

export default function ReportsPage({ loaderData }: Route.ComponentProps) {
  const { money, report, values, errors } = loaderData;
  return (
    <>
      <h1>{t('admin.reports.title')}</h1>
      <p className="hint">{t('admin.reports.hint', { currency: money.currency })}</p>
      {report ? null : (
        <p className="notice notice--error" role="alert">
          {t('admin.reports.badRange')}
        </p>
      )}
      {/* Keyed by the range: after a client-side navigation its fields show the range read, not the last one typed. */}
      <RangeForm key={JSON.stringify(values)} values={values} errors={errors} />
      {report ? <ReportView data={report} money={money} /> : null}
    </>
  );
}
