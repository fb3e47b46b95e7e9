import type { DB } from '../../../db/client.ts';
import { formatPrice, type PriceFormat } from '../../lib/money.ts';
import type { LocaleSource } from '../../lib/format.ts';
import { plural, t } from '../../i18n/t-admin.ts';
import { statusName } from '../orders/status-name.ts';
import type { ChartSpec } from './components/dashboard-chart.tsx';
import { shortDay } from './dashboard-format.ts';
import { salesFigures, topSellers, type SalesFigures, type TopSeller } from './dashboard-sales.server.ts';

/*
 * The dashboard's sales part as the page shows it: the figures, and each chart's data and
 * one-sentence summary, made on the server (the labels and amounts in the store's format),
 * so the charts' script only draws.
 */

export interface SalesView {
  figures: SalesFigures;
  perDay: { spec: ChartSpec; summary: string };
  byStatus: { spec: ChartSpec; summary: string };
  top: TopSeller[];
}

export async function salesView(db: DB, money: PriceFormat, locale: LocaleSource, now: Date = new Date()): Promise<SalesView> {
  const [figures, top] = await Promise.all([salesFigures(db, money.currency, now), topSellers(db, money.currency, now)]);
  const price = (n: number) => formatPrice(n, money);
  const best = figures.days.reduce((a, d) => (d.total > a.total ? d : a), figures.days[0]);
  const perDaySummary =
    figures.month.orders === 0
      ? t('admin.dash.perDayNone')
      : t('admin.dash.perDaySummary', {
          total: price(figures.month.total),
          orders: plural('admin.dash.orders', figures.month.orders),
          best: shortDay(best.day, locale),
          bestTotal: price(best.total),
        });
  const statuses = figures.byStatus;
  const parts = statuses.map((s) => `${statusName(s.status)} ${s.count}`).join(', ');
  return {
    figures,
    top,
    perDay: {
      spec: {
        direction: 'vertical',
        labels: figures.days.map((d) => shortDay(d.day, locale)),
        values: figures.days.map((d) => d.total),
        notes: figures.days.map((d) => plural('admin.dash.orders', d.orders)),
      },
      summary: perDaySummary,
    },
    byStatus: {
      spec: { direction: 'horizontal', labels: statuses.map((s) => statusName(s.status)), values: statuses.map((s) => s.count) },
      summary: t('admin.dash.byStatusSummary', { parts }),
    },
  };
}
