import { useEffect, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import { formatPrice, type PriceFormat } from '../../../lib/money.ts';
import type { ChartSpec } from './dashboard-chart.tsx';

/*
 * The dashboard's bar charts, drawn by Chart.js on a canvas. Only the parts a bar chart uses
 * are registered, so the bundle carries no other chart type. The canvas is an image to
 * assistive technology, named by the chart's title and summary; its figures are the table
 * beside it.
 */
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

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
    const chart = new Chart(el, {
      type: 'bar',
      data: { labels: spec.labels, datasets: [{ data: spec.values, backgroundColor: color('--color-brand', '#1f4b43'), borderRadius: 3, maxBarThickness: 28 }] },
      options: {
        indexAxis: category,
        responsive: true,
        maintainAspectRatio: false,
        animation: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? false : { duration: 300 },
        plugins: {
          legend: { display: false },
          tooltip: { callbacks: { label: (c) => `${format(Number(c.parsed[value]))}${spec.notes?.[c.dataIndex] ? ` · ${spec.notes[c.dataIndex]}` : ''}` } },
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
  return (
    <div className={`dash-chart__canvas dash-chart__canvas--${spec.direction}`}>
      <canvas ref={canvas} role="img" aria-labelledby={labelledBy} />
    </div>
  );
}
