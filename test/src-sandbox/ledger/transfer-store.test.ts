// The busy-party option and appended transfers of the generated ledger (benchmarks and sync tests).
import { describe, expect, it } from 'vitest';
import { amountOf, updateIdOf } from '../../../src-sandbox/ledger/leg-values.ts';
import {
  appendTransfers,
  BUSY_PARTY,
  generateTransfers,
  HISTORY_END_MICROS,
} from '../../../src-sandbox/ledger/transfer-store.ts';

const sample = (s: ReturnType<typeof generateTransfers>) =>
  [0, 1, 777, s.count - 1].map((i) => [updateIdOf(s, i), amountOf(s, i), s.time[i], s.sender[i], s.receiver[i]]);

describe('busy party', () => {
  it('puts the first party in every transfer, so it has one leg per transfer', () => {
    const store = generateTransfers(9, 30_000, { busyParty: true });
    expect(BUSY_PARTY).toBe(0);
    expect(store.legCount[BUSY_PARTY]).toBe(30_000);
    for (let i = 0; i < store.count; i++) {
      expect(store.sender[i] === BUSY_PARTY || store.receiver[i] === BUSY_PARTY).toBe(true);
      expect(store.sender[i]).not.toBe(store.receiver[i]);
    }
    // It sends and receives, with many counterparties, and the history still ends where it always does.
    const sent = Array.from(store.sender.subarray(0, store.count)).filter((p) => p === BUSY_PARTY).length;
    expect(sent / store.count).toBeGreaterThan(0.4);
    expect(sent / store.count).toBeLessThan(0.6);
    const others = new Set(Array.from(store.receiver.subarray(0, store.count)).filter((p) => p !== BUSY_PARTY));
    expect(others.size).toBeGreaterThan(40);
    expect(store.time[store.count - 1]).toBe(HISTORY_END_MICROS);
  });

  it('is the same ledger for the same seed, and leaves the ordinary ledger unchanged', () => {
    expect(sample(generateTransfers(9, 5_000, { busyParty: true }))).toEqual(
      sample(generateTransfers(9, 5_000, { busyParty: true })),
    );
    const plain = generateTransfers(9, 5_000);
    expect(sample(plain)).toEqual(sample(generateTransfers(9, 5_000, { busyParty: false })));
    expect(sample(plain)).not.toEqual(sample(generateTransfers(9, 5_000, { busyParty: true })));
  });
});

describe('appended transfers', () => {
  it('come after the newest, a gap apart, and join each party’s legs in order', () => {
    const store = generateTransfers(4, 10_000, { busyParty: true });
    const newest = store.time[store.count - 1];
    appendTransfers(store, 250, 0, 1_000_000);
    expect(store.count).toBe(10_250);
    expect(store.legCount[BUSY_PARTY]).toBe(10_250);
    for (let i = 10_000; i < store.count; i++) expect(store.time[i]).toBe(newest + (i - 9_999) * 1_000_000);
    for (let p = 0; p < store.parties.ids.length; p++) {
      const legs = store.legsOf[p].subarray(0, store.legCount[p]);
      for (let k = 1; k < legs.length; k++) expect(legs[k]).toBeGreaterThan(legs[k - 1]);
    }
  });

  it('are deterministic from the seed and the count so far', () => {
    const a = generateTransfers(4, 3_000);
    const b = generateTransfers(4, 3_000);
    appendTransfers(a, 100, 0, 1_000_000);
    appendTransfers(b, 100, 0, 1_000_000);
    expect(sample(a)).toEqual(sample(b));
    appendTransfers(a, 10, 0, 1_000_000);
    expect(sample(a)).not.toEqual(sample(b));
  });
});
