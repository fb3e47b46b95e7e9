import { useEffect, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { formatPrice, type PriceFormat } from '../../../lib/money.ts';
import type { ChartSpec } from './dashboard-chart.tsx';

/*
 * The dashboard's and the reports' bar charts, drawn by Chart.js on a canvas. Only the parts a
 * bar chart uses are registered, so the bundle carries no other chart type. The canvas is an
 * image to assistive technology, named by the chart's title and summary; its figures are the
 * table beside it. A compared series (the previous period) is drawn in a grey bar beside
 * each, with a legend naming both.
 */
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

export default function ChartCanvas({ spec, money, labelledBy, onDrawn }: { spec: ChartSpec; money: PriceFormat | null; labelledBy: string; onDrawn: () => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    const css = getComputedStyle(el);
    const color = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
    const format = (n: number) => (money ? formatPrice(n, money) : String(n));
    const value = spec.direction === 'vertical' ? 'y' : 'x';
    const category = value === 'y' ? 'x' : 'y';
    const bar = { borderRadius: 3, maxBarThickness: 28 };
    const datasets = [{ ...bar, label: spec.compare?.currentLabel ?? '', data: spec.values, backgroundColor: color('--color-brand', '#1f4b43') }];
    if (spec.compare) datasets.push({ ...bar, label: spec.compare.label, data: spec.compare.values, backgroundColor: color('--color-muted', '#5a5a57') });
    const chart = new Chart(el, {
      type: 'bar',
      data: { labels: spec.labels, datasets },
      options: {
        indexAxis: category,
        responsive: true,
        maintainAspectRatio: false,
        animation: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? false : { duration: 300 },
        plugins: {
          legend: { display: Boolean(spec.compare), labels: { color: color('--color-text', '#1b1b1b') } },
          tooltip: { callbacks: { label: (c) => `${spec.compare ? `${c.dataset.label}: ` : ''}${format(Number(c.parsed[value]))}${c.datasetIndex === 0 && spec.notes?.[c.dataIndex] ? ` · ${spec.notes[c.dataIndex]}` : ''}` } },
        },
        scales: {
          [value]: { beginAtZero: true, ticks: { precision: 0, callback: (v: string | number) => format(Number(v)), color: color('--color-muted', '#5a5a57') }, grid: { color: color('--color-border', '#dcd9d3') } },
          [category]: { grid: { display: false }, ticks: { autoSkip: true, maxRotation: 0, color: color('--color-text', '#1b1b1b') } },
        },
      },
    });
    onDrawn();
    return () => chart.destroy();
  }, [spec, money, onDrawn]);
  // Horizontal bars (named things) get room for each: the box grows with their number.
  const height = spec.direction === 'horizontal' ? { blockSize: `max(14rem, ${spec.labels.length * (spec.compare ? 2.25 : 1.5) + 4}rem)` } : undefined;
  return (
    <div className={`dash-chart__canvas dash-chart__canvas--${spec.direction}`} style={height}>
      <canvas ref={canvas} role="img" aria-labelledby={labelledBy} />
    </div>
  );
}
