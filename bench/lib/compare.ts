import { readFileSync } from 'node:fs';

/**
 * `npm run bench -- --compare <file>`: each figure of this run beside the same figure of an
 * earlier run (a results file written by `writeResults`). Absolute rates move with the
 * machine's load from one run to the next, so the columns that matter are the ratios to the
 * same-run baseline: "then" and "now" of the same ratio, and how much it moved.
 */

/** One flat figure as `writeResults` writes it. */
export interface Figure {
  scenario: string;
  metric: string;
  value: number;
  unit: string;
  baseline: string | null;
  baselineValue: number | null;
  baselineUnit?: string | null;
  ratio: number | null;
}

export interface ResultsFile {
  machine?: Record<string, unknown>;
  figures: Figure[];
}

export function readResults(file: string): ResultsFile {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`--compare: cannot read ${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
  const figures = (json as { figures?: unknown })?.figures;
  if (!Array.isArray(figures)) throw new Error(`--compare: ${file} is not a bench results file (no "figures" list)`);
  return json as ResultsFile;
}

/** Higher is better for a rate and its share of the baseline; lower for latencies and CPU. */
const higherIsBetter = (metric: string) => metric === 'throughput' || metric === 'throughputVsCompared';

export interface ComparedFigure {
  scenario: string;
  metric: string;
  before?: Figure;
  now?: Figure;
  /** now ÷ before of the ratio to the baseline (or of the value when neither has a baseline). */
  change?: number;
  /** The change went the wrong way by more than `threshold`. */
  worse: boolean;
}

/**
 * Pairs the figures of two runs by scenario and metric. A figure is "worse" when its ratio to
 * its same-run baseline (its value where there is none, such as a Lighthouse score) moved the
 * wrong way by more than `threshold` (0.15: 15 %; two runs of one commit differ by up to about 10 %).
 */
export function compareFigures(now: Figure[], before: Figure[], threshold = 0.15): ComparedFigure[] {
  const key = (f: Figure) => `${f.scenario}\u0000${f.metric}`;
  const earlier = new Map(before.map((f) => [key(f), f]));
  const out: ComparedFigure[] = [];
  const seen = new Set<string>();
  for (const f of now) {
    const k = key(f);
    seen.add(k);
    const b = earlier.get(k);
    const measure = (x: Figure) => (x.ratio ?? (x.baseline === null ? x.value : null));
    const then = b ? measure(b) : null;
    const current = measure(f);
    const change = then !== null && current !== null && then > 0 ? current / then : undefined;
    const worse = change !== undefined && (higherIsBetter(f.metric) ? change < 1 - threshold : change > 1 + threshold);
    out.push({ scenario: f.scenario, metric: f.metric, before: b, now: f, change, worse });
  }
  for (const b of before) if (!seen.has(key(b))) out.push({ scenario: b.scenario, metric: b.metric, before: b, worse: false });
  return out;
}

const num = (n: number | null | undefined) =>
  n === null || n === undefined || !Number.isFinite(n) ? '–' : Math.abs(n) >= 100 ? n.toFixed(0) : Math.abs(n) >= 10 ? n.toFixed(1) : n.toFixed(2);
const ratio = (n: number | null | undefined) => (n === null || n === undefined ? '–' : `${num(n)}×`);

/** The comparison as a table: value then → now, ratio to the baseline then → now, change. */
export function formatComparison(rows: ComparedFigure[], label: string): string {
  const header = ['scenario', 'metric', 'then', 'now', 'base ratio then', 'base ratio now', 'change', ''];
  const body = rows.map((r) => [
    r.scenario,
    r.metric,
    r.before ? `${num(r.before.value)} ${r.before.unit}` : 'not run',
    r.now ? `${num(r.now.value)} ${r.now.unit}` : 'not run',
    ratio(r.before?.ratio),
    ratio(r.now?.ratio),
    r.change === undefined ? '–' : `${r.change >= 1 ? '+' : ''}${((r.change - 1) * 100).toFixed(0)} %`,
    r.worse ? 'WORSE' : '',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((c) => c[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ').trimEnd();
  const worse = rows.filter((r) => r.worse).length;
  return [
    `Compared with ${label}: ${worse === 0 ? 'no figure' : `${worse} figure${worse === 1 ? '' : 's'}`} worse by more than 15 % against its same-run baseline`,
    line(header),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...body.map(line),
  ].join('\n');
}
