// The Local ledger screen beside another program on the same store (a scheduled `npm run cli --
// sync`; docs/local-ledger.md, "Two programs, one store"): a read that found the store held says who
// holds it where the data goes and reads again by itself; a sync that waits for the other program
// says so in the sync panel, not "waiting for the service".
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LocalLedgerScreen } from '../../../../src-renderer/features/local-ledger/local-ledger-screen.tsx';
import type { LocalPartyStatus, SyncStatus } from '../../../../src-shared/contract/local-ledger.ts';
import { bridgeError, createFakeBridge, SAMPLE_PARTIES } from '../../../fixtures/fake-bridge.ts';
import { renderWithApp } from '../../support/render-with-app.tsx';

const PARTY = SAMPLE_PARTIES[0].party;
const BUSY = 'npm run cli -- sync (PID 4242) has this local store open: this view loads when it is done.';

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

const job = (patch: Partial<SyncStatus> = {}): SyncStatus => ({
  jobId: '0123456789abcdef',
  profileId: 'sandbox',
  party: PARTY,
  nodeId: null,
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

async function chooseSampleParty(user: ReturnType<typeof renderWithApp>['user']) {
  await screen.findByRole('option', { name: SAMPLE_PARTIES[0].name });
  await user.selectOptions(screen.getByLabelText('Party'), PARTY);
}

describe('another program on the same store', () => {
  it('a busy store: the screen says who has it, then reads again by itself and shows the legs', async () => {
    let free = false;
    const bridge = createFakeBridge({
      local: {
        status: async () => {
          if (!free) throw bridgeError('local_store', BUSY, { cause: 'busy', holderPid: 4242 });
          return stored({ legs: 1234, lastSyncAt: new Date().toISOString() });
        },
      },
    });
    const { user } = renderWithApp(<LocalLedgerScreen />, { bridge });
    await chooseSampleParty(user);

    const alert = await screen.findByText(BUSY);
    expect(alert.closest('[role="alert"]')?.textContent).toBe(
      `The local store could not be read. [local_store] ${BUSY}`,
    );
    // The other program lets go: no click, the next read gets in.
    free = true;
    await screen.findByText('Local, synced just now from the default node, 1,234 legs', undefined, {
      timeout: 5000,
    });
    expect(screen.queryByText(BUSY)).toBeNull();
  });

  it('a sync waiting for another program says for whom, and that nothing is lost', async () => {
    const waitingFor = 'npm run cli -- sync (PID 4242) is syncing this party: this sync starts when it is done';
    const bridge = createFakeBridge({
      local: {
        status: async () => stored(),
        sync: async () => job({ state: 'waiting', waitingFor }),
        syncStatus: async () => job({ state: 'waiting', waitingFor }),
      },
    });
    const { user } = renderWithApp(<LocalLedgerScreen />, { bridge });
    await chooseSampleParty(user);
    await user.click(await screen.findByRole('button', { name: 'Sync now' }));

    const panel = await screen.findByTestId('sync-panel');
    await within(panel).findByRole('heading', { name: 'Waiting for another program…' });
    expect(within(panel).getByTestId('sync-waiting').textContent).toBe(`${waitingFor}. Nothing is lost meanwhile.`);
    expect(within(panel).queryByText(/still starting/)).toBeNull();
    expect(within(panel).getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });
});
