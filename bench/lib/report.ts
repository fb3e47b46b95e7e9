import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Figure } from './compare.ts';
import type { Measurement, Row } from './types.ts';

const fmtNum = (n: number | undefined, digits = 0) =>
  n === undefined || !Number.isFinite(n) ? '–' : n.toLocaleString('en-GB', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const fmtMs = (n: number | undefined) => (n === undefined || !Number.isFinite(n) ? '–' : n < 10 ? n.toFixed(2) : n.toFixed(1));
const fmtRatio = (n: number | undefined) => (n === undefined || !Number.isFinite(n) ? '–' : `${n < 10 ? n.toFixed(2) : n.toFixed(1)}×`);
const rate = (m: Measurement) => `${fmtNum(m.throughput)} ${m.unit}`;

function targetText(row: Row): string {
  const t = row.targets;
  if (!t) return '';
  const parts: string[] = [];
  if (t.minThroughput !== undefined) parts.push(`${row.result.throughput >= t.minThroughput ? 'ok' : 'MISS'} ≥${fmtNum(t.minThroughput)}/s`);
  if (t.maxP95Ms !== undefined) parts.push(`${(row.result.p95 ?? Infinity) <= t.maxP95Ms ? 'ok' : 'MISS'} p95≤${t.maxP95Ms}ms`);
  if (t.maxP99Ms !== undefined) parts.push(`${(row.result.p99 ?? Infinity) <= t.maxP99Ms ? 'ok' : 'MISS'} p99≤${t.maxP99Ms}ms`);
  if (t.maxCpuMs !== undefined) parts.push(`${(row.result.cpuMs ?? Infinity) <= t.maxCpuMs ? 'ok' : 'MISS'} cpu≤${t.maxCpuMs}ms`);
  if (t.minShareOfBaseline !== undefined) {
    parts.push(`${(row.ratios.throughput ?? 0) >= t.minShareOfBaseline ? 'ok' : 'MISS'} rate≥${t.minShareOfBaseline}× base`);
  }
  if (t.minShareOfCompared !== undefined) {
    parts.push(`${(row.compared?.ratio ?? 0) >= t.minShareOfCompared ? 'ok' : 'MISS'} vs≥${t.minShareOfCompared}×`);
  }
  return parts.join(', ');
}

/** One table: each figure, then its baseline and the ratios between them. */
export function formatTable(rows: Row[]): string {
  const header = [
    'scenario', 'rate', 'p50 ms', 'p95 ms', 'p99 ms', 'cpu ms', 'err/non-2xx',
    'baseline', 'base rate', 'base p95', 'base cpu', 'rate ×', 'p95 ×', 'cpu ×', 'vs ×', 'target',
  ];
  const body = rows.map((r) => {
    if (r.error) return [r.scenario, `FAILED: ${r.error.split('\n')[0]}`, ...header.slice(2).map(() => '')];
    const m = r.result;
    const b = r.baseline?.result;
    return [
      r.scenario,
      rate(m),
      fmtMs(m.p50),
      fmtMs(m.p95),
      fmtMs(m.p99),
      fmtMs(m.cpuMs),
      m.errors === undefined ? '–' : `${m.errors + (m.timeouts ?? 0)}/${m.non2xx ?? 0}`,
      r.baseline?.name ?? '–',
      b ? rate(b) : '–',
      fmtMs(b?.p95),
      fmtMs(b?.cpuMs),
      fmtRatio(r.ratios.throughput),
      fmtRatio(r.ratios.p95),
      fmtRatio(r.ratios.cpu),
      fmtRatio(r.compared?.ratio),
      targetText(r),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((cells) => cells[i].length)));
  const leftAligned = new Set([0, 7, 15]);
  const line = (cells: string[]) =>
    cells.map((c, i) => (leftAligned.has(i) ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ').trimEnd();
  const notes = rows.flatMap((r) => [
    ...(r.result.note ? [`* ${r.scenario}: ${r.result.note}`] : []),
    ...(r.baseline?.result.note ? [`* ${r.baseline.name}: ${r.baseline.result.note}`] : []),
  ]);
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line), ...(notes.length ? ['', ...new Set(notes)] : [])].join('\n');
}

export function ratios(result: Measurement, baseline?: Measurement): Row['ratios'] {
  if (!baseline) return {};
  const div = (a?: number, b?: number) => (a !== undefined && b !== undefined && b > 0 ? a / b : undefined);
  return {
    throughput: div(result.throughput, baseline.throughput),
    p95: div(result.p95, baseline.p95),
    cpu: div(result.cpuMs, baseline.cpuMs),
  };
}

/** Flat figures (scenario, metric, value, unit, baseline, baseline value, ratio) for tooling. */
function figures(rows: Row[]): Figure[] {
  const out: Figure[] = [];
  for (const r of rows) {
    if (r.error) continue;
    const b = r.baseline;
    out.push({
      scenario: r.scenario,
      metric: 'throughput',
      value: r.result.throughput,
      unit: r.result.unit,
      baseline: b?.name ?? null,
      baselineValue: b?.result.throughput ?? null,
      baselineUnit: b?.result.unit ?? null,
      ratio: r.ratios.throughput ?? null,
    });
    if (r.compared) {
      out.push({
        scenario: r.scenario,
        metric: 'throughputVsCompared',
        value: r.result.throughput,
        unit: r.result.unit,
        baseline: r.compared.scenario,
        baselineValue: r.result.throughput / r.compared.ratio,
        baselineUnit: r.result.unit,
        ratio: r.compared.ratio,
      });
    }
    for (const p of ['p50', 'p95', 'p99', 'cpuMs'] as const) {
      if (r.result[p] === undefined) continue;
      const bv = b?.result[p];
      out.push({
        scenario: r.scenario,
        metric: p === 'cpuMs' ? 'cpuPerOp' : p,
        value: r.result[p]!,
        unit: 'ms',
        baseline: bv === undefined ? null : (b?.name ?? null),
        baselineValue: bv ?? null,
        baselineUnit: bv === undefined ? null : 'ms',
        ratio: bv ? r.result[p]! / bv : null,
      });
    }
  }
  return out;
}

/** Writes the run's results file and returns its flat figures. */
export function writeResults(file: string, rows: Row[], machine: Record<string, unknown>) {
  mkdirSync(path.dirname(file), { recursive: true });
  const json = { machine, figures: figures(rows), scenarios: rows };
  writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
  return json.figures;
}
