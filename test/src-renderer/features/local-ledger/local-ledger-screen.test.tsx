// The local ledger screen as a user drives it: choose a party (a bad typed id is refused at the
// field), sync it with progress to done (the provenance line then names the node and the count),
// and the other ends of a sync: failed with main's error, waiting for the service, cancelled.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { LocalLedgerScreen } from '../../../../src-renderer/features/local-ledger/local-ledger-screen.tsx';
import { useUiStore } from '../../../../src-renderer/ui-store.ts';
import type { LocalPartyStatus, SyncStatus } from '../../../../src-shared/contract/local-ledger.ts';
import { bridgeError, createFakeBridge, SAMPLE_PARTIES } from '../../../fixtures/fake-bridge.ts';
import { renderWithApp } from '../../support/render-with-app.tsx';

const PARTY = SAMPLE_PARTIES[0].party;

const job = (patch: Partial<SyncStatus> = {}): SyncStatus => ({
  jobId: '0123456789abcdef',
  profileId: 'sandbox',
  party: PARTY,
  nodeId: 'node-1',
  state: 'running',
  window: { after: null, before: null },
  incremental: false,
  resumed: false,
  legs: 0,
  newLegs: null,
  changedLegs: null,
  goneLegs: null,
  pages: 0,
  legsPerSecond: 0,
  etaSeconds: null,
  startedAt: new Date().toISOString(),
  finishedAt: null,
  error: null,
  ...patch,
});

const stored = (patch: Partial<LocalPartyStatus> = {}): LocalPartyStatus => ({
  profileId: 'sandbox',
  party: PARTY,
  legs: 0,
  inexactLegs: 0,
  lastSyncAt: null,
  nodeId: null,
  firstEffectiveAt: null,
  lastEffectiveAt: null,
  resumable: false,
  job: null,
  ...patch,
});

/** A bridge whose sync runs through the given states, one per status poll; the store fills when it is done. */
function syncingBridge(states: SyncStatus[], after: Partial<LocalPartyStatus>) {
  let polls = 0;
  let finished = false;
  return createFakeBridge({
    local: {
      status: async () => (finished ? stored(after) : stored()),
      sync: async () => states[0],
      syncStatus: async () => {
        const state = states[Math.min(++polls, states.length - 1)];
        finished = state.state !== 'running' && state.state !== 'waiting';
        return state;
      },
    },
  });
}

async function chooseSampleParty(user: ReturnType<typeof renderWithApp>['user']) {
  await screen.findByRole('option', { name: SAMPLE_PARTIES[0].name });
  await user.selectOptions(screen.getByLabelText('Party'), PARTY);
}

// The screen opens on the party last on screen: each test starts with none.
beforeEach(() => {
  useUiStore.setState({ partyOnScreen: null, localTarget: null });
});

describe('LocalLedgerScreen', () => {
  it('refuses a typed party id that is not one at the field, without asking main', async () => {
    const { bridge, user } = renderWithApp(<LocalLedgerScreen />);
    await user.type(await screen.findByLabelText('Or a party id'), 'alice');
    await user.click(screen.getByRole('button', { name: 'Use party' }));

    const input = screen.getByLabelText('Or a party id');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('a party id looks like name::1220… (the "::" is missing)');
    expect(bridge.local.status).not.toHaveBeenCalled();
  });

  it('syncs a sandbox party with progress to done, then says where the data came from', async () => {
    const bridge = syncingBridge(
      [
        job(),
        job({ legs: 1000, pages: 1, legsPerSecond: 5000, etaSeconds: 3 }),
        job({ state: 'done', legs: 2500, pages: 3 }),
      ],
      { legs: 2500, lastSyncAt: new Date().toISOString(), nodeId: 'node-1' },
    );
    const { user } = renderWithApp(<LocalLedgerScreen />, { bridge });
    await chooseSampleParty(user);
    expect((await screen.findByTestId('local-provenance')).textContent).toBe('Not synced yet');

    await user.click(screen.getByRole('button', { name: 'Sync now' }));
    expect(bridge.local.sync).toHaveBeenCalledExactlyOnceWith({
      profileId: 'sandbox',
      party: PARTY,
      nodeId: null,
      range: { after: null, before: null },
    });
    expect(await screen.findByText('1,000 legs in 1 page · 5,000 legs/s · about 3 s left')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Sync done' })).toBeTruthy();
    await screen.findByText('Local, synced just now from node node-1, 2,500 legs');
    expect(screen.getByTestId('sync-progress').textContent).toBe('2,500 legs in 3 pages');
  });

  it('refuses a sync range with a day that does not exist, at the field, in the field’s label', async () => {
    const { bridge, user } = renderWithApp(<LocalLedgerScreen />);
    await chooseSampleParty(user);
    // The sync's range is one of the header's options, folded until asked for.
    await user.click(screen.getByRole('button', { name: 'Options' }));
    const range = screen.getByRole('group', { name: 'Sync range' });
    await user.type(within(range).getByLabelText('From'), '2025-02-30');
    await user.click(await screen.findByRole('button', { name: 'Sync now' }));

    expect(screen.getByRole('alert').textContent).toBe('From: no such date: 2025-02 has no day 30');
    expect(bridge.local.sync).not.toHaveBeenCalled();
  });

  it('unfolds the options when Sync now finds a wrong range in them, so its message is on screen', async () => {
    const { bridge, user } = renderWithApp(<LocalLedgerScreen />);
    await chooseSampleParty(user);
    const options = screen.getByRole('button', { name: 'Options' });
    await user.click(options);
    await user.type(within(screen.getByRole('group', { name: 'Sync range' })).getByLabelText('From'), 'last week');
    await user.click(options);
    expect(options.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('group', { name: 'Sync range' })).toBeNull();
    expect(screen.getByText('Next sync: from last week to any time')).toBeTruthy();

    await user.click(await screen.findByRole('button', { name: 'Sync now' }));
    expect(options.getAttribute('aria-expanded')).toBe('true');
    const range = screen.getByRole('group', { name: 'Sync range' });
    expect(within(range).getByRole('alert').textContent).toMatch(/^From: /);
    expect(bridge.local.sync).not.toHaveBeenCalled();
  });

  it('syncs the range typed as every time is typed: a date, or RFC 3339 with its offset, sent in UTC', async () => {
    const bridge = createFakeBridge();
    await bridge.settings.savePreferences({ timeZone: 'utc' });
    const { user } = renderWithApp(<LocalLedgerScreen />, { bridge });
    await chooseSampleParty(user);
    // The sync's range is one of the header's options, folded until asked for.
    await user.click(screen.getByRole('button', { name: 'Options' }));
    const range = screen.getByRole('group', { name: 'Sync range' });
    await waitFor(() => expect(within(range).getAllByText('UTC')).toHaveLength(2));
    await user.type(within(range).getByLabelText('From'), '2025-06-01');
    await user.type(within(range).getByLabelText('Before'), '2025-07-01T05:30:00+05:30');
    await user.click(await screen.findByRole('button', { name: 'Sync now' }));

    await waitFor(() =>
      expect(bridge.local.sync).toHaveBeenCalledWith(
        expect.objectContaining({ range: { after: '2025-06-01T00:00:00Z', before: '2025-07-01T00:00:00Z' } }),
      ),
    );
  });

  it('refuses a reversed sync range at Before: "Before must be later than From"', async () => {
    const { bridge, user } = renderWithApp(<LocalLedgerScreen />);
    await chooseSampleParty(user);
    // The sync's range is one of the header's options, folded until asked for.
    await user.click(screen.getByRole('button', { name: 'Options' }));
    const range = screen.getByRole('group', { name: 'Sync range' });
    await user.type(within(range).getByLabelText('From'), '2025-07-01T00:00Z');
    await user.type(within(range).getByLabelText('Before'), '2025-06-30T23:00Z');
    await user.click(await screen.findByRole('button', { name: 'Sync now' }));

    expect(screen.getByRole('alert').textContent).toBe('Before must be later than From');
    expect(within(range).getByLabelText('Before').getAttribute('aria-invalid')).toBe('true');
    expect(bridge.local.sync).not.toHaveBeenCalled();
  });

  it("shows a failed sync with main's code and words, and a quarantined node in plain words", async () => {
    const error = bridgeError('node_quarantined', 'Node node-2 is quarantined');
    const bridge = syncingBridge([job(), job({ state: 'failed', error, pages: 0 })], {});
    const { user } = renderWithApp(<LocalLedgerScreen />, { bridge });
    await chooseSampleParty(user);
    await user.click(await screen.findByRole('button', { name: 'Sync now' }));

    const panel = await screen.findByTestId('sync-panel');
    await within(panel).findByRole('heading', { name: 'Sync failed' });
    expect(within(panel).getByRole('alert').textContent).toBe(
      'The node is quarantined: choose another node and sync again. [node_quarantined] Node node-2 is quarantined',
    );
  });

  it('says when the service is still starting, and a cancelled sync offers "Resume sync"', async () => {
    const bridge = syncingBridge(
      [job({ state: 'waiting' }), job({ state: 'waiting' }), job({ state: 'cancelled', legs: 1000, pages: 1 })],
      {
        legs: 1000,
        resumable: true,
      },
    );
    bridge.local.cancelSync.mockImplementation(async () => job({ state: 'cancelled', legs: 1000, pages: 1 }));
    // Waiting until the user cancels (not a number of polls: the test must not race the poll timer).
    bridge.local.syncStatus.mockImplementation(async () =>
      bridge.local.cancelSync.mock.calls.length > 0
        ? job({ state: 'cancelled', legs: 1000, pages: 1 })
        : job({ state: 'waiting' }),
    );
    // Once cancelled, the store holds the pages fetched so far and an interrupted run to resume.
    bridge.local.status.mockImplementation(async () =>
      bridge.local.cancelSync.mock.calls.length > 0 ? stored({ legs: 1000, resumable: true }) : stored(),
    );
    const { user } = renderWithApp(<LocalLedgerScreen />, { bridge });
    await chooseSampleParty(user);
    await user.click(await screen.findByRole('button', { name: 'Sync now' }));

    expect(await screen.findByText(/still starting; the sync retries when it says to/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText(/resumes where it stopped/)).toBeTruthy();
    expect(bridge.local.cancelSync).toHaveBeenCalledWith('0123456789abcdef');
    expect(await screen.findByRole('button', { name: 'Resume sync' })).toBeTruthy();
    expect(screen.getByTestId('local-provenance').textContent).toBe('Local, sync not finished yet, 1,000 legs');
  });
});
