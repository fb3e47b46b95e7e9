import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { PriceFormat } from '../../../lib/money.ts';
import { t } from '../../../i18n/t-admin.ts';

// Chart.js comes with this chunk, fetched only by the dashboard once its scripts run: never in a shop page's JavaScript.
const ChartCanvas = lazy(() => import('./dashboard-chart.lazy.tsx'));

/** One bar chart's data, as the loader made it (loader data keeps its identity between renders, so the chart is drawn once). */
export interface ChartSpec {
  /** Vertical bars (days) or horizontal ones (named things). */
  direction: 'vertical' | 'horizontal';
  labels: string[];
  values: number[];
  /** Extra text for a bar's tooltip ("3 orders"). */
  notes?: string[];
  /** A second series beside the first, bar for bar (the compared period), and both series' names for the legend. */
  compare?: { label: string; values: number[]; currentLabel: string };
}

/**
 * A chart with its figures: the title, a one-sentence summary (always on the page: what a
 * screen reader announces for the picture, and what a reader without scripts gets with the
 * table), and the figures as a table. Without scripts the table is open; once the chart has
 * drawn, it folds away under "The figures as a table" and stays a click (or Enter) away.
 */
export function DashboardChart({ id, title, summary, spec, money, children }: { id: string; title: string; summary: string; spec: ChartSpec; money: PriceFormat | null; children: ReactNode }) {
  const [enhanced, setEnhanced] = useState(false);
  const details = useRef<HTMLDetailsElement>(null);
  useEffect(() => setEnhanced(true), []);
  const drawn = useCallback(() => {
    if (details.current) details.current.open = false;
  }, []);
  return (
    <figure className="dash-chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="dash-chart__title">
        {title}
      </figcaption>
      <p id={`${id}-summary`} className="hint dash-chart__summary">
        {summary}
      </p>
      {enhanced ? (
        <Suspense fallback={<div className="dash-chart__canvas" />}>
          <ChartCanvas spec={spec} money={money} labelledBy={`${id}-title ${id}-summary`} onDrawn={drawn} />
        </Suspense>
      ) : null}
      <details ref={details} open className="dash-chart__data">
        <summary>{t('admin.dash.asTable')}</summary>
        {children}
      </details>
    </figure>
  );
}
