// Side by side over the fake bridge: the second target (following the console, then chosen), both
// calls sent at once, the differences listed, marked and stepped through by keyboard, a failed side
// next to a working one, and the run cancelled.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ComparePanel } from '../../../../../src-renderer/features/rpc/compare/compare-panel.tsx';
import { chainProblem } from '../../../../../src-renderer/features/rpc/compare/compare-target.tsx';
import type { RpcBody, RpcCallRequest } from '../../../../../src-shared/contract/rpc.ts';
import { rpcConsole } from '../../../../bad-input/cases/rpc-console.ts';
import { bridgeError, createFakeBridge } from '../../../../fixtures/fake-bridge.ts';
import { rpcResult } from '../../../../fixtures/rpc-answers.ts';
import { renderWithApp } from '../../../support/render-with-app.tsx';

const BALANCE: RpcBody = { jsonrpc: '2.0', id: 5, method: 'eth_getBalance', params: ['0xab', '0x1'] };
const REQUEST = { profileId: 'sandbox', chain: 'polygon', nodeType: 'full' as const, body: BALANCE };

/** A sandbox where the full node has pruned the old state and the archive node has it. */
function prunedFull(request: RpcCallRequest) {
  const id = (request.body as { id: number }).id;
  return request.nodeType === 'full'
    ? rpcResult({ jsonrpc: '2.0', id, error: { code: -32000, message: 'missing trie node' } }, { elapsedMs: 3.25 })
    : rpcResult({ jsonrpc: '2.0', id, result: '0x21e19e0c9bab2400000' }, { elapsedMs: 8.5, sizeBytes: 62 });
}

function renderPanel(call: (request: RpcCallRequest) => Promise<ReturnType<typeof rpcResult>>, request = REQUEST) {
  const bridge = createFakeBridge({ rpc: { call } });
  const rendered = renderWithApp(<ComparePanel request={request} timeoutSeconds={12} />, { bridge });
  const panel = screen.getByRole('region', { name: 'Side by side' });
  return { ...rendered, panel };
}

async function openAndCompare(user: ReturnType<typeof renderPanel>['user'], panel: HTMLElement) {
  await user.click(within(panel).getByRole('button', { name: /Side by side/ }));
  await user.click(await within(panel).findByRole('button', { name: 'Compare' }));
}

const column = (name: 'A' | 'B') => screen.getByRole('region', { name: `Answer ${name}` });
const row = (scope: HTMLElement, path: string) => scope.querySelector<HTMLElement>(`.json-row[data-path="${path}"]`);

describe('ComparePanel', () => {
  beforeEach(() => {
    // The columns' trees are virtual: give them a viewport (happy-dom lays nothing out).
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  });

  it('full vs archive by default: both calls at once, the differences listed and marked in each column', async () => {
    const { user, panel, bridge } = renderPanel(async (request) => prunedFull(request));
    await user.click(within(panel).getByRole('button', { name: /Side by side/ }));

    // B follows the console's target with the other node type.
    expect((within(panel).getByLabelText('Chain (B)') as HTMLInputElement).value).toBe('polygon');
    expect((within(panel).getByLabelText('Node type (B)') as HTMLSelectElement).value).toBe('archive');
    await user.click(within(panel).getByRole('button', { name: 'Compare' }));

    expect(await within(panel).findByTestId('rpc-compare-summary')).toHaveProperty(
      'textContent',
      '2 differences · ↑/↓ or j/k to move through them',
    );
    const sent = bridge.rpc.call.mock.calls.map(([r]) => [r.chain, r.nodeType, r.body, r.timeoutSeconds]);
    expect(sent).toEqual([
      ['polygon', 'full', BALANCE, 12],
      ['polygon', 'archive', BALANCE, 12],
    ]);
    expect(new Set(bridge.rpc.call.mock.calls.map(([r]) => r.requestId)).size).toBe(2);

    // Each column: where it went, time and size from main, what differs marked (the id is not).
    expect(within(column('A')).getByRole('heading').textContent).toBe('A: polygon_full (Local sandbox network)');
    expect(within(column('A')).getByTestId('rpc-compare-elapsed').textContent).toBe('3.3 ms');
    expect(within(column('B')).getByTestId('rpc-compare-elapsed').textContent).toBe('8.5 ms');
    expect(within(column('B')).getByTestId('rpc-compare-size').textContent).toBe('62 B');
    expect(within(column('A')).getByTestId('rpc-compare-rpc-error').textContent).toBe(
      'JSON-RPC error -32000: missing trie node',
    );
    expect(row(column('A'), '/error')?.dataset.diff).toBe('removed');
    expect(row(column('B'), '/result')?.dataset.diff).toBe('added');
    expect(row(column('B'), '/id')?.dataset.diff).toBeUndefined();

    const items = within(within(panel).getByRole('list', { name: 'Differences' })).getAllByRole('button');
    expect(items.map((b) => b.textContent)).toEqual(['error only in A', 'result only in B']);
  });

  it('steps through the differences by keyboard; the picked one is the current row in both columns', async () => {
    const { user, panel } = renderPanel(async (request) => prunedFull(request));
    await openAndCompare(user, panel);
    const list = await within(panel).findByRole('list', { name: 'Differences' });
    const [first, second] = within(list).getAllByRole('button');

    first.focus();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(first);
    expect(first.getAttribute('aria-current')).toBe('true');
    // "error" is only in A: A shows it as the current row, B its nearest container (the answer).
    await waitFor(() => expect(row(column('A'), '/error')?.dataset.current).toBe('true'));
    expect(row(column('B'), '')?.dataset.current).toBe('true');

    await user.keyboard('j');
    expect(document.activeElement).toBe(second);
    await waitFor(() => expect(row(column('B'), '/result')?.dataset.current).toBe('true'));
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(first);
  });

  it('a failed side shows its problem; the other still shows its answer', async () => {
    const { user, panel } = renderPanel(async (request) => {
      if (request.nodeType === 'archive')
        throw bridgeError('not_found', 'RPC polygon_archive: HTTP 404', { status: 404 });
      return prunedFull(request);
    });
    await openAndCompare(user, panel);

    expect((await within(panel).findByTestId('rpc-compare-summary')).textContent).toBe(
      'Nothing to compare: B did not answer',
    );
    expect(within(column('B')).getByRole('alert').textContent).toBe(
      'This side failed. [not_found] RPC polygon_archive: HTTP 404',
    );
    expect(within(column('B')).getByText('HTTP 404')).toBeTruthy();
    expect(row(column('A'), '/error')).not.toBeNull();
  });

  it('the same answer on both sides: no differences', async () => {
    const { user, panel } = renderPanel(async (request) =>
      rpcResult({ jsonrpc: '2.0', id: (request.body as { id: number }).id, result: '0x89' }),
    );
    await openAndCompare(user, panel);

    expect((await within(panel).findByTestId('rpc-compare-summary')).textContent).toBe(
      'No differences (the JSON-RPC id aside)',
    );
  });

  it('B on another chain and profile-wide choices; a bad chain name is refused at the field', async () => {
    const { user, panel, bridge } = renderPanel(async (request) => prunedFull(request));
    await user.click(within(panel).getByRole('button', { name: /Side by side/ }));
    const chain = within(panel).getByLabelText('Chain (B)') as HTMLInputElement;

    await user.clear(chain);
    await user.type(chain, 'eth mainnet');
    expect(within(panel).getByRole('alert').textContent).toBe(
      'Chain: a chain name is letters, digits, ".", "_" or "-"',
    );
    expect(chain.getAttribute('aria-invalid')).toBe('true');
    expect((within(panel).getByRole('button', { name: 'Compare' }) as HTMLButtonElement).disabled).toBe(true);

    await user.clear(chain);
    await user.type(chain, 'ethereum');
    await user.selectOptions(within(panel).getByLabelText('Node type (B)'), 'full');
    await user.click(within(panel).getByRole('button', { name: 'Compare' }));
    await within(panel).findByTestId('rpc-compare-summary');
    expect(bridge.rpc.call.mock.calls.map(([r]) => `${r.profileId}/${r.chain}_${r.nodeType}`)).toEqual([
      'sandbox/polygon_full',
      'sandbox/ethereum_full',
    ]);

    // Back to following the console.
    await user.click(within(panel).getByRole('button', { name: 'Follow the console (other node type)' }));
    expect(chain.value).toBe('polygon');
  });

  it('Cancel abandons both calls in flight', async () => {
    const { user, panel, bridge } = renderPanel(() => new Promise(() => {}));
    await openAndCompare(user, panel);
    expect(within(column('A')).getByRole('status').textContent).toBe('Waiting for polygon_full…');

    await user.click(within(panel).getByRole('button', { name: 'Cancel' }));
    const ids = bridge.rpc.call.mock.calls.map(([r]) => r.requestId);
    expect(bridge.app.cancel.mock.calls.map(([id]) => id)).toEqual(ids);
  });

  it('nothing to send while the request above is invalid', async () => {
    const bridge = createFakeBridge();
    const { user } = renderWithApp(<ComparePanel request={null} timeoutSeconds={30} />, { bridge });
    await user.click(screen.getByRole('button', { name: /Side by side/ }));

    expect(screen.getByText('Fix the request above first.')).toBeTruthy();
    expect(bridge.rpc.call).not.toHaveBeenCalled();
  });

  // Chain (B) refuses what the console's own Chain field refuses, with the same words (the rows
  // of the bad-input table for the console, docs/bad-input.md).
  it.each(rpcConsole.rows.filter((r) => r.field === 'Chain').map((r) => [r.input, r] as const))(
    'Chain (B) refuses %s',
    (_input, r) => {
      expect(chainProblem(String((r.value as { chain: unknown }).chain))).toMatch(r.message);
    },
  );
});
