// The charts' time axis (the flow chart's, and a result chart's time x), computed here instead of by uPlot: buckets of a known grain (a day,
// an ISO week starting Monday, a month) in one explicit zone, the x range, and the ticks with their
// labels. uPlot's own x autoscale gives a single point a range of 86,400,000 seconds (1,000 days:
// the "Dec 2026 to Jun 2029" axis of issue 24; uPlot #620) and guesses the grain from the data;
// here the grain is known, so it is passed. docs/charts.md
import type { TimeZoneChoice } from '../../../src-shared/time/time-text.ts';

/** How the points are bucketed: the Local ledger's day/week/month (UTC), the Transfers summary's day (zone preference). */
export type Grain = 'day' | 'week' | 'month';

const DAY_MS = 86_400_000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

interface CalendarDay {
  year: number;
  /** 0-11 */
  month: number;
  day: number;
  /** 0 = Sunday */
  weekday: number;
}

function calendarDay(ms: number, zone: TimeZoneChoice): CalendarDay {
  const d = new Date(ms);
  return zone === 'utc'
    ? { year: d.getUTCFullYear(), month: d.getUTCMonth(), day: d.getUTCDate(), weekday: d.getUTCDay() }
    : { year: d.getFullYear(), month: d.getMonth(), day: d.getDate(), weekday: d.getDay() };
}

/**
 * The start of a calendar date in `zone`; month and day may overflow (day 0 is the last of the
 * previous month). A local midnight skipped by a daylight-saving change becomes the first instant
 * of that day, as Date makes it. setFullYear, not the constructor: it reads years 0-99 as 1900-1999.
 */
function midnight(year: number, month: number, day: number, zone: TimeZoneChoice): number {
  const d = new Date(0);
  if (zone === 'utc') {
    d.setUTCFullYear(year, month, day);
    return d.getTime();
  }
  d.setFullYear(year, month, day);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

/** The start of the bucket that holds `ms`. */
export function bucketStart(ms: number, grain: Grain, zone: TimeZoneChoice): number {
  const { year, month, day, weekday } = calendarDay(ms, zone);
  if (grain === 'month') return midnight(year, month, 1, zone);
  if (grain === 'week') return midnight(year, month, day - ((weekday + 6) % 7), zone);
  return midnight(year, month, day, zone);
}

/**
 * The start of the bucket `n` buckets after (or before, n < 0) the one that holds `start`: calendar
 * steps, so a local day across a daylight-saving change is 23 or 25 hours and a month its own length.
 */
export function addBuckets(start: number, n: number, grain: Grain, zone: TimeZoneChoice): number {
  const at = bucketStart(start, grain, zone);
  const { year, month, day } = calendarDay(at, zone);
  if (grain === 'month') return midnight(year, month + n, 1, zone);
  return midnight(year, month, day + (grain === 'week' ? 7 * n : n), zone);
}

/**
 * The x range for points whose bucket starts are `starts` (ascending): one bucket before the first
 * and one after the last, so a bar is never cut at an edge and a single point sits in the middle.
 * Never of zero width; null when there is nothing to draw (the chart says so in words instead).
 */
export function xRange(starts: readonly number[], grain: Grain, zone: TimeZoneChoice): [number, number] | null {
  if (starts.length === 0) return null;
  return [addBuckets(starts[0], -1, grain, zone), addBuckets(starts[starts.length - 1], 1, grain, zone)];
}

/** The bucket whose start is nearest to `ms`: what a bar centred on its bucket start covers. */
export function nearestBucket(ms: number, grain: Grain, zone: TimeZoneChoice): number {
  const start = bucketStart(ms, grain, zone);
  const next = addBuckets(start, 1, grain, zone);
  return ms - start <= next - ms ? start : next;
}

/**
 * The bucket the pointer at `x` names: the nearest bucket start; but when that bucket has no point
 * and a point's start lies within `tolerance` (x units: a few pixels' worth), that point's. On a
 * long daily chart a pixel spans several days and a bar is thinner than the pointer: pointing at
 * the bar must read the bar, not the empty day beside it. `starts` ascending.
 */
export function pointedBucket(
  x: number,
  starts: readonly number[],
  grain: Grain,
  zone: TimeZoneChoice,
  tolerance: number,
): number {
  const bucket = nearestBucket(x, grain, zone);
  let low = 0;
  let high = starts.length - 1;
  while (high - low > 1) {
    const middle = (low + high) >> 1;
    if (starts[middle] <= x) low = middle;
    else high = middle;
  }
  const candidates = [starts[low], starts[high]].filter((s) => s !== undefined);
  if (candidates.includes(bucket)) return bucket;
  const closest = candidates.sort((a, b) => Math.abs(a - x) - Math.abs(b - x))[0];
  return closest !== undefined && Math.abs(closest - x) <= tolerance ? closest : bucket;
}

/**
 * Where a point's bar goes, in x units: centred on its bucket start, `fraction` of the shorter of
 * the bucket before and the bucket itself wide (months differ in length; bars of neighbouring
 * buckets never touch).
 */
export function barSpan(start: number, grain: Grain, zone: TimeZoneChoice, fraction = 0.8): [number, number] {
  const before = start - addBuckets(start, -1, grain, zone);
  const after = addBuckets(start, 1, grain, zone) - start;
  const half = (Math.min(before, after) * fraction) / 2;
  return [start - half, start + half];
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A date as the tables write it: 2026-10-31, in the chart's zone. */
export function dateText(ms: number, zone: TimeZoneChoice): string {
  const { year, month, day } = calendarDay(ms, zone);
  return `${pad(year, 4)}-${pad(month + 1)}-${pad(day)}`;
}

/** A bucket as the readout and the tables name it: the day, "week of" its Monday, or the month. */
export function bucketText(start: number, grain: Grain, zone: TimeZoneChoice): string {
  const date = dateText(start, zone);
  if (grain === 'month') return date.slice(0, -3);
  return grain === 'week' ? `week of ${date}` : date;
}

/** The word for one bucket and for several: "day"/"days". */
export const bucketWord = (grain: Grain, n: number) => (n === 1 ? grain : `${grain}s`);

// Ticks --------------------------------------------------------------------------------------------

/** A tick step: every n days, ISO weeks (Mondays), months or years, on calendar boundaries in the zone. */
export interface TickStep {
  unit: 'day' | 'week' | 'month' | 'year';
  n: number;
}

const YEAR_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000];
const LADDER: Record<Grain, TickStep[]> = {
  day: [{ unit: 'day', n: 1 }, ...weekAndUp()],
  week: weekAndUp(),
  month: monthAndUp(),
};
function weekAndUp(): TickStep[] {
  return [{ unit: 'week', n: 1 }, { unit: 'week', n: 2 }, ...monthAndUp()];
}
function monthAndUp(): TickStep[] {
  return [
    { unit: 'month', n: 1 },
    { unit: 'month', n: 3 },
    { unit: 'month', n: 6 },
    ...YEAR_STEPS.map((n): TickStep => ({ unit: 'year', n })),
  ];
}
const APPROX_MS: Record<TickStep['unit'], number> = {
  day: DAY_MS,
  week: 7 * DAY_MS,
  month: 30.44 * DAY_MS,
  year: 365.25 * DAY_MS,
};

/** Room a tick label needs ("Sep 30" over "2026" in a 12 px font, and air). */
export const MIN_TICK_SPACING_PX = 72;

const mod = (a: number, n: number) => ((a % n) + n) % n;

/** Days since 1970-01-01 of a calendar date (zone-free: the date's own number). */
const dayNumber = (year: number, month: number, day: number) => Math.round(midnight(year, month, day, 'utc') / DAY_MS);

/** The step's boundaries strictly inside (min, max), ascending; stops after `cap` of them. */
function stepTicks(step: TickStep, min: number, max: number, zone: TimeZoneChoice, cap: number): number[] {
  const ticks: number[] = [];
  const first = calendarDay(min, zone);
  const push = (t: number) => {
    if (t > min && t < max) ticks.push(t);
    return t < max && ticks.length <= cap;
  };
  if (step.unit === 'year') {
    for (let year = Math.floor(first.year / step.n) * step.n; ; year += step.n) {
      if (!push(midnight(year, 0, 1, zone))) break;
    }
  } else if (step.unit === 'month') {
    for (let k = 0; ; k++) {
      const month = first.month + k;
      if (mod(month, 12) % step.n !== 0) continue;
      if (!push(midnight(first.year, month, 1, zone))) break;
    }
  } else if (step.unit === 'week') {
    const monday = first.day - ((first.weekday + 6) % 7);
    for (let k = 0; ; k++) {
      const day = monday + 7 * k;
      // ISO weeks counted from the Monday 1970-01-05, so every other Monday is the same in any range.
      if (mod(Math.floor((dayNumber(first.year, first.month, day) - 4) / 7), step.n) !== 0) continue;
      if (!push(midnight(first.year, first.month, day, zone))) break;
    }
  } else {
    for (let k = 0; ; k++) {
      if (!push(midnight(first.year, first.month, first.day + k, zone))) break;
    }
  }
  return ticks;
}

function tickLabels(ticks: readonly number[], step: TickStep, zone: TimeZoneChoice): string[] {
  let previousYear: number | null = null;
  return ticks.map((t) => {
    const { year, month, day } = calendarDay(t, zone);
    const newYear = year !== previousYear;
    previousYear = year;
    if (step.unit === 'year') return pad(year, 4);
    const head = step.unit === 'month' ? MONTHS[month] : `${MONTHS[month]} ${day}`;
    // The year under the first tick and wherever it changes: "Dec 30", "Jan 6\n2027".
    return newYear ? `${head}\n${pad(year, 4)}` : head;
  });
}

export interface TimeTicks {
  /** Tick positions (ms), strictly inside the range, ascending. */
  ticks: number[];
  /** One label per tick; a second line carries the year where it starts or changes. */
  labels: string[];
  step: TickStep | null;
}

/**
 * Ticks for the range (min, max) of a chart of `grain` buckets `widthPx` wide: the finest calendar
 * step (no finer than the grain: no midday ticks on a daily chart) whose ticks fit one per
 * MIN_TICK_SPACING_PX. Ticks sit on calendar boundaries in the zone: days, Mondays, months, years.
 * When no step fits (a three-day range without a Monday or a first of the month, on a narrow
 * chart), every k-th tick of the coarsest step that has too many is kept, so a range with a bucket
 * start in it always has a tick.
 */
export function timeTicks(min: number, max: number, grain: Grain, zone: TimeZoneChoice, widthPx: number): TimeTicks {
  const most = Math.max(1, Math.floor(widthPx / MIN_TICK_SPACING_PX));
  let tooMany: { step: TickStep; ticks: number[] } | null = null;
  if (!(max > min)) return { ticks: [], labels: [], step: null };
  for (const step of LADDER[grain]) {
    if ((max - min) / (APPROX_MS[step.unit] * step.n) > 4 * most + 4) continue;
    const ticks = stepTicks(step, min, max, zone, 4 * most + 8);
    if (ticks.length >= 1 && ticks.length <= most) return { ticks, labels: tickLabels(ticks, step, zone), step };
    if (ticks.length > most) tooMany = { step, ticks };
  }
  if (!tooMany) return { ticks: [], labels: [], step: null };
  const all = stepTicks(tooMany.step, min, max, zone, Number.POSITIVE_INFINITY);
  const every = Math.ceil(all.length / most);
  const ticks = all.filter((_, i) => i % every === 0);
  return { ticks, labels: tickLabels(ticks, tooMany.step, zone), step: tooMany.step };
}
