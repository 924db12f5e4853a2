import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SavedPanel, type SaveTarget } from '../../../../src-renderer/features/rpc/saved-panel.tsx';
import type { SavedRequest } from '../../../../src-shared/contract/rpc.ts';
import { createFakeBridge, failWith, invalidArgument } from '../../../fixtures/fake-bridge.ts';
import { renderWithApp } from '../../support/render-with-app.tsx';

const CURRENT: SaveTarget = {
  chain: 'ethereum',
  nodeType: 'full',
  body: { jsonrpc: '2.0', id: 4, method: 'eth_getBalance', params: ['0x00', 'latest'] },
};

const BATCH: SavedRequest = {
  id: '00000000000000aa',
  name: 'Chain and head',
  chain: 'polygon',
  nodeType: 'archive',
  body: [
    { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] },
    { jsonrpc: '2.0', id: 2, method: 'eth_blockNumber', params: [] },
  ],
  savedAt: '2025-02-01T00:00:00.000Z',
};

function renderPanel(current: SaveTarget | null = CURRENT, bridge = createFakeBridge()) {
  const onLoad = vi.fn();
  const onRun = vi.fn();
  const rendered = renderWithApp(<SavedPanel current={current} onLoad={onLoad} onRun={onRun} />, { bridge });
  return { ...rendered, onLoad, onRun, nameInput: screen.getByRole('textbox', { name: 'Name for the request' }) };
}

const list = () => screen.getByRole('list', { name: 'Saved request list' });

describe('SavedPanel', () => {
  it('says there are none yet, and saves only with a name', async () => {
    const { bridge, user, nameInput } = renderPanel();

    expect(await screen.findByText('None yet.')).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save request' });
    expect(save).toHaveProperty('disabled', true);

    await user.type(nameInput, '   ');
    expect(save).toHaveProperty('disabled', true);
    await user.type(nameInput, '{Enter}');
    expect(bridge.rpc.saveRequest).not.toHaveBeenCalled();
  });

  it('saves the request in the editor under a trimmed name and lists it', async () => {
    const { bridge, user, nameInput } = renderPanel();
    await screen.findByText('None yet.');

    await user.type(nameInput, '  Zero balance ');
    await user.click(screen.getByRole('button', { name: 'Save request' }));

    expect(bridge.rpc.saveRequest).toHaveBeenCalledExactlyOnceWith({ name: 'Zero balance', ...CURRENT });
    const item = await within(list()).findByRole('listitem');
    expect(item.textContent).toContain('Zero balance eth_getBalance · ethereum_full');
    expect(nameInput).toHaveProperty('value', '');
    expect(screen.queryByText('None yet.')).toBeNull();
  });

  it('cannot save a request that is not valid', async () => {
    const { user, nameInput } = renderPanel(null);

    await user.type(nameInput, 'Broken');

    expect(screen.getByRole('button', { name: 'Save request' })).toHaveProperty('disabled', true);
    expect(screen.getByText('Fix the request above to save it.')).toBeTruthy();
  });

  it('runs, loads and deletes a saved request', async () => {
    const bridge = createFakeBridge({ rpc: { savedRequests: async () => [BATCH] } });
    bridge.rpc.deleteSaved.mockResolvedValue([]);
    const { user, onRun, onLoad } = renderPanel(CURRENT, bridge);

    const item = await within(list()).findByRole('listitem');
    expect(item.textContent).toContain('Chain and head batch (2) · polygon_archive');

    await user.click(within(item).getByRole('button', { name: 'Run Chain and head' }));
    expect(onRun).toHaveBeenCalledExactlyOnceWith(BATCH);
    expect(onLoad).not.toHaveBeenCalled();

    await user.click(within(item).getByRole('button', { name: 'Load Chain and head' }));
    expect(onLoad).toHaveBeenCalledExactlyOnceWith(BATCH);
    expect(onRun).toHaveBeenCalledOnce();

    await user.click(within(item).getByRole('button', { name: 'Delete Chain and head' }));
    expect(bridge.rpc.deleteSaved).toHaveBeenCalledExactlyOnceWith(BATCH.id);
    expect(await screen.findByText('None yet.')).toBeTruthy();
    expect(within(list()).queryAllByRole('listitem')).toHaveLength(0);
  });

  it("shows main's refusal and keeps the name typed", async () => {
    const bridge = createFakeBridge();
    bridge.rpc.saveRequest.mockRejectedValue(
      invalidArgument([{ path: [0, 'name'], message: 'a saved request with this name exists' }]),
    );
    const { user, nameInput } = renderPanel(CURRENT, bridge);

    await user.type(nameInput, 'Head{Enter}');

    expect((await screen.findByRole('alert')).textContent).toBe(
      '[invalid_argument] a saved request with this name exists',
    );
    expect(nameInput).toHaveProperty('value', 'Head');
  });

  it('says when the saved requests cannot be read', async () => {
    const bridge = createFakeBridge();
    failWith(bridge.rpc.savedRequests, 'settings', 'saved-requests.json is not valid JSON');
    renderPanel(CURRENT, bridge);

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Saved requests could not be read. [settings] saved-requests.json is not valid JSON',
    );
  });

  it('keeps the request listed and shows the error when deleting fails', async () => {
    const bridge = createFakeBridge({ rpc: { savedRequests: async () => [BATCH] } });
    failWith(bridge.rpc.deleteSaved, 'settings', 'EROFS: read-only file system');
    const { user } = renderPanel(CURRENT, bridge);

    await user.click(await screen.findByRole('button', { name: 'Delete Chain and head' }));

    expect((await screen.findByRole('alert')).textContent).toBe('[settings] EROFS: read-only file system');
    expect(within(list()).getAllByRole('listitem')).toHaveLength(1);
  });
});
