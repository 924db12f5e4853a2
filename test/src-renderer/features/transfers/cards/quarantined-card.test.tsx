// 503 with the quarantined-node body (spec 2.5): which node, its network and why, and the other
// nodes the profile knows, one click away.
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { QuarantinedCard } from '../../../../../src-renderer/features/transfers/cards/quarantined-card.tsx';
import type { NodeChoices } from '../../../../../src-shared/contract/transfers.ts';
import { bridgeError } from '../../../../fixtures/fake-bridge.ts';
import { renderWithApp } from '../../../support/render-with-app.tsx';

const QUARANTINE = {
  error: 'node_quarantined',
  nodeId: 'node-a',
  status: 'quarantined',
  network: 'mainnet',
  detail: 'lagging 40 minutes behind the sequencer',
};

const facts = () =>
  Object.fromEntries(
    screen.getAllByRole('term').map((dt) => [dt.textContent, (dt.nextElementSibling as HTMLElement).textContent]),
  );

describe('QuarantinedCard', () => {
  it('names the node, its network, status and why, and offers the other known nodes', async () => {
    const onUseNode = vi.fn();
    const nodes: NodeChoices = {
      defaultNodeId: 'node-a',
      known: [
        { id: 'node-a', note: null },
        { id: 'node-b', note: 'backup' },
        { id: 'node-c', note: null },
        { id: 'node-d', note: 'quarantined' },
      ],
    };
    const { user } = renderWithApp(
      <QuarantinedCard
        error={bridgeError('node_quarantined', 'quarantined', { quarantine: QUARANTINE })}
        nodes={nodes}
        onUseNode={onUseNode}
      />,
    );

    expect(screen.getByRole('heading').textContent).toBe('Validator node node-a is quarantined');
    expect(facts()).toEqual({
      Network: 'mainnet',
      Status: 'quarantined',
      Detail: 'lagging 40 minutes behind the sequencer',
    });
    // Neither the quarantined node itself nor one noted as quarantined.
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Use node-b (backup)', 'Use node-c']);

    await user.click(screen.getByRole('button', { name: 'Use node-c' }));
    expect(onUseNode).toHaveBeenCalledExactlyOnceWith('node-c');
  });

  it('says when there is no other node, and shows dashes for what the body left out', () => {
    renderWithApp(
      <QuarantinedCard
        error={bridgeError('node_quarantined', 'quarantined', {
          quarantine: { error: 'node quarantined', nodeId: null, status: null, network: null, detail: null },
        })}
        nodes={undefined}
        onUseNode={() => {}}
      />,
    );

    expect(screen.getByRole('heading').textContent).toBe('Validator node (unnamed) is quarantined');
    expect(facts()).toEqual({ Network: '—', Status: '—', Detail: 'node quarantined' });
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText(/This profile knows no other node/)).toBeTruthy();
  });
});
