// Settings' local stores: what each profile keeps on this computer, and "Forget local data" per
// party or per profile, asked first; the list shows what main answers after the deletion.
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LocalStoresPanel } from '../../../../src-renderer/features/settings/local-stores-panel.tsx';
import type { LocalStoreInfo } from '../../../../src-shared/contract/local-ledger.ts';
import { createFakeBridge, failWith } from '../../../fixtures/fake-bridge.ts';
import { ALICE, BOB } from '../../../fixtures/transfer-legs.ts';
import { renderWithApp } from '../../support/render-with-app.tsx';

const STORE: LocalStoreInfo = {
  profileId: 'sandbox',
  profileName: 'Local sandbox network',
  path: '/home/me/.config/ledger-explorer/local-ledger/sandbox.duckdb',
  sizeBytes: 3 * 1024 * 1024,
  parties: [
    { party: ALICE, legs: 12_345, lastSyncAt: '2026-11-03T14:00:00.000Z', nodeId: 'node-1' },
    { party: BOB, legs: 7, lastSyncAt: null, nodeId: null },
  ],
};

describe('LocalStoresPanel', () => {
  it('lists each store: profile, size, file, and per party its legs, last sync and node', async () => {
    renderWithApp(<LocalStoresPanel />, { bridge: createFakeBridge({ local: { stores: async () => [STORE] } }) });
    const store = within(await screen.findByTestId('local-store-sandbox'));

    expect(store.getByRole('heading').textContent).toBe('Local sandbox network · 3.0 MiB on disk');
    expect(store.getByText(STORE.path)).toBeTruthy();
    const rows = store.getAllByRole('row').slice(1);
    expect(rows.map((r) => Array.from(r.querySelectorAll('td'), (td) => td.textContent).slice(0, 4))).toEqual([
      ['alice::1220aa…aaaa', '12,345', '2026-11-03T14:00:00.000Z', 'node-1'],
      ['bob::1220bb…bbbb', '7', 'not finished', 'default'],
    ]);
  });

  it('forgets one party only after the confirmation, and shows the list main answers', async () => {
    const bridge = createFakeBridge({
      local: { stores: async () => [STORE], forget: async () => [{ ...STORE, parties: [STORE.parties[1]] }] },
    });
    const { user } = renderWithApp(<LocalStoresPanel />, { bridge });
    const store = within(await screen.findByTestId('local-store-sandbox'));

    await user.click(store.getAllByRole('button', { name: 'Forget local data' })[0]);
    const dialog = within(screen.getByRole('alertdialog', { name: 'Forget local data' }));
    expect(dialog.getByText(/Delete the legs of alice::1220aa…aaaa from this computer\?/)).toBeTruthy();
    expect(bridge.local.forget).not.toHaveBeenCalled();
    await user.click(dialog.getByRole('button', { name: 'Forget' }));

    expect(bridge.local.forget).toHaveBeenCalledExactlyOnceWith({ profileId: 'sandbox', party: ALICE });
    expect(await screen.findByText('bob::1220bb…bbbb')).toBeTruthy();
    expect(screen.queryByText('alice::1220aa…aaaa')).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('"Keep" leaves everything as it was; a whole profile is forgotten with party null', async () => {
    const bridge = createFakeBridge({ local: { stores: async () => [STORE], forget: async () => [] } });
    const { user } = renderWithApp(<LocalStoresPanel />, { bridge });
    await screen.findByTestId('local-store-sandbox');

    await user.click(screen.getByRole('button', { name: 'Forget all local data of Local sandbox network' }));
    await user.click(screen.getByRole('button', { name: 'Keep' }));
    expect(bridge.local.forget).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Forget all local data of Local sandbox network' }));
    await user.click(screen.getByRole('button', { name: 'Forget' }));
    expect(bridge.local.forget).toHaveBeenCalledExactlyOnceWith({ profileId: 'sandbox', party: null });
    expect(await screen.findByText('Nothing is stored locally.')).toBeTruthy();
  });

  it('says what it is doing while main forgets (the button only greyed for 5-10 s), then closes', async () => {
    let finish: (stores: LocalStoreInfo[]) => void = () => {};
    const bridge = createFakeBridge({
      local: { stores: async () => [STORE], forget: () => new Promise((resolve) => (finish = resolve)) },
    });
    const { user } = renderWithApp(<LocalStoresPanel />, { bridge });
    await user.click((await screen.findAllByRole('button', { name: 'Forget local data' }))[0]);
    await user.click(screen.getByRole('button', { name: 'Forget' }));

    const dialog = within(screen.getByRole('alertdialog', { name: 'Forget local data' }));
    expect(dialog.getByRole('status').textContent).toBe(
      'Forgetting the legs of alice::1220aa…aaaa: the store is written again without them, so none of their bytes stay on this computer. A large store takes a few seconds.',
    );
    expect(dialog.getByRole('button', { name: 'Forgetting…' })).toHaveProperty('disabled', true);
    // Keep would not stop it: it waits too.
    expect(dialog.getByRole('button', { name: 'Keep' })).toHaveProperty('disabled', true);

    finish([{ ...STORE, parties: [STORE.parties[1]] }]);
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Forget all local data of Local sandbox network' }));
    await user.click(screen.getByRole('button', { name: 'Forget' }));
    expect(within(screen.getByRole('alertdialog')).getByRole('status').textContent).toBe(
      'Forgetting every party of Local sandbox network: deleting its files.',
    );
    finish([]);
    expect(await screen.findByText('Nothing is stored locally.')).toBeTruthy();
  });

  it("keeps the confirmation open with main's error when the files cannot be deleted", async () => {
    const bridge = createFakeBridge({ local: { stores: async () => [STORE] } });
    failWith(bridge.local.forget, 'local_store', 'The store file is busy');
    const { user } = renderWithApp(<LocalStoresPanel />, { bridge });
    await user.click((await screen.findAllByRole('button', { name: 'Forget local data' }))[1]);
    await user.click(screen.getByRole('button', { name: 'Forget' }));

    const dialog = within(screen.getByRole('alertdialog'));
    expect((await dialog.findByRole('alert')).textContent).toBe(
      'The local data could not be deleted. [local_store] The store file is busy',
    );
  });
});
