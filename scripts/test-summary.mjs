// Sums the Vitest and Playwright JSON reports into one closing line: "N passed, N failed",
// after each phase's duration (scripts/test.sh writes phases.tsv), the slowest test files and
// each end-to-end project's wall time, so a run that grows shows where.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
const read = (name) => {
  const file = path.join(dir, name);
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
};
const secs = (ms) => `${Math.round(ms / 1000)} s`;
let passed = 0;
let failed = 0;
let skipped = 0;
const lines = [];

const phases = read('phases.tsv');
if (phases) {
  lines.push('Phases:');
  for (const row of phases.trim().split('\n')) {
    const [name, seconds] = row.split('\t');
    lines.push(`  ${name}: ${seconds} s`);
  }
}

const vitestText = read('vitest.json');
if (vitestText) {
  const r = JSON.parse(vitestText);
  passed += r.numPassedTests ?? 0;
  failed += r.numFailedTests ?? 0;
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  const files = (r.testResults ?? [])
    .map((f) => ({ name: path.relative(process.cwd(), f.name), ms: (f.endTime ?? 0) - (f.startTime ?? 0) }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 8);
  if (files.length) lines.push('Slowest test files:', ...files.map((f) => `  ${secs(f.ms)}  ${f.name}`));
}

const pwText = read('playwright.json');
if (pwText) {
  const report = JSON.parse(pwText);
  const s = report.stats ?? {};
  passed += (s.expected ?? 0) + (s.flaky ?? 0);
  failed += s.unexpected ?? 0;
  skipped += s.skipped ?? 0;
  // Wall time per project: from its first test's start to its last test's end.
  const spans = new Map();
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        for (const result of test.results ?? []) {
          const start = Date.parse(result.startTime);
          if (Number.isNaN(start)) continue;
          const span = spans.get(test.projectName) ?? { from: Infinity, to: 0, tests: 0 };
          span.from = Math.min(span.from, start);
          span.to = Math.max(span.to, start + (result.duration ?? 0));
          span.tests += 1;
          spans.set(test.projectName, span);
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  if (spans.size) lines.push('End-to-end projects:', ...[...spans].map(([name, x]) => `  ${name}: ${secs(x.to - x.from)} (${x.tests} tests)`));
}

if (lines.length) console.log(`\n${lines.join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exitCode = failed > 0 ? 1 : 0;
