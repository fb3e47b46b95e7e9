import { z } from 'zod';

/*
 * The reports' date range, read from the address (so a range can be bookmarked and the form
 * works as a plain GET): a preset or a custom pair of days, and what it is compared with.
 * Days are UTC days, as the dashboard's and the rest of the shop's dates; both ends are
 * included.
 */

export const PRESETS = ['today', 'yesterday', 'last7', 'month', 'lastMonth', 'year', 'custom'] as const;
export type Preset = (typeof PRESETS)[number];
export const COMPARISONS = ['previous', 'year', 'none'] as const;
export type Comparison = (typeof COMPARISONS)[number];
export type Interval = 'day' | 'week' | 'month';

/** The longest range a report covers (ten years of days). */
export const MAX_DAYS = 3660;
const DAY = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function isDay(s: string): boolean {
  if (!ISO_DAY.test(s)) return false;
  const t = Date.parse(`${s}T00:00:00.000Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === s;
}
const day = z.string().trim().refine(isDay, { message: 'Enter a date as YYYY-MM-DD.' });

export const reportQuerySchema = z
  .object({
    range: z.enum(PRESETS).default('month'),
    from: z.string().optional(),
    to: z.string().optional(),
    compare: z.enum(COMPARISONS).default('previous'),
  })
  .superRefine((q, ctx) => {
    if (q.range !== 'custom') return;
    for (const key of ['from', 'to'] as const) {
      const r = day.safeParse(q[key] ?? '');
      if (!r.success) ctx.addIssue({ code: 'custom', path: [key], message: r.error.issues[0].message });
    }
    if (q.from && q.to && isDay(q.from.trim()) && isDay(q.to.trim())) {
      const span = (Date.parse(q.to.trim()) - Date.parse(q.from.trim())) / DAY;
      if (span < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end date is before the start date.' });
      else if (span + 1 > MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: `A report covers at most ${MAX_DAYS} days.` });
    }
  });

export interface DayRange {
  /** First day, YYYY-MM-DD. */
  from: string;
  /** Last day (included), YYYY-MM-DD. */
  to: string;
}

export interface ReportRange {
  preset: Preset;
  compare: Comparison;
  current: DayRange;
  /** The period compared with; null when not comparing. */
  previous: DayRange | null;
  days: number;
  interval: Interval;
}

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const ms = (d: string) => Date.parse(`${d}T00:00:00.000Z`);
export const dayCount = (r: DayRange) => Math.round((ms(r.to) - ms(r.from)) / DAY) + 1;

/** A preset's days, on the UTC day of `now`. */
export function presetRange(preset: Exclude<Preset, 'custom'>, now: Date): DayRange {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const today = Date.UTC(y, m, now.getUTCDate());
  switch (preset) {
    case 'today':
      return { from: iso(today), to: iso(today) };
    case 'yesterday':
      return { from: iso(today - DAY), to: iso(today - DAY) };
    case 'last7':
      return { from: iso(today - 6 * DAY), to: iso(today) };
    case 'month':
      return { from: iso(Date.UTC(y, m, 1)), to: iso(today) };
    case 'lastMonth':
      return { from: iso(Date.UTC(y, m - 1, 1)), to: iso(Date.UTC(y, m, 0)) };
    case 'year':
      return { from: iso(Date.UTC(y, 0, 1)), to: iso(today) };
  }
}

/** The same days one year earlier (29 February becomes 28 February). */
function yearEarlier(d: string): string {
  const [y, m, dd] = d.split('-').map(Number);
  const last = new Date(Date.UTC(y - 1, m, 0)).getUTCDate();
  return iso(Date.UTC(y - 1, m - 1, Math.min(dd, last)));
}

/** The period compared with: the same number of days just before, or the same days a year earlier. */
export function comparisonRange(current: DayRange, compare: Comparison): DayRange | null {
  if (compare === 'none') return null;
  if (compare === 'year') return { from: yearEarlier(current.from), to: yearEarlier(current.to) };
  const days = dayCount(current);
  return { from: iso(ms(current.from) - days * DAY), to: iso(ms(current.from) - DAY) };
}

/** Days for up to about two months, weeks up to about half a year, months beyond. */
export const intervalFor = (days: number): Interval => (days <= 62 ? 'day' : days <= 190 ? 'week' : 'month');

export function resolveRange(q: z.infer<typeof reportQuerySchema>, now: Date = new Date()): ReportRange {
  const current = q.range === 'custom' ? { from: q.from!.trim(), to: q.to!.trim() } : presetRange(q.range, now);
  const days = dayCount(current);
  return { preset: q.range, compare: q.compare, current, previous: comparisonRange(current, q.compare), days, interval: intervalFor(days) };
}

/** The bucket a day belongs to: the day, its week's Monday (not before the range's start), or its month. */
export function bucketOf(d: string, interval: Interval, start: string): string {
  if (interval === 'day') return d;
  if (interval === 'month') return d.slice(0, 7);
  const t = ms(d);
  const monday = t - ((new Date(t).getUTCDay() + 6) % 7) * DAY;
  return iso(Math.max(monday, ms(start)));
}

/** Every bucket of the range, oldest first. */
export function bucketsOf(r: DayRange, interval: Interval): string[] {
  const out: string[] = [];
  for (let t = ms(r.from); t <= ms(r.to); t += DAY) {
    const b = bucketOf(iso(t), interval, r.from);
    if (out.at(-1) !== b) out.push(b);
  }
  return out;
}

/** The range as created_at bounds: [from 00:00, the day after `to` 00:00). */
export const bounds = (r: DayRange) => ({ start: `${r.from}T00:00:00.000Z`, end: `${iso(ms(r.to) + DAY)}T00:00:00.000Z` });

/** The address's query for a range (preset or custom days) and comparison. */
export function rangeQuery(r: ReportRange, extra: Record<string, string> = {}): string {
  const p = new URLSearchParams({ range: r.preset, ...(r.preset === 'custom' ? r.current : {}), compare: r.compare, ...extra });
  return p.toString();
}
