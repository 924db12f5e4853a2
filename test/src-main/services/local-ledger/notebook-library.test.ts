// Every built-in notebook query is correct: its parameters bound as the notebook binds them
// (bindQuery, DuckDB prepared parameters), run in the SQL process over a store synced from the
// sandbox (the path local:sql takes), and its answer equals the one computed here independently
// from the legs the service sends over HTTP (amounts parsed from their text and decimals, sums with
// bigint, one instrument and scale at a time). Parameter values are picked from the data so every
// answer is non-empty and leaves rows out.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServices, startAppServices } from '../../../../src-main/services/app-services.ts';
import { sqlSource } from '../../../../src-main/services/local-ledger/sql/sql-snapshot.ts';
import { buildChart, measureColumns } from '../../../../src-renderer/ui/result-chart/chart-model.ts';
import type { SqlResult, SyncStatus } from '../../../../src-shared/contract/local-ledger.ts';
import type { TransferLeg } from '../../../../src-shared/contract/transfers.ts';
import { BUILT_IN_QUERIES } from '../../../../src-shared/notebook/library.ts';
import { parseQueryFile } from '../../../../src-shared/notebook/query-file.ts';
import { bindQuery } from '../../../../src-shared/notebook/query-params.ts';
import { readRfc3339 } from '../../../../src-shared/time/time-text.ts';
import { callOk, legsOverHttp } from '../../../fixtures/local-ledger.ts';

let services: AppServices;
let folder: string;
/** Every synced party's legs, as the service sent them. */
const legs: Leg[] = [];
/** The party the queries ask about, and its legs. */
let party = '';
let mine: Leg[] = [];

interface Leg extends TransferLeg {
  party: string;
  direction: 'in' | 'out';
  micros: bigint | null;
  units: bigint | null;
  scale: number | null;
}

const DAY = 86_400_000_000n;

/** The amount as units at its scale, parsed here from the text (not the store's code): null when not exact. */
function unitsOf(amount: string | null, decimals: number | null): { units: bigint | null; scale: number | null } {
  const scale = decimals ?? 18;
  const m = amount === null ? null : /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount);
  if (!m) return { units: null, scale: null };
  const fraction = (m[3] ?? '').replace(/0+$/, '');
  if (fraction.length > scale) return { units: null, scale: null };
  const digits = (m[2] + fraction.padEnd(scale, '0')).replace(/^0+(?=\d)/, '');
  if (digits.length > 38) return { units: null, scale: null };
  return { units: BigInt(m[1] + digits), scale };
}

function decimalText(units: bigint | null, scale: number | null): string {
  if (units === null || scale === null) return 'NULL';
  const digits = (units < 0n ? -units : units).toString().padStart(scale + 1, '0');
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return units < 0n ? `-${text}` : text;
}

/** A TIMESTAMP as DuckDB writes it: `2026-10-30 14:30:00`, with the microseconds when there are any (trailing zeros cut). */
function timestampText(micros: bigint | null): string {
  if (micros === null) return 'NULL';
  const ms = micros / 1000n - (micros % 1000n < 0n ? 1n : 0n);
  const fraction = ((micros % 1_000_000n) + 1_000_000n) % 1_000_000n;
  const base = new Date(Number(ms)).toISOString().slice(0, 19).replace('T', ' ');
  return fraction === 0n ? base : `${base}.${fraction.toString().padStart(6, '0').replace(/0+$/, '')}`;
}
/** An instant as a parameter value (RFC 3339, UTC, microseconds). */
const isoParam = (micros: bigint) => {
  const fraction = ((micros % 1_000_000n) + 1_000_000n) % 1_000_000n;
  return `${timestampText(micros - fraction).replace(' ', 'T')}.${fraction.toString().padStart(6, '0')}Z`;
};
const dayOf = (micros: bigint) => micros / DAY; // the history is after 1970: non-negative
const dateText = (day: bigint) => new Date(Number(day * 86_400_000n)).toISOString().slice(0, 10);

type Key = string | number | bigint | null;
const cmp = (a: Key, b: Key): number => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1);
const order = (...pairs: Array<[Key, Key]>) => pairs.map(([a, b]) => cmp(a, b)).find((c) => c !== 0) ?? 0;
/** Sorts rows by their keys (ascending, NULLS LAST as DuckDB) and gives the rows as text. */
function sorted(rows: Array<{ key: Key[]; row: unknown[] }>): string[][] {
  return rows.sort((a, b) => order(...a.key.map((k, i) => [k, b.key[i]] as [Key, Key]))).map((r) => r.row.map(text));
}

function groupBy<T>(items: T[], key: (item: T) => unknown): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = JSON.stringify(key(item), (_, v) => (typeof v === 'bigint' ? v.toString() : v));
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

const sum = (group: Leg[]) =>
  group.every((l) => l.units === null) ? null : group.reduce((total, l) => total + (l.units ?? 0n), 0n);
const sumDir = (group: Leg[], direction: 'in' | 'out') => sum(group.filter((l) => l.direction === direction)) ?? 0n;
const text = (value: unknown) => (value === null || value === undefined ? 'NULL' : String(value));
const symbolOf = (group: Leg[]) => group.find((l) => l.symbol !== null)?.symbol ?? null;
/** amount_exact: the amount is NULL or kept exactly. */
const exact = (l: Leg) => l.units !== null || l.amount === null;
const instrumentKey = (l: Leg) => [l.instrumentAdmin, l.instrumentId, l.scale];
const between = (l: Leg, from: bigint, to: bigint) => l.micros !== null && l.micros >= from && l.micros < to;

let newest = 0n;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'notebook-library-'));
  services = await startAppServices({
    userDataDir: folder,
    version: 'test',
    transport: 'web',
    keychain: { service: `ledger-explorer-test-${randomBytes(4).toString('hex')}` },
    sandbox: { transfers: 10_000, evm: false },
    host: { chooseSavePath: async () => null },
  });
  // Two parties in the store: every query must keep to the one it is asked about.
  const parties = (services.sandbox?.describe().parties ?? []).slice(0, 2);
  for (const p of parties) {
    const started = await callOk<SyncStatus>(services, 'local:sync', {
      profileId: 'sandbox',
      party: p,
      nodeId: null,
      range: { after: null, before: null },
    });
    expect((await services.local.waitForSync(started.jobId)).state).toBe('done');
    for (const leg of await legsOverHttp(services, p)) {
      legs.push({
        ...leg,
        party: p,
        direction: leg.isIncoming ? 'in' : 'out',
        micros: readRfc3339(leg.effectiveAt)?.micros ?? null,
        ...unitsOf(leg.amount, leg.decimals),
      });
    }
  }
  party = parties[0];
  mine = legs.filter((l) => l.party === party);
  newest = mine.reduce((max, l) => (l.micros !== null && l.micros > max ? l.micros : max), 0n);
  expect(mine.length).toBeGreaterThan(1000);
  expect(legs.length).toBeGreaterThan(mine.length);
}, 90_000);
afterAll(async () => {
  await services.close();
  await rm(folder, { recursive: true, force: true });
});

const fileOf = (id: string) => {
  const query = BUILT_IN_QUERIES.find((q) => q.id === id);
  if (!query) throw new Error(`no built-in query "${id}"`);
  return parseQueryFile(query.text);
};

/**
 * Binds a built-in query's parameters as the notebook does and runs it as local:sql runs a query:
 * the profile's current snapshot, the SQL process, the screen's budgets. The rows as text.
 */
async function run(id: string, values: Record<string, string>): Promise<string[][]> {
  const file = fileOf(id);
  const bound = bindQuery(file.sql, file.header.parameters, { party, ...values }, { zone: 'utc' });
  if (!bound.ok) throw new Error(`${id}: ${JSON.stringify(bound)}`);
  const local = await services.local.ledger();
  const snapshot = await (await sqlSource(await local.reader('sandbox'))).snapshot;
  const result = await local.sql.run<SqlResult>({
    snapshot,
    budgets: local.sqlBudgets.screen,
    task: { kind: 'query', sql: bound.text, rowCap: 10_000, params: bound.params },
  });
  expect(result.truncated).toBe(false);
  // The chart's columns are the result's, and its header keeps the chart's rules (docs/notebook.md,
  // "The chart"): an amount is drawn at its instrument's scale with its unit in the axis label, one
  // instrument at a time (so no series by instrument), and y is a measure.
  const names = result.columns.map((c) => c.name);
  const chart = file.header.chart;
  if (chart) {
    for (const column of [chart.x, chart.y, chart.series ?? chart.x]) expect(names).toContain(column);
    expect(measureColumns(result.columns).map((c) => c.name)).toContain(chart.y);
    const built = buildChart(result, chart);
    if (!built.ok) throw new Error(`${id}: ${built.message}`);
    if (/_units$/.test(chart.y)) {
      const { instrument, yLabel } = built.model;
      expect({ id, scaled: instrument !== null }).toEqual({ id, scaled: true });
      expect(yLabel).toBe(`${chart.y.replace(/_units$/, '')} (${instrument?.unit})`);
      expect(instrument?.unit).toBeTruthy();
      expect(['instrument_id', 'symbol', 'instrument_admin', 'amount_scale']).not.toContain(chart.series);
    }
  }
  return result.rows.map((row) => row.map(text));
}

describe('the built-in library', () => {
  it('has at least 12 queries, each a query file read without a problem, ids unique and file-name-like', () => {
    expect(BUILT_IN_QUERIES.length).toBeGreaterThanOrEqual(12);
    expect(new Set(BUILT_IN_QUERIES.map((q) => q.id)).size).toBe(BUILT_IN_QUERIES.length);
    for (const query of BUILT_IN_QUERIES) {
      expect(query.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      const file = parseQueryFile(query.text);
      expect({ id: query.id, problems: file.problems }).toEqual({ id: query.id, problems: [] });
      expect(file.header.name).not.toBe('');
      expect(file.header.description).not.toBe('');
    }
  });

  it('each query is answered below (a new one needs its independent answer)', () => {
    expect(BUILT_IN_QUERIES.map((q) => q.id)).toEqual([
      'totals-per-instrument',
      'top-counterparties',
      'monthly-net-flow',
      'largest-legs',
      'new-counterparties',
      'dormant-counterparties',
      'pending-legs',
      'round-number-transfers',
      'just-under-threshold',
      'day-of-week',
      'hour-of-day',
      'velocity',
      'first-last-per-counterparty',
      'balance-change',
    ]);
  });

  it('Totals per instrument: every party, instrument and scale, summed without mixing scales', async () => {
    const rows = [...groupBy(legs, (l) => [l.party, ...instrumentKey(l)]).values()].map((g) => {
      const [l, inU, outU] = [g[0], sumDir(g, 'in'), sumDir(g, 'out')];
      return {
        key: [l.party, symbolOf(g), l.instrumentId, l.instrumentAdmin, l.scale],
        row: [
          l.party,
          symbolOf(g),
          l.instrumentId,
          l.scale,
          g.length,
          decimalText(inU, l.scale),
          decimalText(outU, l.scale),
          decimalText(inU - outU, l.scale),
          l.instrumentAdmin,
        ],
      };
    });
    expect(await run('totals-per-instrument', {})).toEqual(sorted(rows));
  });

  it('Top counterparties per instrument: the top 3 per instrument and scale by volume in the last 365 days', async () => {
    const [from, to] = [newest - 365n * DAY, newest];
    const picked = mine.filter((l) => exact(l) && l.counterparty !== null && between(l, from, to));
    const rows: Array<{ key: Key[]; row: unknown[] }> = [];
    for (const group of groupBy(picked, instrumentKey).values()) {
      const ranked = [...groupBy(group, (l) => l.counterparty).values()]
        .map((g) => ({ g, total: sum(g) }))
        .sort((a, b) => order([b.total, a.total], [a.g[0].counterparty, b.g[0].counterparty]))
        .slice(0, 3);
      for (const { g, total } of ranked) {
        const l = g[0];
        rows.push({
          key: [l.instrumentId, l.instrumentAdmin, l.scale, total === null ? null : -total, l.counterparty],
          row: [
            l.instrumentId,
            symbolOf(g),
            l.scale,
            l.counterparty,
            g.length,
            decimalText(sumDir(g, 'in'), l.scale),
            decimalText(sumDir(g, 'out'), l.scale),
            decimalText(total, l.scale),
            total,
            l.instrumentAdmin,
          ],
        });
      }
    }
    const answer = await run('top-counterparties', { from: isoParam(from), to: isoParam(to + 1n), top: '3' });
    expect(answer).toEqual(sorted(rows));
    expect(answer.length).toBeGreaterThan(6);
  });

  it('Monthly net flow: completed legs per UTC month, instrument and scale over 180 days', async () => {
    const [from, to] = [newest - 180n * DAY, newest - 10n * DAY];
    const monthOf = (l: Leg) => `${timestampText(l.micros).slice(0, 7)}-01 00:00:00`;
    const picked = mine.filter((l) => exact(l) && l.status === 'completed' && between(l, from, to));
    const rows = [...groupBy(picked, (l) => [monthOf(l), ...instrumentKey(l)]).values()].map((g) => {
      const [l, inU, outU] = [g[0], sumDir(g, 'in'), sumDir(g, 'out')];
      return {
        key: [monthOf(l), l.instrumentId, l.instrumentAdmin, l.scale],
        row: [
          monthOf(l),
          l.instrumentId,
          symbolOf(g),
          l.scale,
          g.length,
          decimalText(inU, l.scale),
          decimalText(outU, l.scale),
          decimalText(inU - outU, l.scale),
          inU - outU,
          l.instrumentAdmin,
        ],
      };
    });
    const answer = await run('monthly-net-flow', { from: isoParam(from), to: isoParam(to) });
    expect(answer).toEqual(sorted(rows));
    expect(answer.length).toBeGreaterThan(12);
    expect(picked.length).toBeLessThan(mine.filter((l) => between(l, from, to)).length); // other statuses left out
  });

  const legRow = (l: Leg) => [
    timestampText(l.micros),
    l.updateId,
    l.direction,
    l.counterparty,
    l.instrumentId,
    l.symbol,
    l.amount,
    l.units,
    l.scale,
    l.status,
    l.instrumentAdmin,
  ];

  it('Largest legs: the 10 largest Amulet legs of the party, largest first', async () => {
    const picked = mine.filter((l) => l.instrumentId === 'Amulet' && exact(l));
    const rows: Array<{ key: Key[]; row: unknown[] }> = [];
    for (const group of groupBy(picked, (l) => [l.instrumentAdmin, l.scale]).values()) {
      const ranked = group
        .sort((a, b) =>
          order(
            [b.units, a.units],
            [b.micros, a.micros],
            [a.updateId, b.updateId],
            [a.direction, b.direction],
            [a.counterparty, b.counterparty],
          ),
        )
        .slice(0, 10);
      for (const l of ranked) {
        const neg = (v: bigint | null) => (v === null ? null : -v);
        rows.push({
          key: [l.instrumentAdmin, l.scale, neg(l.units), neg(l.micros), l.updateId, l.direction, l.counterparty],
          row: legRow(l),
        });
      }
    }
    const answer = await run('largest-legs', { instrument: 'Amulet', limit: '10' });
    expect(answer).toEqual(sorted(rows));
    expect(answer.length).toBe(10);
  });

  /** Per counterparty of the party (legs with a time): its legs, first and last time. */
  const perCounterparty = () =>
    [
      ...groupBy(
        mine.filter((l) => l.counterparty !== null && l.micros !== null),
        (l) => l.counterparty,
      ).values(),
    ].map((g) => {
      const times = g.map((l) => l.micros as bigint);
      return {
        counterparty: g[0].counterparty as string,
        legs: g,
        first: times.reduce((a, b) => (b < a ? b : a)),
        last: times.reduce((a, b) => (b > a ? b : a)),
      };
    });

  it('New counterparties: those whose first leg with the party falls in the period', async () => {
    const all = perCounterparty().sort((a, b) => order([a.first, b.first], [a.counterparty, b.counterparty]));
    expect(all.length).toBeGreaterThanOrEqual(4);
    // A period holding the second to the second-to-last first leg: some counterparties before, some after.
    const [from, to] = [all[1].first, all[all.length - 2].first];
    const rows = all
      .filter((c) => c.first >= from && c.first < to)
      .map((c) => ({
        key: [c.first, c.counterparty],
        row: [c.counterparty, timestampText(c.first), c.legs.filter((l) => between(l, from, to)).length, c.legs.length],
      }));
    const answer = await run('new-counterparties', { from: isoParam(from), to: isoParam(to) });
    expect(answer).toEqual(sorted(rows));
    expect(answer.length).toBeGreaterThan(0);
    expect(answer.length).toBeLessThan(all.length);
  });

  it('Dormant counterparties: legs before a time and none since', async () => {
    const all = perCounterparty().sort((a, b) => order([a.last, b.last], [a.counterparty, b.counterparty]));
    // Quiet since just after the middle counterparty's last leg: about half are dormant.
    const since = all[Math.floor(all.length / 2)].last + 1n;
    const rows = all
      .filter((c) => c.last < since)
      .map((c) => ({
        key: [c.last, c.counterparty],
        row: [c.counterparty, timestampText(c.first), timestampText(c.last), c.legs.length, (since - c.last) / DAY],
      }));
    const answer = await run('dormant-counterparties', { from: isoParam(since) });
    expect(answer).toEqual(sorted(rows));
    expect(answer.length).toBeGreaterThan(0);
    expect(answer.length).toBeLessThan(all.length);
  });

  it('Pending legs older than 30 days as of the newest leg', async () => {
    const asOf = newest;
    const cutoff = asOf - 30n * DAY;
    const rows = mine
      .filter((l) => l.status === 'pending' && l.micros !== null && l.micros <= cutoff)
      .map((l) => ({
        key: [l.micros, l.updateId, l.direction, l.counterparty, l.instrumentId, l.amount],
        row: [
          timestampText(l.micros),
          (asOf - (l.micros as bigint)) / DAY,
          l.updateId,
          l.direction,
          l.counterparty,
          l.instrumentId,
          l.symbol,
          l.amount,
          l.status,
        ],
      }));
    const answer = await run('pending-legs', { to: isoParam(asOf), days: '30' });
    expect(answer).toEqual(sorted(rows));
    expect(answer.length).toBeGreaterThan(10);
    // Younger pending legs are left out.
    expect(answer.length).toBeLessThan(mine.filter((l) => l.status === 'pending').length);
  });

  it('Round-number transfers: amounts that are whole multiples of 10 units (the sandbox has few rounder ones)', async () => {
    const rows = mine
      .filter(
        (l) => l.units !== null && l.scale !== null && l.units > 0n && l.units % (10n * 10n ** BigInt(l.scale)) === 0n,
      )
      .map((l) => ({
        key: [
          l.micros === null ? null : -l.micros,
          l.updateId,
          l.direction,
          l.counterparty,
          l.instrumentId,
          l.instrumentAdmin,
          l.amount,
        ],
        row: legRow(l),
      }));
    const answer = await run('round-number-transfers', { step: '10' });
    expect(answer).toEqual(sorted(rows));
    expect(answer.length).toBeGreaterThan(3);
    // A step finer than the whole-unit instrument's decimals: 0.5 of TBILL (0 decimals) matches none of its legs.
    const half = await run('round-number-transfers', { step: '0.5' });
    expect(half.length).toBeGreaterThan(0);
    expect(half.some((row) => row[4] === 'TBILL-2026-12')).toBe(false);
  });

  it('Transfers just under a threshold: Amulet legs in [9,000, 10,000), compared exactly', async () => {
    const rows = mine
      .filter((l) => l.instrumentId === 'Amulet' && l.units !== null && l.scale !== null)
      .filter((l) => {
        const threshold = 10_000n * 10n ** BigInt(l.scale as number);
        const units = l.units as bigint;
        return units < threshold && units * 100n >= threshold * 90n;
      })
      .map((l) => ({
        key: [l.micros, l.updateId, l.direction, l.counterparty, l.instrumentAdmin, l.amount],
        row: legRow(l),
      }));
    const answer = await run('just-under-threshold', { instrument: 'Amulet', threshold: '10000', margin: '10' });
    expect(answer).toEqual(sorted(rows));
    expect(answer.length).toBeGreaterThan(5);
    // The edge is exact: a threshold at a leg's own amount leaves that leg out, one unit above takes it in.
    const leg = mine.find((l) => l.instrumentId === 'Amulet' && l.units !== null && l.units > 0n) as Leg;
    const hasIt = (rs: string[][]) => rs.some((r) => r[1] === leg.updateId && r[6] === leg.amount);
    expect(
      hasIt(await run('just-under-threshold', { instrument: 'Amulet', threshold: leg.amount as string, margin: '1' })),
    ).toBe(false);
    const above = decimalText((leg.units as bigint) + 1n, leg.scale);
    expect(hasIt(await run('just-under-threshold', { instrument: 'Amulet', threshold: above, margin: '1' }))).toBe(
      true,
    );
  });

  const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
  const utc = (l: Leg) => new Date(Number((l.micros as bigint) / 1000n));

  it('Day-of-week pattern: legs and volume per UTC weekday, instrument and scale', async () => {
    const picked = mine.filter((l) => exact(l) && l.micros !== null);
    const rows = [...groupBy(picked, (l) => [utc(l).getUTCDay(), ...instrumentKey(l)]).values()].map((g) => {
      const l = g[0];
      const weekday = utc(l).getUTCDay() || 7;
      return {
        key: [weekday, l.instrumentId, l.instrumentAdmin, l.scale],
        row: [
          weekday,
          DAY_NAMES[utc(l).getUTCDay()],
          l.instrumentId,
          symbolOf(g),
          l.scale,
          g.length,
          decimalText(sum(g), l.scale),
          sum(g),
          l.instrumentAdmin,
        ],
      };
    });
    const answer = await run('day-of-week', {});
    expect(answer).toEqual(sorted(rows));
    expect(new Set(answer.map((r) => r[0])).size).toBe(7);
  });

  it('Hour-of-day pattern: legs and volume per UTC hour, instrument and scale', async () => {
    const picked = mine.filter((l) => exact(l) && l.micros !== null);
    const rows = [...groupBy(picked, (l) => [utc(l).getUTCHours(), ...instrumentKey(l)]).values()].map((g) => {
      const l = g[0];
      return {
        key: [utc(l).getUTCHours(), l.instrumentId, l.instrumentAdmin, l.scale],
        row: [
          utc(l).getUTCHours(),
          l.instrumentId,
          symbolOf(g),
          l.scale,
          g.length,
          decimalText(sum(g), l.scale),
          sum(g),
          l.instrumentAdmin,
        ],
      };
    });
    const answer = await run('hour-of-day', {});
    expect(answer).toEqual(sorted(rows));
    expect(new Set(answer.map((r) => r[0])).size).toBe(24);
  });

  it('Velocity: USDX legs and volume per UTC day with rolling 7- and 30-day sums, counting days before From', async () => {
    const from = newest - 60n * DAY + 3_600_000_000n; // mid-day: the day holding From is shown whole
    const to = newest - 10n * DAY;
    const firstDay = dayOf(from);
    const picked = mine.filter((l) => l.instrumentId === 'USDX' && exact(l) && between(l, (firstDay - 29n) * DAY, to));
    const rows: Array<{ key: Key[]; row: unknown[] }> = [];
    for (const group of groupBy(picked, (l) => [l.instrumentAdmin, l.scale]).values()) {
      const days = [...groupBy(group, (l) => dayOf(l.micros as bigint)).values()].map((g) => ({
        day: dayOf(g[0].micros as bigint),
        symbol: symbolOf(g),
        legs: g.length,
        units: sum(g) as bigint,
      }));
      const window = (d: bigint, n: bigint) => days.filter((x) => x.day <= d && x.day > d - n);
      for (const d of days.filter((x) => x.day >= firstDay)) {
        const [w7, w30] = [window(d.day, 7n), window(d.day, 30n)];
        const total = (w: typeof days) => w.reduce((t, x) => t + x.units, 0n);
        const count = (w: typeof days) => w.reduce((t, x) => t + x.legs, 0);
        const { instrumentAdmin, scale } = group[0];
        rows.push({
          key: [d.day, instrumentAdmin, scale],
          row: [
            dateText(d.day),
            d.symbol,
            scale,
            d.legs,
            decimalText(d.units, scale),
            d.units,
            count(w7),
            decimalText(total(w7), scale),
            total(w7),
            count(w30),
            decimalText(total(w30), scale),
            total(w30),
            instrumentAdmin,
          ],
        });
      }
    }
    const answer = await run('velocity', { instrument: 'USDX', from: isoParam(from), to: isoParam(to) });
    expect(answer).toEqual(sorted(rows));
    expect(answer.length).toBeGreaterThan(10);
    // Rolling sums reach before From: the first day's 30-day count is more than its own.
    expect(Number(answer[0][9])).toBeGreaterThan(Number(answer[0][3]));
  });

  it('First and last transfer per counterparty', async () => {
    const firstOrder = (a: Leg, b: Leg) =>
      order(
        [a.micros, b.micros],
        [a.updateId, b.updateId],
        [a.direction, b.direction],
        [a.instrumentId, b.instrumentId],
        [a.amount, b.amount],
      );
    const rows = perCounterparty().map((c) => {
      const ranked = [...c.legs].sort(firstOrder);
      const [f, l] = [ranked[0], ranked[ranked.length - 1]];
      const pick = (x: Leg) => [timestampText(x.micros), x.updateId, x.direction, x.instrumentId, x.symbol, x.amount];
      return { key: [c.counterparty], row: [c.counterparty, c.legs.length, ...pick(f), ...pick(l)] };
    });
    const answer = await run('first-last-per-counterparty', {});
    expect(answer).toEqual(sorted(rows));
    expect(answer.length).toBeGreaterThan(3);
  });

  it('Balance change per instrument: completed legs in a 60-day period, in − out exact', async () => {
    const [from, to] = [newest - 90n * DAY, newest - 30n * DAY];
    const picked = mine.filter((l) => exact(l) && l.status === 'completed' && between(l, from, to));
    const rows = [...groupBy(picked, instrumentKey).values()].map((g) => {
      const [l, inU, outU] = [g[0], sumDir(g, 'in'), sumDir(g, 'out')];
      return {
        key: [l.instrumentId, l.instrumentAdmin, l.scale],
        row: [
          l.instrumentId,
          symbolOf(g),
          l.scale,
          g.length,
          decimalText(inU, l.scale),
          decimalText(outU, l.scale),
          decimalText(inU - outU, l.scale),
          inU - outU,
          l.instrumentAdmin,
        ],
      };
    });
    const answer = await run('balance-change', { from: isoParam(from), to: isoParam(to) });
    expect(answer).toEqual(sorted(rows));
    expect(answer.length).toBeGreaterThan(4);
    // Another status is another answer (failed legs moved nothing).
    const failed = await run('balance-change', { from: isoParam(from), to: isoParam(to), status: 'failed' });
    expect(failed).not.toEqual(answer);
  });
});
