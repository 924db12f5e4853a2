// The comparison of legs across nodes: all 12 fields, legs as a multiset, the cap's window.
import { describe, expect, it } from 'vitest';
import { diffLegs, newestEffectiveAt, withinCommonWindow } from '../../../../src-main/services/ledger/leg-diff.ts';
import { TRANSFER_LEG_FIELDS, type TransferLeg } from '../../../../src-shared/contract/transfers.ts';

const leg = (over: Partial<TransferLeg> = {}): TransferLeg => ({
  updateId: '1220ab::update-1',
  effectiveAt: '2026-10-30T12:00:00.123456Z',
  instrumentAdmin: 'dso::1220aa',
  instrumentId: 'Amulet',
  symbol: 'CC',
  decimals: 10,
  amount: '12.5000000001',
  senderParty: 'alice::1220aa',
  receiverParty: 'bob::1220bb',
  counterparty: 'bob::1220bb',
  isIncoming: false,
  status: 'completed',
  ...over,
});

/** A value that differs from the base leg's in each field (null where the field was set, and the reverse). */
const changed: { [K in keyof TransferLeg]: TransferLeg[K] } = {
  updateId: '1220ab::update-2',
  effectiveAt: '2026-10-30T12:00:00.123457Z',
  instrumentAdmin: 'other::1220aa',
  instrumentId: 'USDx',
  symbol: null,
  decimals: 6,
  amount: '12.50000000010',
  senderParty: null,
  receiverParty: 'carol::1220cc',
  counterparty: 'carol::1220cc',
  isIncoming: true,
  status: 'pending',
};

describe('diffLegs', () => {
  it.each(TRANSFER_LEG_FIELDS)('a leg differing only in %s counts on both sides', (field) => {
    const other = leg({ [field]: changed[field] });
    const result = diffLegs(
      [
        { nodeId: 'a', legs: [leg(), leg({ updateId: 'same' })] },
        { nodeId: 'b', legs: [other, leg({ updateId: 'same' })] },
      ],
      10,
    );
    expect(result.count).toBe(2);
    expect(result.differences.map((d) => [d.leg[field], d.presentOn, d.missingOn])).toEqual(
      expect.arrayContaining([
        [leg()[field], ['a'], ['b']],
        [changed[field], ['b'], ['a']],
      ]),
    );
  });

  it('counts a leg listed twice on one node and once on another', () => {
    const result = diffLegs(
      [
        { nodeId: 'a', legs: [leg(), leg()] },
        { nodeId: 'b', legs: [leg()] },
        { nodeId: 'c', legs: [leg(), leg()] },
      ],
      10,
    );
    expect(result.differences).toEqual([{ leg: leg(), presentOn: ['a', 'c'], missingOn: ['b'] }]);
  });

  it('keeps the oldest differences up to the cap and the full count', () => {
    const legs = [3, 1, 2].map((day) => leg({ updateId: `u${day}`, effectiveAt: `2026-10-0${day}T00:00:00Z` }));
    const result = diffLegs(
      [
        { nodeId: 'a', legs },
        { nodeId: 'b', legs: [] },
      ],
      2,
    );
    expect(result.count).toBe(3);
    expect(result.differences.map((d) => d.leg.updateId)).toEqual(['u1', 'u2']);
  });

  it('has nothing to compare with a single node', () => {
    expect(diffLegs([{ nodeId: 'a', legs: [leg()] }], 10)).toEqual({ differences: [], count: 0 });
  });
});

describe('withinCommonWindow and newestEffectiveAt', () => {
  const at = (day: number) =>
    leg({ updateId: `u${day}`, effectiveAt: `2026-10-${String(day).padStart(2, '0')}T00:00:00Z` });

  it('drops what lies past the cut of a node read newest first', () => {
    const nodes = [
      { nodeId: 'a', legs: [at(9), at(8), at(7)] },
      { nodeId: 'b', legs: [at(9), at(5), at(4)] },
    ];
    const kept = withinCommonWindow(nodes, new Set(['a']), false);
    expect(kept.map((n) => n.legs.map((l) => l.updateId))).toEqual([['u9', 'u8'], ['u9']]);
  });

  it('drops what lies past the cut of a node read oldest first, and keeps all when none was cut', () => {
    const nodes = [
      { nodeId: 'a', legs: [at(1), at(2), at(3)] },
      { nodeId: 'b', legs: [at(1), at(5)] },
    ];
    expect(withinCommonWindow(nodes, new Set(['a']), true).map((n) => n.legs.length)).toEqual([2, 1]);
    expect(withinCommonWindow(nodes, new Set(), true)).toBe(nodes);
  });

  it('names the newest effectiveAt as written, whatever the order', () => {
    expect(newestEffectiveAt([at(3), at(12), at(7), leg({ effectiveAt: null })])).toBe('2026-10-12T00:00:00Z');
    expect(newestEffectiveAt([])).toBeNull();
  });
});
