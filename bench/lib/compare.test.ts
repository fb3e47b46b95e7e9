import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareFigures, formatComparison, readResults, type Figure } from './compare.ts';

const fig = (scenario: string, metric: string, value: number, ratio: number | null, baselineValue: number | null = null): Figure => ({
  scenario,
  metric,
  value,
  unit: metric === 'throughput' ? 'req/s' : 'ms',
  baseline: ratio === null ? null : 'bare Fastify',
  baselineValue,
  ratio,
});

describe('bench --compare', () => {
  it('judges a figure by its ratio to its same-run baseline, not by its absolute value', () => {
    // The machine was twice as busy in the later run: the rate halved, the baseline too.
    const before = [fig('GET /api/health', 'throughput', 20_000, 0.5, 40_000), fig('GET /api/health', 'cpuPerOp', 0.1, 3, 0.033)];
    const now = [fig('GET /api/health', 'throughput', 10_000, 0.5, 20_000), fig('GET /api/health', 'cpuPerOp', 0.2, 4, 0.05)];
    const rows = compareFigures(now, before);
    const rate = rows.find((r) => r.metric === 'throughput')!;
    expect(rate.change).toBeCloseTo(1);
    expect(rate.worse).toBe(false);
    const cpu = rows.find((r) => r.metric === 'cpuPerOp')!;
    expect(cpu.change).toBeCloseTo(4 / 3);
    expect(cpu.worse).toBe(true);
    const table = formatComparison(rows, 'earlier.json');
    expect(table).toContain('1 figure worse by more than 15 %');
    expect(table).toMatch(/cpuPerOp\s.*\+33 %\s+WORSE/);
  });

  it('counts a falling share of the baseline as worse, and keeps figures only one run has', () => {
    const before = [fig('checkout', 'throughput', 400, 0.3), fig('old scenario', 'p95', 12, null)];
    const now = [fig('checkout', 'throughput', 300, 0.2), fig('new scenario', 'p95', 5, null)];
    const rows = compareFigures(now, before);
    expect(rows.find((r) => r.scenario === 'checkout')!.worse).toBe(true);
    expect(rows.find((r) => r.scenario === 'new scenario')!.before).toBeUndefined();
    expect(rows.find((r) => r.scenario === 'old scenario')!.now).toBeUndefined();
    expect(formatComparison(rows, 'x')).toContain('not run');
  });

  it('compares figures without a baseline (scores) by their value', () => {
    const rows = compareFigures([fig('Lighthouse seo', 'throughput', 92, null)], [fig('Lighthouse seo', 'throughput', 100, null)]);
    expect(rows[0].change).toBeCloseTo(0.92);
    expect(rows[0].worse).toBe(false);
  });

  it('names the file when it is not a results file', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bench-compare-'));
    const bad = path.join(dir, 'bad.json');
    writeFileSync(bad, '{"scenarios": []}');
    expect(() => readResults(bad)).toThrow(/bad\.json is not a bench results file/);
    expect(() => readResults(path.join(dir, 'missing.json'))).toThrow(/cannot read .*missing\.json/);
  });
});
