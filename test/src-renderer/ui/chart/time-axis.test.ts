// The flow chart's time axis: the x range is the data plus one bucket either side (a single point
// in the middle, never a range of zero width, never uPlot's 1,000 days), and the ticks sit on
// calendar boundaries inside it, in the chart's zone, for any range, grain and zone (properties
// over random ranges), and for the cases users met: one day, two, a decade, gaps, DST changes.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addBuckets,
  barSpan,
  bucketStart,
  bucketText,
  type Grain,
  MIN_TICK_SPACING_PX,
  nearestBucket,
  pointedBucket,
  timeTicks,
  xRange,
} from '../../../../src-renderer/ui/chart/time-axis.ts';
import { readRfc3339, type TimeZoneChoice } from '../../../../src-shared/time/time-text.ts';

const utc = (text: string) => {
  const at = readRfc3339(text.length === 10 ? `${text}T00:00:00Z` : text);
  if (!at) throw new Error(text);
  return at.ms;
};
/** Midnight of a date in the process's zone (TZ). */
const localMidnight = (text: string) => {
  const [y, m, d] = text.split('-').map(Number);
  const at = new Date(0);
  at.setFullYear(y, m - 1, d);
  at.setHours(0, 0, 0, 0);
  return at.getTime();
};
const iso = (ms: number) => new Date(ms).toISOString();

const previousTz = process.env.TZ;
afterAll(() => {
  process.env.TZ = previousTz;
});

// Local time is read in each of these in turn: no DST, DST at 02:00/03:00, DST at midnight (the
// day starts at 01:00), and a half-hour DST shift.
const ZONES = ['UTC', 'Europe/Berlin', 'America/Santiago', 'Australia/Lord_Howe'];

const grains = fc.constantFrom<Grain>('day', 'week', 'month');
const zones = fc.constantFrom<TimeZoneChoice>('utc', 'local');
/** 1900-01-01 to 2199-12-31. */
const instants = fc.integer({ min: utc('1900-01-01'), max: utc('2199-12-31') });
const APPROX_BUCKET_MS: Record<Grain, number> = { day: 86_400_000, week: 604_800_000, month: 2_629_746_000 };

/** Sorted bucket starts: a first bucket, up to 400 more buckets after it, some of them missing. */
const series = (grain: Grain, zone: TimeZoneChoice) =>
  fc
    .record({
      at: instants,
      steps: fc.array(fc.integer({ min: 1, max: 400 }), { minLength: 0, maxLength: 12 }),
    })
    .map(({ at, steps }) => {
      const starts = [bucketStart(at, grain, zone)];
      for (const step of steps) starts.push(addBuckets(starts[starts.length - 1], step, grain, zone));
      return starts;
    });

for (const tz of ZONES) {
  describe(`in ${tz}`, () => {
    beforeAll(() => {
      process.env.TZ = tz;
    });

    it('puts one bucket before the first point and one after the last, never zero wide', () => {
      fc.assert(
        fc.property(
          grains.chain((grain) =>
            zones.chain((zone) => series(grain, zone).map((starts) => ({ grain, zone, starts }))),
          ),
          ({ grain, zone, starts }) => {
            const range = xRange(starts, grain, zone);
            expect(range).not.toBeNull();
            const [low, high] = range as [number, number];
            const [first, last] = [starts[0], starts[starts.length - 1]];
            expect(high).toBeGreaterThan(low);
            expect(addBuckets(low, 1, grain, zone)).toBe(first);
            expect(addBuckets(last, 1, grain, zone)).toBe(high);
            expect(bucketStart(low, grain, zone)).toBe(low);
          },
        ),
      );
    });

    it('centres a single point with one bucket each side', () => {
      fc.assert(
        fc.property(grains, zones, instants, (grain, zone, at) => {
          const start = bucketStart(at, grain, zone);
          const [low, high] = xRange([start], grain, zone) as [number, number];
          expect(addBuckets(start, -1, grain, zone)).toBe(low);
          expect(addBuckets(start, 1, grain, zone)).toBe(high);
          // The point sits in the middle of the range, give or take a bucket's length difference
          // (a month of 28 next to one of 31 days, plus a daylight-saving shift of up to an hour in
          // the months' local time: fast-check found February-March 2005 in Lord Howe, 3 days 30 min).
          expect(Math.abs(high - start - (start - low))).toBeLessThanOrEqual(3 * 86_400_000 + 3_600_000);
          expect(low).toBeLessThan(start);
          expect(high).toBeGreaterThan(start);
        }),
      );
    });

    it('keeps every tick inside the data range plus one bucket, increasing, labelled, and as many as fit', () => {
      fc.assert(
        fc.property(
          grains.chain((grain) =>
            zones.chain((zone) => series(grain, zone).map((starts) => ({ grain, zone, starts }))),
          ),
          fc.integer({ min: 0, max: 3000 }),
          ({ grain, zone, starts }, width) => {
            const [low, high] = xRange(starts, grain, zone) as [number, number];
            const { ticks, labels } = timeTicks(low, high, grain, zone, width);
            const first = addBuckets(starts[0], -1, grain, zone);
            const last = addBuckets(starts[starts.length - 1], 1, grain, zone);
            // A bucket start lies inside, so there is always a tick.
            expect(ticks.length).toBeGreaterThanOrEqual(1);
            expect(ticks.length).toBeLessThanOrEqual(Math.max(1, Math.floor(width / MIN_TICK_SPACING_PX)));
            expect(labels).toHaveLength(ticks.length);
            ticks.forEach((tick, i) => {
              expect(tick).toBeGreaterThanOrEqual(first);
              expect(tick).toBeLessThanOrEqual(last);
              if (i > 0) expect(tick).toBeGreaterThan(ticks[i - 1]);
              expect(labels[i].trim()).not.toBe('');
              // On a calendar boundary in the chart's zone: a midnight (never midday on a daily chart).
              expect(bucketStart(tick, 'day', zone)).toBe(tick);
            });
          },
        ),
      );
    });

    it('keeps the ticks of a zoomed range inside it', () => {
      fc.assert(
        fc.property(grains, zones, instants, fc.double({ min: 0.01, max: 2000, noNaN: true }), (g, z, at, buckets) => {
          const min = at;
          const max = at + buckets * APPROX_BUCKET_MS[g];
          const { ticks, labels } = timeTicks(min, max, g, z, 800);
          for (const tick of ticks) {
            expect(tick).toBeGreaterThan(min);
            expect(tick).toBeLessThan(max);
          }
          expect(labels.every((label) => label.length > 0)).toBe(true);
        }),
      );
    });

    it('steps from a bucket start by calendar buckets and back, and finds a bucket from inside it', () => {
      fc.assert(
        fc.property(grains, zones, instants, fc.integer({ min: -500, max: 500 }), (grain, zone, at, n) => {
          const start = bucketStart(at, grain, zone);
          expect(start).toBeLessThanOrEqual(at);
          expect(addBuckets(start, 1, grain, zone)).toBeGreaterThan(at);
          expect(addBuckets(addBuckets(start, n, grain, zone), -n, grain, zone)).toBe(start);
          expect(nearestBucket(start, grain, zone)).toBe(start);
          const [left, right] = barSpan(start, grain, zone);
          expect(nearestBucket(left, grain, zone)).toBe(start);
          expect(nearestBucket(right, grain, zone)).toBe(start);
        }),
      );
    });
  });
}

describe('examples', () => {
  beforeAll(() => {
    process.env.TZ = 'UTC';
  });

  it('has no axis without points: the chart says so in words', () => {
    expect(xRange([], 'day', 'utc')).toBeNull();
    expect(timeTicks(5, 5, 'day', 'utc', 800).ticks).toEqual([]);
  });

  it('draws one day of data as that day between its neighbours, not from Dec 2026 to Jun 2029', () => {
    const day = utc('2026-10-31');
    const [low, high] = xRange([day], 'day', 'utc') as [number, number];
    expect([iso(low), iso(high)]).toEqual(['2026-10-30T00:00:00.000Z', '2026-11-01T00:00:00.000Z']);
    expect(timeTicks(low, high, 'day', 'utc', 900)).toMatchObject({ ticks: [day], labels: ['Oct 31\n2026'] });
  });

  it('draws two adjacent days with a tick under each', () => {
    const [a, b] = [utc('2026-12-31'), utc('2027-01-01')];
    const [low, high] = xRange([a, b], 'day', 'utc') as [number, number];
    expect([iso(low), iso(high)]).toEqual(['2026-12-30T00:00:00.000Z', '2027-01-02T00:00:00.000Z']);
    // The year under the first tick and where it changes.
    expect(timeTicks(low, high, 'day', 'utc', 900).labels).toEqual(['Dec 31\n2026', 'Jan 1\n2027']);
  });

  it('writes a decade of months as years', () => {
    const months = Array.from({ length: 120 }, (_, i) =>
      utc(`${2015 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}-01`),
    );
    const [low, high] = xRange(months, 'month', 'utc') as [number, number];
    expect([iso(low), iso(high)]).toEqual(['2014-12-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z']);
    const { labels, step } = timeTicks(low, high, 'month', 'utc', 900);
    expect(step).toEqual({ unit: 'year', n: 1 });
    expect(labels).toEqual(['2015', '2016', '2017', '2018', '2019', '2020', '2021', '2022', '2023', '2024']);
    // Narrower: every other year.
    expect(timeTicks(low, high, 'month', 'utc', 400).labels).toEqual(['2016', '2018', '2020', '2022', '2024']);
  });

  it('keeps a calendar axis through gaps: the quiet days are on it, with no bar', () => {
    const [low, high] = xRange([utc('2025-03-03'), utc('2025-03-10')], 'day', 'utc') as [number, number];
    expect(timeTicks(low, high, 'day', 'utc', 900).labels).toEqual([
      'Mar 3\n2025',
      'Mar 4',
      'Mar 5',
      'Mar 6',
      'Mar 7',
      'Mar 8',
      'Mar 9',
      'Mar 10',
    ]);
    expect(nearestBucket(utc('2025-03-06T13:00:00Z'), 'day', 'utc')).toBe(utc('2025-03-07'));
  });

  it('reads the bar under a pointer wider than the bar, and the gap where no bar is near', () => {
    const starts = [utc('2020-01-01'), utc('2025-06-10')];
    // A pixel of a five-year chart is a few days: pointing a day off the bar still reads the bar...
    expect(pointedBucket(utc('2020-01-02T06:00:00Z'), starts, 'day', 'utc', 3 * 86_400_000)).toBe(starts[0]);
    expect(pointedBucket(utc('2025-06-08'), starts, 'day', 'utc', 3 * 86_400_000)).toBe(starts[1]);
    // ...and far from any bar it names the empty day.
    expect(pointedBucket(utc('2022-03-04T01:00:00Z'), starts, 'day', 'utc', 3 * 86_400_000)).toBe(utc('2022-03-04'));
    // On a short chart a pixel is less than a day: the day beside a bar is a gap.
    expect(pointedBucket(utc('2020-01-02T01:00:00Z'), starts, 'day', 'utc', 3_600_000)).toBe(utc('2020-01-02'));
    expect(pointedBucket(utc('2020-01-02'), [], 'day', 'utc', 1e12)).toBe(utc('2020-01-02'));
  });

  it('ticks weeks on Mondays (ISO) and months on the first', () => {
    const [low, high] = xRange([utc('2025-03-03'), utc('2025-03-31')], 'week', 'utc') as [number, number];
    expect(timeTicks(low, high, 'week', 'utc', 900).labels).toEqual([
      'Mar 3\n2025',
      'Mar 10',
      'Mar 17',
      'Mar 24',
      'Mar 31',
    ]);
    expect(iso(bucketStart(utc('2025-03-09T23:59:59Z'), 'week', 'utc'))).toBe('2025-03-03T00:00:00.000Z');
    expect(bucketText(utc('2025-03-03'), 'week', 'utc')).toBe('week of 2025-03-03');
    expect(bucketText(utc('2025-03-01'), 'month', 'utc')).toBe('2025-03');
  });

  it('keeps a tick on a narrow chart of a few days with no Monday or first of the month in them', () => {
    const [low, high] = xRange([utc('2025-03-12')], 'day', 'utc') as [number, number];
    expect(timeTicks(low, high, 'day', 'utc', 40).labels).toEqual(['Mar 12\n2025']);
  });

  it('reads years before 100 as themselves, not as 19xx', () => {
    const start = utc('0050-03-01');
    const [low] = xRange([start], 'month', 'utc') as [number, number];
    expect(iso(low)).toBe('0050-02-01T00:00:00.000Z');
    expect(bucketText(start, 'day', 'utc')).toBe('0050-03-01');
  });
});

describe('local days across a daylight-saving change', () => {
  afterAll(() => {
    process.env.TZ = 'UTC';
  });

  it('gives the 25-hour day its own bucket and a tick at each local midnight (Berlin, October)', () => {
    process.env.TZ = 'Europe/Berlin';
    const days = ['2026-10-24', '2026-10-25', '2026-10-26'].map(localMidnight);
    const [low, high] = xRange(days, 'day', 'local') as [number, number];
    expect(low).toBe(localMidnight('2026-10-23'));
    expect(high).toBe(localMidnight('2026-10-27'));
    expect(days[2] - days[1]).toBe(25 * 3_600_000);
    const { ticks, labels } = timeTicks(low, high, 'day', 'local', 900);
    expect(ticks).toEqual(days);
    expect(labels).toEqual(['Oct 24\n2026', 'Oct 25', 'Oct 26']);
    expect(bucketText(days[1], 'day', 'local')).toBe('2026-10-25');
  });

  it('starts a day whose midnight is skipped at 01:00, and still ticks it once (Santiago, September)', () => {
    process.env.TZ = 'America/Santiago';
    const sixth = localMidnight('2026-09-06');
    expect(new Date(sixth).getHours()).toBe(1);
    const [low, high] = xRange([sixth], 'day', 'local') as [number, number];
    expect(low).toBe(localMidnight('2026-09-05'));
    expect(high).toBe(localMidnight('2026-09-07'));
    expect(timeTicks(low, high, 'day', 'local', 900)).toMatchObject({ ticks: [sixth], labels: ['Sep 6\n2026'] });
  });
});
