// Rebuilding a level a piece at a time: a month of more legs than one statement may group is cut
// into days (the days' grain allows it), and the rows kept are exactly the legs' grouping, with
// the rows around the rebuilt range untouched (aggregate-levels.ts).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkLevel,
  type Level,
  rebuildLevel,
} from '../../../../../src-main/services/local-ledger/store/aggregate-levels.ts';
import { rebuildAggregates } from '../../../../../src-main/services/local-ledger/store/kept-aggregates.ts';
import { LedgerStore } from '../../../../../src-main/services/local-ledger/store/ledger-store.ts';
import { DAYS, dayStart } from '../../../../../src-main/services/local-ledger/store/leg-days.ts';
import { MONTHS } from '../../../../../src-main/services/local-ledger/store/leg-months.ts';
import { appendLegs } from '../../../../../src-main/services/local-ledger/store/leg-rows.ts';
import type { TransferLeg } from '../../../../../src-shared/contract/transfers.ts';

const PARTY = 'desk::1';
let dir: string;
let store: LedgerStore;

/** 40 legs over 10 days of one month, 4 a day, two counterparties, and one in the next month. */
const LEGS: TransferLeg[] = Array.from({ length: 41 }, (_, k) => ({
  updateId: `u-${k}`,
  effectiveAt:
    k === 40 ? '2025-04-02T08:00:00Z' : `2025-03-${String(10 + Math.floor(k / 4)).padStart(2, '0')}T0${k % 4}:30:00Z`,
  instrumentAdmin: 'admin::1',
  instrumentId: 'INST',
  symbol: 'INS',
  decimals: 2,
  amount: `${k}.25`,
  senderParty: PARTY,
  receiverParty: k % 2 ? 'bob::1' : 'carol::1',
  counterparty: k % 2 ? 'bob::1' : 'carol::1',
  isIncoming: k % 3 === 0,
  status: 'completed',
}));

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'aggregate-levels-'));
  store = await LedgerStore.open(join(dir, 's.duckdb'));
  await store.write(async (c) => {
    await appendLegs(c, 0n, PARTY, LEGS, 1n);
    await rebuildAggregates(c, PARTY, null, null);
  });
});
afterAll(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

const rows = (table: string) =>
  store.read(async (c) => (await c.runAndReadAll(`SELECT * FROM ${table} ORDER BY ALL`)).getRows().map(String));

describe('a level rebuilt a piece at a time', () => {
  it('cuts a month of more rows than a statement groups into days, and keeps exactly the legs’ grouping', async () => {
    const whole = await rows('leg_days');
    expect(whole.length).toBeGreaterThan(10);
    // At most 6 legs a statement: the month of 40 is cut into days (4 legs each), grouped 1 day at a time.
    const small: Level = { ...DAYS, source: { ...DAYS.source, rows: 6 } };
    await store.write((c) => rebuildLevel(c, small, PARTY, null, null));
    expect(await rows('leg_days')).toEqual(whole);
    expect(await store.read((c) => checkLevel(c, DAYS, PARTY))).toEqual({ differing: 0, examples: [] });
    expect(await store.read((c) => checkLevel(c, MONTHS, PARTY))).toEqual({ differing: 0, examples: [] });
  });

  it('rebuilds only the days of its range: a row outside it, made wrong, stays wrong and is named', async () => {
    await store.write((c) => c.run("UPDATE leg_days SET legs = legs + 1 WHERE day = '2025-03-10'"));
    const march15 = dayStart(BigInt(Date.parse('2025-03-15T00:00:00Z')) * 1000n);
    await store.write((c) => rebuildLevel(c, DAYS, PARTY, march15, march15 + 86_400_000_000n));
    const check = await store.read((c) => checkLevel(c, DAYS, PARTY));
    expect(check.differing).toBe(8); // the four grains of 2025-03-10, each as kept (wrong) and as fresh
    expect(new Set(check.examples.map((e) => e.day))).toEqual(new Set(['2025-03-10']));
    await store.write((c) => rebuildLevel(c, DAYS, PARTY, null, null));
    expect(await store.read((c) => checkLevel(c, DAYS, PARTY))).toEqual({ differing: 0, examples: [] });
  });
});
