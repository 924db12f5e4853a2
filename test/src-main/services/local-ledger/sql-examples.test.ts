// Every built-in SQL example is correct: its answer, run in the app over a store synced from the
// sandbox, equals the answer computed here independently from the legs the service sends over HTTP
// (amounts parsed from their text and decimals, sums with bigint, one instrument and scale at a time).
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServices, startAppServices } from '../../../../src-main/services/app-services.ts';
import { SQL_EXAMPLES } from '../../../../src-renderer/features/local-ledger/sql/sql-examples.ts';
import { LEGS_VIEW_COLUMNS } from '../../../../src-shared/contract/legs-view.ts';
import type { SqlResult, SyncStatus } from '../../../../src-shared/contract/local-ledger.ts';
import type { TransferLeg } from '../../../../src-shared/contract/transfers.ts';
import { readRfc3339 } from '../../../../src-shared/time/time-text.ts';
import { callOk, legsOverHttp } from '../../../fixtures/local-ledger.ts';

let services: AppServices;
let folder: string;
const legs: Leg[] = [];

interface Leg extends TransferLeg {
  party: string;
  direction: 'in' | 'out';
  micros: bigint | null;
  units: bigint | null;
  scale: number | null;
}

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

const cmp = (a: string | number | bigint | null, b: string | number | bigint | null): number =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1;
const order = (...pairs: Array<[string | number | bigint | null, string | number | bigint | null]>) =>
  pairs.map(([a, b]) => cmp(a, b)).find((c) => c !== 0) ?? 0;

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

const sum = (group: Leg[]) =>
  group.every((l) => l.units === null) ? null : group.reduce((total, l) => total + (l.units ?? 0n), 0n);
const text = (value: unknown) => (value === null || value === undefined ? 'NULL' : String(value));

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'sql-examples-'));
  services = await startAppServices({
    userDataDir: folder,
    version: 'test',
    transport: 'web',
    keychain: { service: `ledger-explorer-test-${randomBytes(4).toString('hex')}` },
    sandbox: { transfers: 3_000, evm: false },
    host: { chooseSavePath: async () => null },
  });
  const parties = (services.sandbox?.describe().parties ?? []).slice(0, 2);
  for (const party of parties) {
    const started = await callOk<SyncStatus>(services, 'local:sync', {
      profileId: 'sandbox',
      party,
      nodeId: null,
      range: { after: null, before: null },
    });
    expect((await services.local.waitForSync(started.jobId)).state).toBe('done');
    for (const leg of await legsOverHttp(services, party)) {
      legs.push({
        ...leg,
        party,
        direction: leg.isIncoming ? 'in' : 'out',
        micros: readRfc3339(leg.effectiveAt)?.micros ?? null,
        ...unitsOf(leg.amount, leg.decimals),
      });
    }
  }
  expect(legs.length).toBeGreaterThan(1000);
}, 90_000);
afterAll(async () => {
  await services.close();
  await rm(folder, { recursive: true, force: true });
});

async function run(title: string): Promise<string[][]> {
  const example = SQL_EXAMPLES.find((x) => x.title === title);
  if (!example) throw new Error(`no example "${title}"`);
  const result = await callOk<SqlResult>(services, 'local:sql', {
    requestId: `req-${randomBytes(4).toString('hex')}`,
    profileId: 'sandbox',
    sql: example.sql,
    rowCap: 10_000,
  });
  return result.rows.map((row) => row.map(text));
}

const symbolOf = (group: Leg[]) => group.find((l) => l.symbol !== null)?.symbol ?? null;

describe('the built-in SQL examples', () => {
  it('lists every example here (a new one needs its independent answer below)', () => {
    expect(SQL_EXAMPLES.map((x) => x.title)).toEqual([
      'Totals per instrument (exact)',
      'Newest legs',
      'Volume per instrument and direction',
      'Top counterparties per instrument, last 365 days of data',
      'Legs per month',
      'Columns of the view',
    ]);
  });

  it('Totals per instrument (exact): every party, instrument and scale, summed without mixing scales', async () => {
    const groups = [
      ...groupBy(legs, (l) => JSON.stringify([l.party, l.instrumentAdmin, l.instrumentId, l.scale])).values(),
    ];
    const rows = groups.map((g) => {
      const inUnits = sum(g.filter((l) => l.direction === 'in')) ?? 0n;
      const outUnits = sum(g.filter((l) => l.direction === 'out')) ?? 0n;
      const scale = g[0].scale;
      return {
        key: [g[0].party, symbolOf(g), g[0].instrumentId, scale] as const,
        row: [
          g[0].party,
          symbolOf(g),
          g[0].instrumentId,
          scale,
          g.length,
          decimalText(inUnits, scale),
          decimalText(outUnits, scale),
          decimalText(inUnits - outUnits, scale),
        ].map(text),
      };
    });
    rows.sort((a, b) =>
      order(...a.key.map((k, i) => [k, b.key[i]] as [string | number | null, string | number | null])),
    );
    expect(await run('Totals per instrument (exact)')).toEqual(rows.map((r) => r.row));
  });

  it('Newest legs: the 100 latest, newest first', async () => {
    const sorted = [...legs].sort((a, b) =>
      order(
        [b.micros, a.micros],
        [a.updateId, b.updateId],
        [a.direction, b.direction],
        [a.counterparty, b.counterparty],
        [a.amount, b.amount],
      ),
    );
    // A leg without a time sorts last in DESC as in ASC (DuckDB's NULLS LAST).
    const dated = [...sorted.filter((l) => l.micros !== null), ...sorted.filter((l) => l.micros === null)];
    const answer = await run('Newest legs');
    const columns = LEGS_VIEW_COLUMNS.map((c) => c.name);
    const pick = (row: string[]) =>
      ['update_id', 'effective_at_text', 'amount', 'direction'].map((n) => row[columns.indexOf(n as never)]);
    expect(answer.map(pick)).toEqual(
      dated.slice(0, 100).map((l) => [l.updateId, l.effectiveAt, l.amount, l.direction].map(text)),
    );
  });

  it('Volume per instrument and direction: exact sums per instrument, scale and direction', async () => {
    const exact = legs.filter((l) => l.units !== null || l.amount === null);
    const groups = [
      ...groupBy(exact, (l) => JSON.stringify([l.instrumentAdmin, l.instrumentId, l.scale, l.direction])).values(),
    ];
    const rows = groups
      .map((g) => ({
        key: [g[0].instrumentId, g[0].scale, g[0].direction] as const,
        row: [
          g[0].instrumentAdmin,
          g[0].instrumentId,
          symbolOf(g),
          g[0].scale,
          g[0].direction,
          g.length,
          decimalText(sum(g), g[0].scale),
        ].map(text),
      }))
      .sort((a, b) => order([a.key[0], b.key[0]], [a.key[1], b.key[1]], [a.key[2], b.key[2]]));
    expect(await run('Volume per instrument and direction')).toEqual(rows.map((r) => r.row));
  });

  it('Top counterparties per instrument: the five largest per instrument and scale, never across instruments', async () => {
    const newest = legs.reduce((max, l) => (l.micros !== null && l.micros > max ? l.micros : max), -(2n ** 62n));
    const since = newest - 365n * 86_400_000_000n;
    const recent = legs.filter((l) => l.units !== null && l.micros !== null && l.micros >= since);
    const perInstrument = groupBy(recent, (l) => JSON.stringify([l.party, l.instrumentAdmin, l.instrumentId, l.scale]));
    const rows: Array<{ key: Array<string | number | bigint | null>; row: string[] }> = [];
    for (const group of perInstrument.values()) {
      const ranked = [...groupBy(group, (l) => JSON.stringify(l.counterparty)).values()]
        .map((g) => ({ g, total: sum(g) as bigint }))
        .sort((a, b) => order([b.total, a.total], [a.g[0].counterparty, b.g[0].counterparty]))
        .slice(0, 5);
      for (const { g, total } of ranked) {
        const l = g[0];
        rows.push({
          key: [l.party, l.instrumentId, l.scale, -total, l.counterparty],
          row: [
            l.party,
            l.instrumentId,
            symbolOf(g),
            l.scale,
            l.counterparty,
            g.length,
            decimalText(total, l.scale),
          ].map(text),
        });
      }
    }
    rows.sort((a, b) =>
      order(
        ...a.key.map((k, i) => [k, b.key[i]] as [string | number | bigint | null, string | number | bigint | null]),
      ),
    );
    expect(await run('Top counterparties per instrument, last 365 days of data')).toEqual(rows.map((r) => r.row));
  });

  it('Legs per month: legs per UTC month and direction', async () => {
    const monthOf = (l: Leg) => {
      if (l.micros === null) return null;
      const d = new Date(Number(l.micros / 1000n));
      return `${d.toISOString().slice(0, 7)}-01 00:00:00`;
    };
    const groups = [...groupBy(legs, (l) => JSON.stringify([monthOf(l), l.direction])).values()];
    const rows = groups
      .map((g) => ({ key: [monthOf(g[0]), g[0].direction], row: [monthOf(g[0]), g[0].direction, g.length].map(text) }))
      .sort((a, b) => order([a.key[0], b.key[0]], [a.key[1], b.key[1]]));
    expect(await run('Legs per month')).toEqual(rows.map((r) => r.row));
  });

  it('Columns of the view: the documented columns and types', async () => {
    const answer = await run('Columns of the view');
    expect(answer.map((r) => [r[0], r[1]])).toEqual(LEGS_VIEW_COLUMNS.map((c) => [c.name, c.type]));
  });
});
