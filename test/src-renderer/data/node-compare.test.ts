// What the Local ledger knows of a lagging node (issue 37, item 8): a node a comparison lists as
// missing legs another node has, with how many (a full count only when every difference is listed)
// and which nodes have them; a node missing nothing is not behind.
import { describe, expect, it } from 'vitest';
import { laggingNodes } from '../../../src-renderer/data/node-compare.ts';
import type { NodeCompareDifference, NodeComparison } from '../../../src-shared/contract/node-compare.ts';
import type { TransferLeg } from '../../../src-shared/contract/transfers.ts';

const leg = (updateId: string) => ({ updateId }) as TransferLeg;
const difference = (id: string, presentOn: string[], missingOn: string[]): NodeCompareDifference => ({
  leg: leg(id),
  presentOn,
  missingOn,
});

function comparison(differences: NodeCompareDifference[], differenceCount = differences.length): NodeComparison {
  return {
    profileId: 'sandbox',
    filters: {
      party: 'a::1220',
      asset: { kind: 'ledgerCoin' },
      effectiveAfter: null,
      effectiveBefore: null,
      orderDesc: true,
      pageSize: 50,
      nodeId: null,
    },
    ranAt: '2026-10-30T12:00:00Z',
    nodes: [],
    differences,
    differenceCount,
    legCap: 20_000,
  };
}

describe('laggingNodes', () => {
  it('names the node missing legs, how many, and the nodes that have them', () => {
    const lags = laggingNodes(
      comparison([
        difference('u1', ['validator-1'], ['validator-2']),
        difference('u2', ['validator-1', 'validator-4'], ['validator-2']),
      ]),
    );
    expect([...lags.keys()]).toEqual(['validator-2']);
    expect(lags.get('validator-2')).toEqual({ missing: 2, exact: true, presentOn: ['validator-1', 'validator-4'] });
  });

  it('says the count is a floor when only the oldest differences were sent', () => {
    const lags = laggingNodes(comparison([difference('u1', ['validator-1'], ['validator-2'])], 900));
    expect(lags.get('validator-2')).toMatchObject({ missing: 1, exact: false });
  });

  it('finds no node behind when the nodes agree', () => {
    expect(laggingNodes(comparison([])).size).toBe(0);
  });
});
