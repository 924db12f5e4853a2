// The node comparison as a support agent sees it: the button runs the filters on screen on every
// node, the panel shows each node's state and the legs one node lacks, and it can be cancelled.
import { act, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { CompareNodesButton } from '../../../../../src-renderer/features/transfers/compare/compare-nodes-button.tsx';
import { useCompareOpen } from '../../../../../src-renderer/features/transfers/compare/compare-open.ts';
import { NodeComparePanel } from '../../../../../src-renderer/features/transfers/compare/node-compare-panel.tsx';
import { useUiStore } from '../../../../../src-renderer/ui-store.ts';
import type { NodeComparison } from '../../../../../src-shared/contract/node-compare.ts';
import type { TransferFilters } from '../../../../../src-shared/contract/transfers.ts';
import { bridgeError, createFakeBridge, failWith } from '../../../../fixtures/fake-bridge.ts';
import { ALICE, BOB } from '../../../../fixtures/transfer-legs.ts';
import { renderWithApp } from '../../../support/render-with-app.tsx';

const FILTERS: TransferFilters = {
  party: ALICE,
  asset: { kind: 'all' },
  effectiveAfter: null,
  effectiveBefore: null,
  orderDesc: true,
  pageSize: 25,
  nodeId: 'validator-2',
};

const LEG = {
  updateId: '1220ff::update-42',
  effectiveAt: '2026-10-31T23:59:59.123456Z',
  instrumentAdmin: BOB,
  instrumentId: 'Amulet',
  symbol: 'CC',
  decimals: 10,
  amount: '123456789012345678.0000000001',
  senderParty: ALICE,
  receiverParty: BOB,
  counterparty: BOB,
  isIncoming: false,
  status: 'completed',
};

const RESULT: NodeComparison = {
  profileId: 'sandbox',
  filters: { ...FILTERS, nodeId: null },
  ranAt: '2026-11-24T10:00:00.000Z',
  nodes: [
    {
      nodeId: 'validator-1',
      state: 'reachable',
      detail: null,
      legs: 1201,
      truncated: false,
      newestEffectiveAt: LEG.effectiveAt,
      elapsedMs: 420,
    },
    {
      nodeId: 'validator-2',
      state: 'reachable',
      detail: null,
      legs: 1200,
      truncated: false,
      newestEffectiveAt: '2026-10-29T08:00:00Z',
      elapsedMs: 390,
    },
    {
      nodeId: 'validator-3',
      state: 'quarantined',
      detail: 'failed its ledger-integrity check',
      legs: null,
      truncated: false,
      newestEffectiveAt: null,
      elapsedMs: 12,
    },
  ],
  differences: [{ leg: LEG, presentOn: ['validator-1'], missingOn: ['validator-2'] }],
  differenceCount: 1,
  legCap: 20_000,
};

function renderBoth(bridge = createFakeBridge({ transfers: { compareNodes: async () => RESULT } })) {
  return renderWithApp(
    <>
      <CompareNodesButton profileId="sandbox" filters={FILTERS} />
      <NodeComparePanel profileId="sandbox" filters={FILTERS} />
    </>,
    { bridge },
  );
}

beforeEach(() => {
  useCompareOpen.setState({ open: false });
});

describe('node comparison', () => {
  it('runs the filters on screen on every node and shows states, legs and the missing leg', async () => {
    const { bridge, user } = renderBoth();
    await user.click(screen.getByRole('button', { name: 'Compare nodes' }));

    expect(bridge.transfers.compareNodes).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({ profileId: 'sandbox', filters: FILTERS }),
    );
    await screen.findByText(/validator-2 lacks 1 leg that validator-1 has\./);
    expect(screen.getByRole('status').textContent).toContain('Not compared: validator-3 quarantined.');

    const nodes = within(screen.getByRole('table', { name: 'Validator nodes' }));
    const quarantined = nodes.getByRole('row', { name: /validator-3/ });
    expect(quarantined.textContent).toContain('Quarantined');
    expect(quarantined.textContent).toContain('failed its ledger-integrity check');
    expect(nodes.getByRole('row', { name: /validator-1/ }).textContent).toContain('1,201');

    const diff = within(screen.getByRole('table', { name: 'Legs not on every node' }));
    const row = diff.getAllByRole('row')[1];
    expect(row.textContent).toContain('1220ff::update-42');
    // Exact, never rounded, grouped like every amount in a table (ui/amount-cell.tsx).
    expect(row.textContent).toContain('123,456,789,012,345,678.0000000001 CC');
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    const header = diff.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(cells[header.indexOf('Missing on')]).toBe('validator-2');
    expect(cells[header.indexOf('Present on')]).toBe('validator-1');
  });

  it('says when a node stopped at the cap and when only the oldest differences are listed', async () => {
    const capped: NodeComparison = {
      ...RESULT,
      nodes: [{ ...RESULT.nodes[0], legs: 20_000, truncated: true }, RESULT.nodes[1]],
      differenceCount: 1234,
    };
    const { user } = renderBoth(createFakeBridge({ transfers: { compareNodes: async () => capped } }));
    await user.click(screen.getByRole('button', { name: 'Compare nodes' }));
    await screen.findByText('20,000 (stopped at the cap of 20,000)');
    screen.getByRole('heading', { name: /the oldest 1 of 1,234/ });
    // Only part of the differences listed: no claim about which node lacks what.
    expect(screen.getByRole('status').textContent).toMatch(/^1,234 legs differ between validator-1, validator-2\./);
  });

  it('cancels a comparison on its way and says nothing was compared', async () => {
    let reject: (error: unknown) => void = () => {};
    const bridge = createFakeBridge({
      transfers: { compareNodes: () => new Promise<NodeComparison>((_, no) => (reject = no)) },
    });
    bridge.app.cancel.mockImplementation(async () => {
      reject(bridgeError('cancelled', 'Node comparison cancelled'));
      return true;
    });
    const { user } = renderBoth(bridge);
    await user.click(screen.getByRole('button', { name: 'Compare nodes' }));
    expect((screen.getByRole('button', { name: 'Comparing nodes…' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Cancel comparison' }));

    const requestId = bridge.transfers.compareNodes.mock.calls[0][0].requestId;
    expect(bridge.app.cancel).toHaveBeenCalledWith(requestId);
    await screen.findByText('Comparison cancelled; nothing was compared.');
    expect((screen.getByRole('button', { name: 'Compare nodes' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('cancels the comparison on its way when one starts for new filters, and when the panel goes', async () => {
    const bridge = createFakeBridge({ transfers: { compareNodes: () => new Promise<NodeComparison>(() => {}) } });
    const { user, rerender, unmount } = renderBoth(bridge);
    await user.click(screen.getByRole('button', { name: 'Compare nodes' }));
    const first = bridge.transfers.compareNodes.mock.calls[0][0].requestId;
    expect(bridge.app.cancel).not.toHaveBeenCalled();

    const other = { ...FILTERS, party: BOB };
    rerender(
      <>
        <CompareNodesButton profileId="sandbox" filters={other} />
        <NodeComparePanel profileId="sandbox" filters={other} />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Compare nodes' }));
    const second = bridge.transfers.compareNodes.mock.calls[1][0].requestId;
    expect(bridge.app.cancel.mock.calls).toEqual([[first]]);

    unmount();
    expect(bridge.app.cancel.mock.calls).toEqual([[first], [second]]);
  });

  it('shows the reason when the comparison cannot run at all', async () => {
    const bridge = createFakeBridge();
    failWith(bridge.transfers.compareNodes, 'unauthorized', 'No ledger JWT saved for this profile');
    const { user } = renderBoth(bridge);
    await user.click(screen.getByRole('button', { name: 'Compare nodes' }));
    expect((await screen.findByRole('alert')).textContent).toContain('No ledger JWT saved for this profile');
  });

  it('runs when the palette or the menu asks for it', async () => {
    const { bridge } = renderBoth();
    act(() => useUiStore.getState().requestAction('transfers:compare-nodes'));
    await screen.findByText(/validator-2 lacks 1 leg/);
    expect(bridge.transfers.compareNodes).toHaveBeenCalledOnce();
  });
});
