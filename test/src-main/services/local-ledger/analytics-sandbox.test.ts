// Counterparties, relationship and flows over a party synced from the in-process sandbox, checked
// against exact bigint sums computed here from the same party's legs read over HTTP.
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServices, startAppServices } from '../../../../src-main/services/app-services.ts';
import type {
  CounterpartyRanking,
  Flows,
  Relationship,
  SyncStatus,
} from '../../../../src-shared/contract/local-ledger.ts';
import type { TransferLeg } from '../../../../src-shared/contract/transfers.ts';
import { callOk, legsOverHttp } from '../../../fixtures/local-ledger.ts';

let services: AppServices;
let party: string;
let legs: TransferLeg[];
const ALL = { after: null, before: null };

const call = <T>(channel: string, ...args: unknown[]) => callOk<T>(services, channel, ...args);
const serviceLegs = (forParty: string) => legsOverHttp(services, forParty);

/** The amount as units at its decimals, computed here independently of the store. */
function units(amount: string, decimals: number): bigint {
  const [whole, fraction = ''] = amount.replace('-', '').split('.');
  const value = BigInt(whole + fraction.padEnd(decimals, '0'));
  return amount.startsWith('-') ? -value : value;
}
const decimalOf = (value: bigint, decimals: number) => {
  const digits = (value < 0n ? -value : value).toString().padStart(decimals + 1, '0');
  const text = decimals > 0 ? `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}` : digits;
  return value < 0n ? `-${text}` : text;
};

/** Expected totals per counterparty and instrument, from the HTTP legs. */
function expectedTotals(from: TransferLeg[]) {
  const totals = new Map<string, { legsIn: number; legsOut: number; in: bigint; out: bigint; decimals: number }>();
  for (const l of from) {
    const key = `${l.counterparty}|${l.instrumentAdmin}|${l.instrumentId}`;
    const decimals = l.decimals ?? 18;
    const t = totals.get(key) ?? { legsIn: 0, legsOut: 0, in: 0n, out: 0n, decimals };
    const u = units(l.amount ?? '0', decimals);
    if (l.isIncoming) {
      t.legsIn++;
      t.in += u;
    } else {
      t.legsOut++;
      t.out += u;
    }
    totals.set(key, t);
  }
  return new Map(
    [...totals].map(([k, t]) => [
      k,
      {
        legsIn: t.legsIn,
        legsOut: t.legsOut,
        volumeIn: decimalOf(t.in, t.decimals),
        volumeOut: decimalOf(t.out, t.decimals),
        net: decimalOf(t.in - t.out, t.decimals),
      },
    ]),
  );
}

beforeAll(async () => {
  services = await startAppServices({
    userDataDir: await mkdtemp(join(tmpdir(), 'local-analytics-')),
    version: 'test',
    transport: 'web',
    keychain: { service: `ledger-explorer-test-${randomBytes(4).toString('hex')}` },
    sandbox: { transfers: 5_000, evm: false },
    host: { chooseSavePath: async () => null },
  });
  party = services.sandbox?.describe().parties[0] as string;
  const started = await call<SyncStatus>('local:sync', { profileId: 'sandbox', party, nodeId: null, range: ALL });
  const done = await services.local.waitForSync(started.jobId);
  expect(done.state, JSON.stringify(done.error)).toBe('done');
  legs = await serviceLegs(party);
}, 60_000);
afterAll(async () => {
  await services.close();
});

const query = () => ({ profileId: 'sandbox', party, range: ALL, instruments: null });

describe('analytics over a synced party', () => {
  it('counterparty totals equal the bigint sums of the legs over HTTP, ranked by volume', async () => {
    const ranking = await call<CounterpartyRanking>('local:counterparties', query());
    expect(ranking.inexactLegs).toBe(0);
    const expected = expectedTotals(legs);
    expect(ranking.rows).toHaveLength(expected.size);
    for (const row of ranking.rows) {
      const { legsIn, legsOut, volumeIn, volumeOut, net } = row;
      expect({ legsIn, legsOut, volumeIn, volumeOut, net }).toEqual(
        expected.get(`${row.counterparty}|${row.instrumentAdmin}|${row.instrumentId}`),
      );
    }
    // Within an instrument: volume in + out never grows down the table.
    for (let i = 1; i < ranking.rows.length; i++) {
      const [a, b] = [ranking.rows[i - 1], ranking.rows[i]];
      if (a.instrumentId !== b.instrumentId || a.instrumentAdmin !== b.instrumentAdmin) continue;
      const size = (r: typeof a) => units(r.volumeIn, r.decimals ?? 18) + units(r.volumeOut, r.decimals ?? 18);
      expect(size(a) >= size(b)).toBe(true);
    }
  });

  it.each(['day', 'week', 'month'] as const)('flows by %s add up to the per-instrument totals', async (bucket) => {
    const [ranking, flows] = await Promise.all([
      call<CounterpartyRanking>('local:counterparties', query()),
      call<Flows>('local:flows', { ...query(), bucket }),
    ]);
    const sum = (
      rows: Array<{
        instrumentId: string | null;
        volumeIn: string;
        volumeOut: string;
        decimals: number | null;
        legsIn: number;
      }>,
    ) => {
      const out = new Map<string | null, [bigint, bigint, number]>();
      for (const r of rows) {
        const t = out.get(r.instrumentId) ?? [0n, 0n, 0];
        out.set(r.instrumentId, [
          t[0] + units(r.volumeIn, r.decimals ?? 18),
          t[1] + units(r.volumeOut, r.decimals ?? 18),
          t[2] + r.legsIn,
        ]);
      }
      return out;
    };
    expect(sum(flows.buckets)).toEqual(sum(ranking.rows));
    const starts = flows.buckets.map((b) => new Date(b.start));
    if (bucket === 'month') expect(starts.every((d) => d.getUTCDate() === 1 && d.getUTCHours() === 0)).toBe(true);
    if (bucket === 'week') expect(starts.every((d) => d.getUTCDay() === 1)).toBe(true);
  });

  it('a time range and an instrument narrow the ranking to the legs inside them', async () => {
    const sorted = legs.map((l) => l.effectiveAt as string).sort();
    const after = sorted[Math.floor(sorted.length / 3)];
    const before = sorted[Math.floor((2 * sorted.length) / 3)];
    const inside = legs.filter(
      (l) =>
        Date.parse(l.effectiveAt as string) >= Date.parse(after) &&
        Date.parse(l.effectiveAt as string) < Date.parse(before),
    );
    const one = { admin: legs[0].instrumentAdmin, id: legs[0].instrumentId };
    const ranking = await call<CounterpartyRanking>('local:counterparties', {
      ...query(),
      range: { after, before },
      instruments: [one],
    });
    const expected = expectedTotals(inside.filter((l) => l.instrumentAdmin === one.admin && l.instrumentId === one.id));
    expect(ranking.rows.map((r) => r.volumeIn).sort()).toEqual([...expected.values()].map((t) => t.volumeIn).sort());
  });

  it('the relationship lists every leg with the counterparty newest first, with totals and flows', async () => {
    const ranking = await call<CounterpartyRanking>('local:counterparties', query());
    const other = ranking.rows[0].counterparty as string;
    const between = legs.filter((l) => l.counterparty === other);
    const answer = await call<Relationship>('local:relationship', { ...query(), counterparty: other, bucket: 'month' });
    expect(answer.total).toBe(between.length);
    expect(answer.legs).toHaveLength(between.length);
    const times = answer.legs.map((l) => Date.parse(l.effectiveAt as string));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(answer.totals).toEqual(ranking.rows.filter((r) => r.counterparty === other));
    const legsIn = answer.flows.reduce((n, b) => n + b.legsIn + b.legsOut, 0);
    expect(legsIn).toBe(between.length);
  });

  it('an unknown profile is refused and makes no store', async () => {
    const answer = await services.dispatch('local:counterparties', [{ ...query(), profileId: 'nope' }]);
    expect(answer.ok).toBe(false);
  });
});
