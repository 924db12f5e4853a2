import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { HistoryPanel } from '../../../../src-renderer/features/rpc/history-panel.tsx';
import type { RpcHistoryEntry, RpcHistoryView } from '../../../../src-shared/contract/rpc.ts';
import { createFakeBridge, failWith } from '../../../fixtures/fake-bridge.ts';
import { historyEntry } from '../../../fixtures/rpc-answers.ts';
import { renderWithApp } from '../../support/render-with-app.tsx';

const ENTRIES: RpcHistoryEntry[] = [
  historyEntry(3, {
    body: { jsonrpc: '2.0', id: 3, method: 'eth_getBalance', params: ['0x00', 'latest'] },
    summary: '"0xde0b6b3a7640000"',
  }),
  historyEntry(2, {
    chain: 'polygon',
    nodeType: 'archive',
    status: null,
    elapsedMs: 30_000,
    outcome: 'failed',
    summary: 'timeout: no answer in 30 s',
  }),
  historyEntry(1, { body: null, label: 'eth_sendRawTransaction', summary: '"0xabc"' }),
];

/** A history file in main: searched by words (any case), like main does. */
function historyBridge(entries = ENTRIES, problem: string | null = null) {
  let kept = [...entries];
  return createFakeBridge({
    rpc: {
      history: async (query): Promise<RpcHistoryView> => {
        const words = (query.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
        const matches = kept.filter((entry) =>
          words.every((word) => `${entry.label} ${entry.chain} ${entry.summary}`.toLowerCase().includes(word)),
        );
        return { entries: matches, total: kept.length, problem };
      },
      clearHistory: async () => {
        kept = [];
        return { entries: [], total: 0, problem: null };
      },
    },
  });
}

const items = () => within(screen.getByRole('list', { name: 'History entries' })).queryAllByRole('listitem');

describe('HistoryPanel', () => {
  it('lists the calls sent, newest first, with what came back', async () => {
    renderWithApp(<HistoryPanel onRerun={vi.fn()} />, { bridge: historyBridge() });

    expect((await screen.findByTestId('rpc-history-count')).textContent).toBe('3 calls');
    const [balance, failed, tooLarge] = items();
    expect(within(balance).getByRole('button').textContent).toMatch(
      /^eth_getBalance ethereum_fullHTTP 200 · 42 ms · .+"0xde0b6b3a7640000"$/,
    );
    expect(balance.querySelector('.rpc-list-meta')?.className).not.toContain('danger');
    expect(within(failed).getByRole('button').textContent).toContain('polygon_archive');
    expect(within(failed).getByRole('button').textContent).toContain('no answer · 30000 ms');
    expect(failed.querySelector('.rpc-list-meta')?.className).toContain('danger');
    expect(within(tooLarge).getByRole('button').textContent).toContain('eth_sendRawTransaction');
  });

  it('re-runs an entry on click, but not one too large to have been kept', async () => {
    const onRerun = vi.fn();
    const { user } = renderWithApp(<HistoryPanel onRerun={onRerun} />, { bridge: historyBridge() });
    await screen.findByText('3 calls');
    const [balance, , tooLarge] = items();

    await user.click(within(balance).getByRole('button'));
    expect(onRerun).toHaveBeenCalledExactlyOnceWith(ENTRIES[0]);

    const disabled = within(tooLarge).getByRole('button');
    expect(disabled).toHaveProperty('disabled', true);
    expect(disabled.getAttribute('title')).toBe('Too large to keep: it cannot be re-run from the history');
    expect(within(balance).getByRole('button').getAttribute('title')).toBe('Re-run this request');
  });

  it('asks main to search once typing pauses, and says how many of all the calls match', async () => {
    const { bridge, user } = renderWithApp(<HistoryPanel onRerun={vi.fn()} />, { bridge: historyBridge() });
    await screen.findByText('3 calls');

    await user.type(screen.getByRole('searchbox', { name: 'Search the history' }), '  POLYGON ');

    expect(await screen.findByText('1 of 3 calls match')).toBeTruthy();
    expect(items()).toHaveLength(1);
    expect(items()[0].textContent).toContain('polygon_archive');
    // A search for the finished words, trimmed; not one per key (a stalled machine may let one
    // pause in the middle of the typing through, hence "at most").
    expect(bridge.rpc.history).toHaveBeenLastCalledWith({ search: 'POLYGON', limit: 100 });
    const searches = bridge.rpc.history.mock.calls.map(([query]) => query.search);
    expect(searches[0]).toBe('');
    expect(searches.length).toBeLessThanOrEqual(3);
  });

  it('says "1 call" for one', async () => {
    renderWithApp(<HistoryPanel onRerun={vi.fn()} />, { bridge: historyBridge([ENTRIES[0]]) });

    expect((await screen.findByTestId('rpc-history-count')).textContent).toBe('1 call');
  });

  it('says when main had to set the history file aside', async () => {
    const problem = 'The history file was not readable; it was renamed history.jsonl.corrupt-1 and a new one started.';
    renderWithApp(<HistoryPanel onRerun={vi.fn()} />, { bridge: historyBridge([], problem) });

    expect((await screen.findByRole('status')).textContent).toBe(problem);
    expect(screen.getByTestId('rpc-history-count').textContent).toBe('0 calls');
    expect(screen.queryByRole('button', { name: 'Clear history…' })).toBeNull();
  });

  it('shows main’s error when the history cannot be read', async () => {
    const bridge = createFakeBridge();
    failWith(bridge.rpc.history, 'internal', 'EACCES: permission denied');
    renderWithApp(<HistoryPanel onRerun={vi.fn()} />, { bridge });

    expect((await screen.findByRole('alert')).textContent).toBe(
      'The history could not be read. [internal] EACCES: permission denied',
    );
  });

  it('clears the history only after a second, explicit click', async () => {
    const { bridge, user } = renderWithApp(<HistoryPanel onRerun={vi.fn()} />, { bridge: historyBridge() });
    await screen.findByText('3 calls');

    await user.click(screen.getByRole('button', { name: 'Clear history…' }));
    await user.click(screen.getByRole('button', { name: 'Keep' }));
    expect(bridge.rpc.clearHistory).not.toHaveBeenCalled();
    expect(items()).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Clear history…' }));
    await user.click(screen.getByRole('button', { name: 'Clear all 3 calls' }));

    expect(await screen.findByText('0 calls')).toBeTruthy();
    expect(bridge.rpc.clearHistory).toHaveBeenCalledOnce();
    expect(items()).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /Clear/ })).toBeNull();
  });

  it('keeps the list and shows the error when clearing fails', async () => {
    const bridge = historyBridge();
    failWith(bridge.rpc.clearHistory, 'internal', 'ENOSPC: no space left on device');
    const { user } = renderWithApp(<HistoryPanel onRerun={vi.fn()} />, { bridge });
    await screen.findByText('3 calls');

    await user.click(screen.getByRole('button', { name: 'Clear history…' }));
    await user.click(screen.getByRole('button', { name: 'Clear all 3 calls' }));

    expect((await screen.findByRole('alert')).textContent).toBe('[internal] ENOSPC: no space left on device');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Clear history…' })).toBeTruthy());
    expect(items()).toHaveLength(3);
  });
});
