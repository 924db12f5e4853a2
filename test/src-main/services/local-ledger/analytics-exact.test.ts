// Exact sums in the analytics, on synthetic legs appended straight into a store: amounts at 0, 6
// and 18 decimals, 30-digit amounts, sums past HUGEINT (units summed in two parts: leg-days.ts), and
// amounts the store keeps as text only (counted, left out of volumes, reported). Every answer is
// read twice, from the kept aggregates and from the legs alone, and the two must be equal.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildAggregates } from '../../../../src-main/services/local-ledger/store/kept-aggregates.ts';
import { LedgerStore } from '../../../../src-main/services/local-ledger/store/ledger-store.ts';
import { appendLegs } from '../../../../src-main/services/local-ledger/store/leg-rows.ts';
import { rankCounterparties } from '../../../../src-main/services/local-ledger/views/counterparty-ranking.ts';
import { daySource } from '../../../../src-main/services/local-ledger/views/day-source.ts';
import { flowBuckets } from '../../../../src-main/services/local-ledger/views/flow-buckets.ts';
import type { TransferLeg } from '../../../../src-shared/contract/transfers.ts';

let dir: string;
let store: LedgerStore;
let seq = 1n;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'local-analytics-'));
  store = await LedgerStore.open(join(dir, 'p.duckdb'));
});
afterAll(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

function leg(party: string, over: Partial<TransferLeg>): TransferLeg {
  return {
    updateId: `u-${seq}`,
    effectiveAt: '2025-03-04T10:00:00Z',
    instrumentAdmin: 'admin::1',
    instrumentId: 'INST',
    symbol: 'INS',
    decimals: 0,
    amount: '1',
    senderParty: party,
    receiverParty: 'bob::1',
    counterparty: 'bob::1',
    isIncoming: false,
    status: 'completed',
    ...over,
  };
}

/** Appends legs for a party of its own, then ranks and buckets that party's legs. */
async function analyse(party: string, legs: TransferLeg[]) {
  const first = seq;
  seq += BigInt(legs.length);
  await store.write(async (c) => {
    await appendLegs(c, 0n, party, legs, first);
    await rebuildAggregates(c, party, null, null);
  });
  const query = { profileId: 'p', party, range: { after: null, before: null }, instruments: null };
  const scope = { parties: [party], portfolio: false };
  const answer = (aggregates: boolean) =>
    store.read(async (c) => ({
      ranking: await rankCounterparties(c, daySource(query, scope, { aggregates })),
      months: await flowBuckets(c, daySource(query, scope, { aggregates, bucket: 'month' }), 'month'),
    }));
  const kept = await answer(true);
  expect(kept).toEqual(await answer(false));
  return kept;
}

describe('exact sums', () => {
  it.each([
    [0, ['7', '1000000000000', '3'], '1000000000010'],
    [6, ['0.000001', '123456.654321', '0.5'], '123457.154322'],
    [18, ['0.000000000000000001', '1.999999999999999999', '41.1'], '43.100000000000000000'],
  ])('at %i decimals the volume is the exact sum, padded to the decimals', async (decimals, amounts, expected) => {
    const party = `exact-${decimals}::1`;
    const { ranking, months } = await analyse(
      party,
      amounts.map((amount) => leg(party, { decimals, amount, isIncoming: true })),
    );
    expect(ranking.rows).toHaveLength(1);
    expect(ranking.rows[0]).toMatchObject({ legsIn: 3, legsOut: 0, volumeIn: expected, volumeOut: expect.any(String) });
    expect(ranking.rows[0].net).toBe(expected);
    expect(months.buckets.map((b) => b.volumeIn)).toEqual([expected]);
  });

  it('sums 30-digit amounts exactly (beyond DECIMAL(38,18) and any float)', async () => {
    const party = 'thirty::1';
    const a = '123456789012345678901234567890';
    const b = '987654321098765432109876543210';
    const { ranking } = await analyse(party, [
      leg(party, { amount: a, isIncoming: true }),
      leg(party, { amount: b, isIncoming: false }),
    ]);
    expect(ranking.rows[0]).toMatchObject({
      volumeIn: a,
      volumeOut: b,
      net: (BigInt(a) - BigInt(b)).toString(),
    });
  });

  it('sums past 2^127 exactly (the units summed as two parts that cannot overflow)', async () => {
    const party = 'huge::1';
    const max = (10n ** 38n - 1n).toString(); // the largest amount the store holds as units (38 digits)
    const { ranking, months } = await analyse(party, [
      leg(party, { amount: max, isIncoming: true }),
      leg(party, { amount: max, isIncoming: true }),
      leg(party, { amount: '5', isIncoming: true }),
    ]);
    const expected = (2n * (10n ** 38n - 1n) + 5n).toString(); // past 2^127: HUGEINT's sum overflows
    expect(ranking.rows[0].volumeIn).toBe(expected);
    expect(months.buckets[0].volumeIn).toBe(expected);
  });

  it('sums negative amounts exactly (their units split into high and low bits like any other)', async () => {
    const party = 'negative::1';
    const low = (-(2n ** 63n) - 1n).toString(); // just past the low bits' range, negative
    const { ranking, months } = await analyse(party, [
      leg(party, { decimals: 6, amount: '-5.5', isIncoming: true }),
      leg(party, { decimals: 6, amount: '-0.000001', isIncoming: true }),
      leg(party, { decimals: 6, amount: '3', isIncoming: true }),
      leg(party, { decimals: 0, amount: low, isIncoming: false, instrumentId: 'BIG' }),
      leg(party, { decimals: 0, amount: '-1', isIncoming: false, instrumentId: 'BIG' }),
    ]);
    const inst = ranking.rows.find((r) => r.instrumentId === 'INST');
    const big = ranking.rows.find((r) => r.instrumentId === 'BIG');
    expect(inst).toMatchObject({ legsIn: 3, volumeIn: '-2.500001', net: '-2.500001' });
    expect(big).toMatchObject({ legsOut: 2, volumeOut: (BigInt(low) - 1n).toString() });
    expect(months.buckets.find((b) => b.instrumentId === 'INST')?.volumeIn).toBe('-2.500001');
  });

  it('counts inexact amounts in legs, leaves them out of volumes and reports how many', async () => {
    const party = 'inexact::1';
    const { ranking, months } = await analyse(party, [
      leg(party, { decimals: 2, amount: '1e5', isIncoming: true }),
      leg(party, { decimals: 2, amount: '12.345', isIncoming: true }),
      leg(party, { decimals: 2, amount: '10.25', isIncoming: true }),
      leg(party, { decimals: 2, amount: '0.75', isIncoming: false }),
    ]);
    expect(ranking.inexactLegs).toBe(2);
    expect(ranking.rows).toHaveLength(1);
    expect(ranking.rows[0]).toMatchObject({ legsIn: 3, legsOut: 1, volumeIn: '10.25', volumeOut: '0.75', net: '9.50' });
    expect(months.inexactLegs).toBe(2);
  });

  it('ranks by volume in + out within an instrument, ties by counterparty, and keeps first and last seen', async () => {
    const party = 'rank::1';
    const to = (counterparty: string, amount: string, effectiveAt: string, instrumentId = 'INST') =>
      leg(party, { counterparty, amount, effectiveAt, instrumentId, receiverParty: counterparty });
    const { ranking } = await analyse(party, [
      to('carol::1', '5', '2025-01-02T00:00:00Z'),
      to('dave::1', '9', '2025-01-03T00:00:00Z'),
      to('bob::1', '5', '2025-01-01T00:00:00Z'),
      to('carol::1', '1', '2025-02-01T00:00:00+02:00'),
      to('erin::1', '100', '2025-01-01T00:00:00Z', 'OTHER'),
    ]);
    expect(ranking.rows.map((r) => [r.instrumentId, r.counterparty, r.volumeOut])).toEqual([
      ['INST', 'dave::1', '9'],
      ['INST', 'carol::1', '6'],
      ['INST', 'bob::1', '5'],
      ['OTHER', 'erin::1', '100'],
    ]);
    const carol = ranking.rows.find((r) => r.counterparty === 'carol::1');
    // First and last seen are UTC ISO text (the time the leg's own offset gives).
    expect([carol?.firstSeen, carol?.lastSeen]).toEqual(['2025-01-02T00:00:00.000000Z', '2025-01-31T22:00:00.000000Z']);
  });
});

describe('legs without a time', () => {
  it('count in an open range, in no bounded one and in no flow, from the aggregates as from the legs', async () => {
    const party = 'undated::1';
    const { ranking, months } = await analyse(party, [
      leg(party, { effectiveAt: null, amount: '4', isIncoming: true }),
      leg(party, { effectiveAt: 'not a time', amount: '3', isIncoming: true }),
      leg(party, { effectiveAt: '2025-03-04T23:59:59.999999Z', amount: '2', isIncoming: true }),
      leg(party, { effectiveAt: '2025-03-05T00:00:00Z', amount: '1', isIncoming: true }),
    ]);
    expect(ranking.rows[0]).toMatchObject({ legsIn: 4, volumeIn: '10' });
    expect(months.buckets.map((b) => [b.start, b.legsIn, b.volumeIn])).toEqual([
      ['2025-03-01T00:00:00.000000Z', 2, '3'],
    ]);
    const scope = { parties: [party], portfolio: false };
    for (const range of [
      { after: '2025-03-04T00:00:00Z', before: null },
      { after: null, before: '2025-03-05T00:00:00Z' },
      { after: '2025-03-04T12:00:00Z', before: '2025-03-05T00:00:00.000001Z' },
    ]) {
      const query = { profileId: 'p', party, range, instruments: null };
      const [kept, legs] = await Promise.all(
        [true, false].map((aggregates) =>
          store.read((c) => rankCounterparties(c, daySource(query, scope, { aggregates }))),
        ),
      );
      expect(kept, JSON.stringify(range)).toEqual(legs);
      expect(kept.rows[0].legsIn, JSON.stringify(range)).toBeLessThanOrEqual(2);
    }
  });
});
