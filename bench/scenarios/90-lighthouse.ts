import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { REPO_ROOT } from '../lib/children.ts';
import { onCleanup } from '../lib/cleanup.ts';
import { BROWSER_HEADERS } from '../lib/load.ts';
import type { BenchContext, CustomScenario, Measurement } from '../lib/types.ts';

/*
 * The front-end budgets of two pages: the product page (issue 5 §9) and the demo home page,
 * a block page with one block of every type (issue 19; the bench catalog is seeded with it,
 * db/seed/bench.ts). For each: Lighthouse 12 on its default mobile preset (emulated phone,
 * simulated slow 4G and 4× CPU slowdown) driving the system Chromium, and the page's initial
 * JavaScript — every script the HTML loads before any interaction (modulepreload links,
 * module imports, script src), gzipped as the server sends it. Islands, page behaviours,
 * zoom, lightbox and other lazy chunks are not in it by design. Lighthouse's own scores are
 * absolute (no same-run baseline makes sense for them); each page's full report is written to
 * bench/results/lighthouse-<page>.json. Median of 3 runs (1 with --quick).
 *
 * Each run gathers first and audits afterwards (Lighthouse's gather/audit modes) because of
 * one incompatibility: recent Chromium builds leave `documentLoaderURL` empty on the
 * `navigationStart` trace events, and Lighthouse 12 (the last line that runs on Node 20)
 * skips such events, failing with NO_NAVSTART. When no navigation start names a URL, the
 * last main-frame one — the page's own load — is given the audited URL before auditing.
 */

const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

/** A page with its own budget: where it is (picked at run time for the product page) and its targets. */
interface Page {
  /** In row names. */
  name: string;
  /** The report's file: bench/results/lighthouse-<report>.json. */
  report: string;
  path(ctx: BenchContext): Promise<string>;
  /** From the page's issue; a category without one is reported only. */
  targets: Partial<Record<Category, number>>;
  jsBudgetKb: number;
  jsRow: string;
}

const log = (msg: string) => process.stderr.write(`bench: lighthouse: ${msg}\n`);

/** A listed variable product with reviews (the heaviest kind of product page), else any listed one. */
async function productPath(ctx: BenchContext): Promise<string> {
  const row = await ctx.db
    .selectFrom('products')
    .select('slug')
    .where('status', '=', 'publish')
    .where('catalog_visibility', 'in', ['visible', 'catalog'])
    .orderBy(sql`case when type = 'variable' then 0 else 1 end`)
    .orderBy('review_count', 'desc')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!row) throw new Error('the bench catalog has no listed product');
  return `/product/${row.slug}`;
}

/** Every script the page loads up front, with its gzipped size (level 9, as the server's .gz files). */
export async function initialScripts(baseUrl: string, pagePath: string): Promise<{ files: { url: string; gzip: number }[]; total: number; html: string }> {
  const html = await (await fetch(`${baseUrl}${pagePath}`, { headers: BROWSER_HEADERS })).text();
  const urls = new Set<string>();
  for (const [tag] of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/g)) {
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    if (href) urls.add(href);
  }
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/\b(?:from|import)\s*\(?\s*"(\/[^"]+\.js)"/g)) urls.add(m[1]);
  const files = await Promise.all(
    [...urls].map(async (url) => {
      const res = await fetch(new URL(url, baseUrl), { headers: { 'accept-encoding': 'identity' } });
      if (!res.ok) throw new Error(`${url} answered ${res.status}`);
      return { url, gzip: gzipSync(Buffer.from(await res.arrayBuffer()), { level: 9 }).length };
    }),
  );
  files.sort((a, b) => b.gzip - a.gzip);
  return { files, total: files.reduce((n, f) => n + f.gzip, 0), html };
}

type TraceEvent = { name: string; args?: { data?: { documentLoaderURL?: string; isLoadingMainFrame?: boolean } } };

/** See the note at the top: name the page's navigation start when Chromium left it blank. */
function patchNavigationStart(traceFile: string, url: string): void {
  const trace = JSON.parse(readFileSync(traceFile, 'utf8')) as { traceEvents: TraceEvent[] };
  const starts = trace.traceEvents.filter((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame);
  if (starts.length === 0 || starts.some((e) => /^https?:/.test(e.args!.data!.documentLoaderURL ?? ''))) return;
  starts[starts.length - 1].args!.data!.documentLoaderURL = url;
  writeFileSync(traceFile, JSON.stringify(trace));
}

interface Audit {
  scores: Record<Category, number>;
  metrics: Record<string, number>;
  failing: Record<Category, string[]>;
  scriptTransferBytes: number;
}

async function runLighthouse(url: string, runs: number, report: string): Promise<Audit> {
  // Loaded here, not at the top: every bench run imports every scenario file.
  const { default: lighthouse } = await import('lighthouse');
  const { launch } = await import('chrome-launcher');
  const chrome = await launch({ chromePath: process.env.CHROME_PATH || '/usr/bin/chromium', chromeFlags: CHROME_FLAGS, handleSIGINT: false, logLevel: 'silent' });
  const forget = onCleanup('stop Chromium (Lighthouse)', () => chrome.kill(), () => process.kill(chrome.pid, 'SIGKILL'));
  try {
    const results = [];
    for (let i = 0; i < runs; i++) {
      const flags = { port: chrome.port, output: 'json' as const, logLevel: 'error' as const, onlyCategories: [...CATEGORIES] };
      const dir = mkdtempSync(path.join(tmpdir(), 'vitrine-lighthouse-'));
      const forgetDir = onCleanup('remove Lighthouse artifacts', () => rmSync(dir, { recursive: true, force: true }), () => rmSync(dir, { recursive: true, force: true }));
      let result;
      try {
        await lighthouse(url, { ...flags, gatherMode: dir });
        patchNavigationStart(path.join(dir, 'defaultPass.trace.json'), url);
        result = await lighthouse(url, { ...flags, auditMode: dir });
      } finally {
        rmSync(dir, { recursive: true, force: true });
        forgetDir();
      }
      if (!result) throw new Error('Lighthouse returned no result');
      if (result.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.message}`);
      results.push(result.lhr);
      log(`run ${i + 1}/${runs}: performance ${Math.round((result.lhr.categories.performance.score ?? 0) * 100)}`);
    }
    // The run with the median performance score stands for all (Lighthouse varies run to run).
    const lhr = [...results].sort((a, b) => (a.categories.performance.score ?? 0) - (b.categories.performance.score ?? 0))[Math.floor(results.length / 2)];
    mkdirSync(path.join(REPO_ROOT, 'bench', 'results'), { recursive: true });
    writeFileSync(path.join(REPO_ROOT, 'bench', 'results', `lighthouse-${report}.json`), JSON.stringify(lhr));
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c].score ?? 0) * 100)])) as Record<Category, number>;
    const failing = Object.fromEntries(
      CATEGORIES.map((c) => [c, lhr.categories[c].auditRefs.filter((r) => r.weight > 0 && (lhr.audits[r.id].score ?? 1) < 1).map((r) => r.id)]),
    ) as Record<Category, string[]>;
    const metric = (id: string) => Math.round((lhr.audits[id]?.numericValue ?? NaN) * 1000) / 1000;
    const requests = (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
    return {
      scores,
      failing,
      metrics: { fcpMs: metric('first-contentful-paint'), lcpMs: metric('largest-contentful-paint'), tbtMs: metric('total-blocking-time'), cls: metric('cumulative-layout-shift'), siMs: metric('speed-index') },
      scriptTransferBytes: requests.filter((r) => r.resourceType === 'Script').reduce((n, r) => n + (r.transferSize ?? 0), 0),
    };
  } finally {
    await chrome.kill();
    forget();
  }
}

const PAGES: Page[] = [
  {
    name: 'product page',
    report: 'product',
    path: productPath,
    targets: { performance: 90, accessibility: 100, 'best-practices': 95, seo: 100 },
    // Issue 38's budget (it was 120 KB before).
    jsBudgetKb: 110,
    jsRow: 'Product page initial JS (gzip)',
  },
  {
    name: 'home page',
    report: 'home',
    path: async () => '/',
    targets: { performance: 95, accessibility: 100, seo: 100 },
    // Issue 38's budget (it was 90 KB before).
    jsBudgetKb: 60,
    jsRow: 'Home page initial JS (gzip)',
  },
];

type Measured = { page: string; audit: Audit; js: Awaited<ReturnType<typeof initialScripts>> };
const shared = new Map<Page, Promise<Measured>>();

/** One Lighthouse session and one script count per page and bench run, shared by its rows below. */
function measure(ctx: BenchContext, target: Page): Promise<Measured> {
  let measured = shared.get(target);
  if (!measured) {
    measured = (async () => {
      const page = await target.path(ctx);
      const js = await initialScripts(ctx.baseUrl, page);
      const audit = await runLighthouse(`${ctx.baseUrl}${page}`, ctx.quick ? 1 : 3, target.report);
      const m = audit.metrics;
      log(`${page}: ${CATEGORIES.map((c) => `${c} ${audit.scores[c]}`).join(', ')}; LCP ${Math.round(m.lcpMs)} ms, TBT ${Math.round(m.tbtMs)} ms, CLS ${m.cls}; initial JS ${(js.total / 1024).toFixed(1)} KB gzip`);
      return { page, audit, js };
    })();
    shared.set(target, measured);
  }
  return measured;
}

const scoreRow = (target: Page, category: Category): CustomScenario => ({
  name: `Lighthouse ${category} (mobile, ${target.name})`,
  targets: target.targets[category] === undefined ? undefined : { minThroughput: target.targets[category] },
  async run(ctx) {
    const { page, audit } = await measure(ctx, target);
    const failing = audit.failing[category];
    const goal = target.targets[category] === undefined ? '' : `, target ≥ ${target.targets[category]}`;
    const result: Measurement = {
      throughput: audit.scores[category],
      unit: 'score',
      note: `${page}${goal}${failing.length ? `; audits below 1: ${failing.join(', ')}` : ''}` +
        (category === 'performance' ? `; LCP ${Math.round(audit.metrics.lcpMs)} ms, TBT ${Math.round(audit.metrics.tbtMs)} ms, CLS ${audit.metrics.cls}` : ''),
      details: { page, failing, ...(category === 'performance' ? audit.metrics : {}) },
    };
    return { result };
  },
});

const jsRow = (target: Page): CustomScenario => ({
  name: target.jsRow,
  async run(ctx) {
    const { page, js, audit } = await measure(ctx, target);
    const kb = js.total / 1024;
    // Block pages name the behaviours their blocks use: what the page holds, at a glance.
    const behaviours = /\bdata-behaviours="([^"]*)"/.exec(js.html)?.[1];
    return {
      result: {
        throughput: Math.round(kb * 10) / 10,
        unit: 'KB',
        note: `${page}: ${kb.toFixed(1)} KB gzipped in ${js.files.length} files, budget ≤ ${target.jsBudgetKb} KB: ${kb <= target.jsBudgetKb ? 'ok' : 'MISS'}; ` +
          `largest ${js.files.slice(0, 3).map((f) => `${path.basename(f.url)} ${(f.gzip / 1024).toFixed(1)} KB`).join(', ')}; ` +
          // Islands and other parts load their code after the page (idle, on demand): what Lighthouse saw in all.
          `all scripts Lighthouse saw loaded: ${(audit.scriptTransferBytes / 1024).toFixed(1)} KB transferred` +
          (behaviours ? `; page behaviours: ${behaviours}` : ''),
        details: { files: js.files, totalBytes: js.total, lighthouseScriptTransferBytes: audit.scriptTransferBytes, behaviours },
      },
    };
  },
});

const lighthouseRows: CustomScenario[] = PAGES.flatMap((p) => [...CATEGORIES.map((c) => scoreRow(p, c)), jsRow(p)]);
export default lighthouseRows;
