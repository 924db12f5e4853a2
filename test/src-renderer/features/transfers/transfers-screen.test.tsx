// The Transfers screen over the fake bridge: a page of legs appears with its summary, paging walks
// the service's cursors, errors become the card that says what to do, a counterparty opens its own
// transfers (and Back returns), Load all pulls every page, and a leg opens in full.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TransfersScreen } from '../../../../src-renderer/features/transfers/transfers-screen.tsx';
import { useTransfersStore } from '../../../../src-renderer/features/transfers/transfers-store.ts';
import { useUiStore } from '../../../../src-renderer/ui-store.ts';
import type { TransferPage, TransferPageRequest } from '../../../../src-shared/contract/transfers.ts';
import { stubCanvas2d } from '../../../fixtures/canvas-2d-stub.ts';
import {
  bridgeError,
  createFakeBridge,
  type FakeLedger,
  failWith,
  SAMPLE_PARTIES,
} from '../../../fixtures/fake-bridge.ts';
import { ALICE, BOB, CAROL, transferLeg, transferPage } from '../../../fixtures/transfer-legs.ts';
import { renderWithApp } from '../../support/render-with-app.tsx';

const status = () => screen.getByTestId('page-status').textContent;
const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Transfer legs' }))
    .getAllByRole('row')
    .slice(1);
const updateIds = () => bodyRows().map((row) => row.querySelector('[data-column="updateId"]')?.textContent);
const pageCalls = (bridge: FakeLedger) =>
  bridge.transfers.page.mock.calls.map(([request]) => ({ party: request.filters.party, next: request.next }));

/** Renders the screen and shows `party`'s transfers through the form, as a user would. */
async function showTransfersOf(bridge: FakeLedger, party = ALICE) {
  const rendered = renderWithApp(<TransfersScreen />, { bridge });
  await rendered.user.type(await screen.findByLabelText('Party id'), party);
  await rendered.user.click(screen.getByRole('button', { name: 'Show transfers' }));
  return rendered;
}

/**
 * Answers in a later task, as main does over IPC (a round trip to another process never completes
 * in the same task). Load all needs this: it asks for the next page when it sees the previous fetch
 * end, and an answer in the same task as the question is never seen as a fetch at all (reported).
 */
const afterIpcRoundTrip = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** A service with three pages for Alice (cursors c2, c3) and one for everyone else. */
function pagedService() {
  return async (request: TransferPageRequest): Promise<TransferPage> => {
    await afterIpcRoundTrip();
    const party = request.filters.party;
    if (party !== ALICE) {
      return transferPage(party, [transferLeg({ updateId: `${party.slice(0, 5)}-1`, receiverParty: party })]);
    }
    if (request.next === null) {
      return transferPage(ALICE, [transferLeg({ updateId: 'p1-a' }), transferLeg({ updateId: 'p1-b' })], {
        hasNextPage: true,
        next: 'c2',
      });
    }
    if (request.next === 'c2') {
      return transferPage(ALICE, [transferLeg({ updateId: 'p2-a', counterparty: CAROL })], {
        hasNextPage: true,
        next: 'c3',
      });
    }
    return transferPage(ALICE, [transferLeg({ updateId: 'p3-a' })]);
  };
}

beforeEach(() => {
  useTransfersStore.setState(useTransfersStore.getInitialState(), true);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  stubCanvas2d();
});

describe('TransfersScreen', () => {
  it('asks for a party first', async () => {
    renderWithApp(<TransfersScreen />);

    expect(screen.getByText('Loading settings…')).toBeTruthy();
    expect(await screen.findByText('Choose a party and press “Show transfers”.')).toBeTruthy();
  });

  it('Try a sample party fills in one of the sandbox’s parties and shows its transfers, without typing an id', async () => {
    const bridge = createFakeBridge({
      transfers: { page: async (request) => transferPage(request.filters.party, [transferLeg({ updateId: 'u1' })]) },
    });
    const { user } = renderWithApp(<TransfersScreen />, { bridge });

    await user.click(await screen.findByRole('button', { name: 'Try a sample party' }));

    expect(await screen.findByText('Page 1 · 1 leg · last page')).toBeTruthy();
    expect(updateIds()).toEqual(['u1']);
    expect(bridge.transfers.page.mock.calls[0][0].filters.party).toBe(SAMPLE_PARTIES[0].party);
    expect(useTransfersStore.getState().draft.party).toBe(SAMPLE_PARTIES[0].party);
  });

  it('offers no sample party where none is known (a remote profile)', async () => {
    const bridge = createFakeBridge({ transfers: { knownParties: async () => ({ source: null, parties: [] }) } });
    renderWithApp(<TransfersScreen />, { bridge });
    expect(await screen.findByText('Choose a party and press “Show transfers”.')).toBeTruthy();
    await waitFor(() => expect(bridge.transfers.knownParties).toHaveBeenCalled());

    expect(screen.queryByRole('button', { name: 'Try a sample party' })).toBeNull();
  });

  it('shows a page of legs with its count, summary and the party it belongs to', async () => {
    const bridge = createFakeBridge({
      transfers: {
        page: async () =>
          transferPage(ALICE, [
            transferLeg({ updateId: 'u1', amount: '1500.25' }),
            transferLeg({ updateId: 'u2', amount: '0.5', isIncoming: false, counterparty: CAROL }),
          ]),
      },
    });
    await showTransfersOf(bridge);

    expect(await screen.findByText('Page 1 · 2 legs · last page')).toBeTruthy();
    expect(screen.getByRole('heading', { name: /^Transfers of alice::1220aa…aaaa/ })).toBeTruthy();
    expect(updateIds()).toEqual(['u1', 'u2']);
    expect(bodyRows()[0].querySelector('[data-column="amount"]')?.textContent).toBe('1,500.2500000000');
    expect(screen.getByRole('heading', { name: 'Summary of 2 loaded legs' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Export' })).toBeTruthy();
    // The instrument picker now offers what the page showed.
    expect(useTransfersStore.getState().seenInstruments.map((i) => i.id)).toEqual(['Amulet']);
  });

  it('walks forward with the service’s cursors and back through the history', async () => {
    const bridge = createFakeBridge({ transfers: { page: pagedService() } });
    const { user } = await showTransfersOf(bridge);
    expect(await screen.findByText('Page 1 · 2 legs')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Next page →' }));
    expect(await screen.findByText('Page 2 · 1 leg')).toBeTruthy();
    expect(updateIds()).toEqual(['p2-a']);

    await user.click(screen.getByRole('button', { name: 'Next page →' }));
    expect(await screen.findByText('Page 3 · 1 leg · last page')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next page →' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: '← Previous page' }));
    await user.click(screen.getByRole('button', { name: '← Previous page' }));
    expect(await screen.findByText('Page 1 · 2 legs')).toBeTruthy();
    expect(updateIds()).toEqual(['p1-a', 'p1-b']);
    expect((screen.getByRole('button', { name: '← Previous page' }) as HTMLButtonElement).disabled).toBe(true);
    // Each page was asked for once, with the cursor that reaches it; going back came from the cache.
    expect(pageCalls(bridge)).toEqual([
      { party: ALICE, next: null },
      { party: ALICE, next: 'c2' },
      { party: ALICE, next: 'c3' },
    ]);
  });

  it('keeps the page on screen when the next one fails, and says so', async () => {
    const service = pagedService();
    const bridge = createFakeBridge({
      transfers: {
        page: async (request) => {
          if (request.next === 'c2') throw bridgeError('service_error', 'upstream timeout (502)');
          return service(request);
        },
      },
    });
    const { user } = await showTransfersOf(bridge);
    expect(await screen.findByText('Page 1 · 2 legs')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Next page →' }));

    expect(await screen.findByText('Page 2 could not be loaded · showing page 1')).toBeTruthy();
    expect(updateIds()).toEqual(['p1-a', 'p1-b']);
    expect(screen.getByTestId('transfer-problem').textContent).toContain('[service_error] upstream timeout (502)');
  });

  it('404: shows the service’s words, and Try again asks again', async () => {
    const bridge = createFakeBridge();
    failWith(bridge.transfers.page, 'not_found', 'party not hosted on this node', { traceId: 'trace-404' });
    const { user } = await showTransfersOf(bridge);

    const problem = await screen.findByTestId('transfer-problem');
    expect(within(problem).getByRole('alert').textContent).toBe(
      'Not found (404). [not_found] party not hosted on this node',
    );
    expect(within(problem).getByText('trace-404')).toBeTruthy();
    expect(status()).toBe('Page 1 could not be loaded');
    expect(bodyRows()).toEqual([]);

    bridge.transfers.page.mockImplementation(async () => transferPage(ALICE, [transferLeg({ updateId: 'u1' })]));
    await user.click(within(problem).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('Page 1 · 1 leg · last page')).toBeTruthy();
    expect(screen.queryByTestId('transfer-problem')).toBeNull();
    expect(bridge.transfers.page).toHaveBeenCalledTimes(2);
  });

  it('404 or a quarantined node on page 1: Load all is not offered (nothing could be read)', async () => {
    const bridge = createFakeBridge();
    failWith(bridge.transfers.page, 'not_found', 'party not hosted on this node');
    const { user } = await showTransfersOf(bridge);
    await screen.findByTestId('transfer-problem');
    const loadAll = screen.getByRole('button', { name: 'Load all' }) as HTMLButtonElement;
    expect(loadAll.disabled).toBe(true);
    await user.click(loadAll);
    expect(screen.queryByTestId('load-all-status')).toBeNull();

    failWith(bridge.transfers.page, 'node_quarantined', 'node-a is quarantined', {
      quarantine: { nodeId: 'node-a', status: 'quarantined', network: 'mainnet', detail: 'lagging' },
    });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('alert', { name: 'Node quarantined' });
    expect((screen.getByRole('button', { name: 'Load all' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('quarantined node: offers the other node, and asking it sends the same filters to that node', async () => {
    const bridge = createFakeBridge({
      transfers: {
        nodes: async () => ({
          defaultNodeId: 'node-a',
          known: [
            { id: 'node-a', note: null },
            { id: 'node-b', note: 'backup' },
          ],
        }),
        page: async (request) => {
          if (request.filters.nodeId === 'node-b') return transferPage(ALICE, [transferLeg({ updateId: 'from-b' })]);
          throw bridgeError('node_quarantined', 'node-a is quarantined', {
            quarantine: { nodeId: 'node-a', status: 'quarantined', network: 'mainnet', detail: 'lagging' },
          });
        },
      },
    });
    const { user } = await showTransfersOf(bridge);

    const card = await screen.findByRole('alert', { name: 'Node quarantined' });
    await user.click(within(card).getByRole('button', { name: 'Use node-b (backup)' }));

    expect(await screen.findByText('Page 1 · 1 leg · last page')).toBeTruthy();
    expect(updateIds()).toEqual(['from-b']);
    expect(bridge.transfers.page.mock.calls.at(-1)?.[0].filters).toMatchObject({ party: ALICE, nodeId: 'node-b' });
    // The form follows, so the next search goes to the same node.
    expect(screen.getByLabelText('Validator node')).toHaveProperty('value', 'node-b');
  });

  it('service starting: shows its progress while it waits, then the legs', async () => {
    let calls = 0;
    const bridge = createFakeBridge({
      transfers: {
        page: async () => {
          if (++calls === 1) {
            throw bridgeError('service_starting', 'the service is starting', {
              // Retry-After as small as it gets: the query waits this long before asking again.
              retryAfterSeconds: 0.05,
              startup: {
                phase: 'migrations',
                phaseNumber: 2,
                totalPhases: 4,
                elapsedSeconds: 12,
                pendingMigrations: 3,
                replay: { nodes: null },
                lifecycleIndexes: null,
              },
            });
          }
          return transferPage(ALICE, [transferLeg({ updateId: 'after-start' })]);
        },
      },
    });
    await showTransfersOf(bridge);

    const card = await screen.findByRole('status', { name: 'Service starting' });
    expect(within(card).getByRole('heading').textContent).toBe('Service starting — phase 2 of 4: migrations');
    expect(within(card).getByText(/Trying again in 0.05 s/)).toBeTruthy();

    expect(await screen.findByText('Page 1 · 1 leg · last page')).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Service starting' })).toBeNull();
    expect(updateIds()).toEqual(['after-start']);
  });

  it('opens a counterparty’s transfers with the same filters, and Back returns to the same page', async () => {
    const bridge = createFakeBridge({ transfers: { page: pagedService() } });
    const { user } = await showTransfersOf(bridge);
    expect(await screen.findByText('Page 1 · 2 legs')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next page →' }));
    expect(await screen.findByText('Page 2 · 1 leg')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'carol::1220cc…cccc' }));

    expect(await screen.findByText('Page 1 · 1 leg · last page')).toBeTruthy();
    expect(screen.getByRole('heading', { name: /^Transfers of carol::1220cc…cccc/ })).toBeTruthy();
    expect(screen.getByLabelText('Party id')).toHaveProperty('value', CAROL);
    const drill = screen.getByRole('navigation', { name: 'Drill-down' });
    expect(drill.textContent).toContain('Counterparty opened from alice::1220aa…aaaa, same filters');
    expect(bridge.transfers.page.mock.calls.at(-1)?.[0]).toMatchObject({
      next: null,
      filters: { ...bridge.transfers.page.mock.calls[0][0].filters, party: CAROL },
    });

    // The party on screen is the one the Local ledger opens on (issue 24): the drilled-into one…
    expect(useUiStore.getState().partyOnScreen).toMatchObject({ profile: 'sandbox', party: CAROL, from: 'transfers' });

    await user.click(within(drill).getByRole('button', { name: '← Back to alice::1220aa…aaaa' }));

    expect(await screen.findByText('Page 2 · 1 leg')).toBeTruthy();
    // …and after Back, the one returned to.
    expect(useUiStore.getState().partyOnScreen).toMatchObject({ profile: 'sandbox', party: ALICE, from: 'transfers' });
    expect(updateIds()).toEqual(['p2-a']);
    expect(screen.queryByRole('navigation', { name: 'Drill-down' })).toBeNull();
    expect(screen.getByLabelText('Party id')).toHaveProperty('value', ALICE);
  });

  it('Load all pulls every page into one table, 1000 legs a page; Back to pages returns', async () => {
    const bridge = createFakeBridge({ transfers: { page: pagedService() } });
    const { user } = await showTransfersOf(bridge);
    expect(await screen.findByText('Page 1 · 2 legs')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Load all' }));

    expect(await screen.findByText('4 legs from 3 pages — all loaded')).toBeTruthy();
    expect(updateIds()).toEqual(['p1-a', 'p1-b', 'p2-a', 'p3-a']);
    expect(screen.getByRole('heading', { name: 'Summary of 4 loaded legs' })).toBeTruthy();
    const loads = bridge.transfers.page.mock.calls.slice(1).map(([r]) => [r.filters.pageSize, r.next]);
    expect(loads).toEqual([
      [1000, null],
      [1000, 'c2'],
      [1000, 'c3'],
    ]);

    await user.click(screen.getByRole('button', { name: 'Back to pages' }));
    expect(await screen.findByText('Page 1 · 2 legs')).toBeTruthy();
  });

  it('Load all can be stopped mid-way (main is told to drop the call) and continued', async () => {
    const service = pagedService();
    let holdSecondPage = true;
    let releaseSecondPage: () => void = () => {};
    const bridge = createFakeBridge({
      transfers: {
        page: async (request) => {
          if (request.next === 'c2' && holdSecondPage) {
            await new Promise<void>((resolve) => {
              releaseSecondPage = resolve;
            });
          }
          return service(request);
        },
      },
    });
    const { user } = await showTransfersOf(bridge);
    expect(await screen.findByText('Page 1 · 2 legs')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Load all' }));
    expect(await screen.findByText('2 legs from 1 page — loading…')).toBeTruthy();
    await waitFor(() => expect(pageCalls(bridge).at(-1)).toEqual({ party: ALICE, next: 'c2' }));
    const heldRequest = bridge.transfers.page.mock.calls.at(-1)?.[0].requestId;

    await user.click(screen.getByRole('button', { name: 'Stop' }));

    expect(await screen.findByText('2 legs from 1 page — stopped')).toBeTruthy();
    expect(bridge.app.cancel).toHaveBeenCalledWith(heldRequest);
    expect(updateIds()).toEqual(['p1-a', 'p1-b']);

    holdSecondPage = false;
    releaseSecondPage();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('4 legs from 3 pages — all loaded')).toBeTruthy();
  });

  it('opens a leg in full when its row is picked, and closes it', async () => {
    const bridge = createFakeBridge({
      transfers: { page: async () => transferPage(ALICE, [transferLeg({ updateId: 'u1', status: null })]) },
    });
    const { user } = await showTransfersOf(bridge);
    expect(await screen.findByText('Page 1 · 1 leg · last page')).toBeTruthy();

    await user.click(bodyRows()[0]);

    const detail = screen.getByRole('complementary', { name: 'Transfer leg details' });
    expect(within(detail).getByText('= 1,500.2500000000')).toBeTruthy();
    await user.click(within(detail).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('complementary', { name: 'Transfer leg details' })).toBeNull();
  });

  it('switches between absolute and relative times and saves the choice', async () => {
    const bridge = createFakeBridge({
      transfers: { page: async () => transferPage(ALICE, [transferLeg({ effectiveAt: '2026-10-31T14:23:07Z' })]) },
    });
    await bridge.settings.savePreferences({ timeZone: 'utc' });
    const { user } = await showTransfersOf(bridge);
    expect(await screen.findByText('2026-10-31 14:23:07 UTC')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Show relative times' }));

    expect(await screen.findByRole('button', { name: 'Show absolute times' })).toBeTruthy();
    expect(bridge.settings.savePreferences).toHaveBeenLastCalledWith({ timeFormat: 'relative' });
    expect(screen.queryByText('2026-10-31 14:23:07 UTC')).toBeNull();
    // Relative to today's date: "3 weeks ago", or "last month" once a month has turned.
    expect(bodyRows()[0].querySelector('[data-column="effectiveAt"]')?.textContent).toMatch(
      /ago$|^in |^(last|next) (week|month|year)$/,
    );
  });

  it('restores the column layout from the preferences and saves a change to it', async () => {
    const bridge = createFakeBridge({ transfers: { page: async () => transferPage(ALICE, [transferLeg()]) } });
    await bridge.settings.savePreferences({
      transfersTable: { columnVisibility: { symbol: false }, columnOrder: ['amount'], columnSizing: { amount: 300 } },
    });
    bridge.settings.savePreferences.mockClear();
    const { user } = await showTransfersOf(bridge);
    expect(await screen.findByText('Page 1 · 1 leg · last page')).toBeTruthy();
    const headers = () =>
      within(screen.getByRole('table', { name: 'Transfer legs' }))
        .getAllByRole('columnheader')
        .map((th) => th.textContent);
    expect(headers().slice(0, 2)).toEqual(['Amount', 'Direction']);
    expect(headers()).not.toContain('Symbol');
    expect(headers()).toContain('Decimals');

    await user.click(screen.getByText('Columns'));
    await user.click(screen.getByRole('checkbox', { name: 'Show column Status' }));

    expect(headers()).not.toContain('Status');
    // Saved once the user pauses (debounced), in the shape the settings schema takes.
    await waitFor(() => expect(bridge.settings.savePreferences).toHaveBeenCalledOnce());
    expect(bridge.settings.savePreferences.mock.calls[0][0]).toEqual({
      transfersTable: {
        columnVisibility: { symbol: false, status: false },
        columnOrder: expect.arrayContaining(['amount', 'isIncoming', 'status']),
        columnSizing: { amount: 300 },
      },
    });
  });

  it('saves a layout change at once when the screen is left within the pause', async () => {
    const bridge = createFakeBridge({ transfers: { page: async () => transferPage(ALICE, [transferLeg()]) } });
    const { user, unmount } = await showTransfersOf(bridge);
    expect(await screen.findByText('Page 1 · 1 leg · last page')).toBeTruthy();
    await user.click(screen.getByText('Columns'));
    await user.click(screen.getByRole('checkbox', { name: 'Show column Status' }));

    unmount();

    // No pause to wait for: the save starts on unmount (the mutation reaches the bridge a tick later).
    await waitFor(() =>
      expect(bridge.settings.savePreferences).toHaveBeenCalledExactlyOnceWith({
        transfersTable: expect.objectContaining({ columnVisibility: expect.objectContaining({ status: false }) }),
      }),
    );
  });

  it('notes fields the service sent that this version does not know', async () => {
    const bridge = createFakeBridge({
      transfers: {
        page: async () => transferPage(ALICE, [transferLeg()], { unknownFields: ['memo', 'fee'] }),
      },
    });
    await showTransfersOf(bridge);

    expect((await screen.findByTestId('unknown-fields')).textContent).toBe(
      'The service sent fields this version does not know: memo, fee. They are not shown.',
    );
  });

  it('when the form refuses a change, the results on screen are marked as the last query’s until one runs', async () => {
    const bridge = createFakeBridge({ transfers: { page: pagedService() } });
    const { user } = await showTransfersOf(bridge);
    expect(await screen.findByText('Page 1 · 2 legs')).toBeTruthy();
    const results = () => screen.getByRole('table', { name: 'Transfer legs' }).closest('.view-results') as HTMLElement;
    expect(screen.queryByTestId('stale-results')).toBeNull();
    expect(results().style.opacity).toBe('');

    await user.click(screen.getByRole('button', { name: /Edit filters/ }));
    await user.clear(screen.getByLabelText('Party id'));
    await user.type(screen.getByLabelText('Party id'), 'bob');
    await user.click(screen.getByRole('button', { name: 'Show transfers' }));

    expect(screen.getByTestId('stale-results').textContent).toBe(
      'Showing results for the last query that ran: alice::1220aa…aaaa, all assets, any time, newest first, default node; fix the form to run a new one.',
    );
    expect(results().style.opacity).toBe('0.55');
    expect(updateIds()).toEqual(['p1-a', 'p1-b']);

    await user.type(screen.getByLabelText('Party id'), BOB.slice(3));
    await user.click(screen.getByRole('button', { name: 'Show transfers' }));

    expect(await screen.findByText('Page 1 · 1 leg · last page')).toBeTruthy();
    expect(screen.queryByTestId('stale-results')).toBeNull();
    expect(results().style.opacity).toBe('');
  });

  it('lists a party that is not the first one typed: a new search starts from page 1', async () => {
    const bridge = createFakeBridge({ transfers: { page: pagedService() } });
    const { user } = await showTransfersOf(bridge);
    expect(await screen.findByText('Page 1 · 2 legs')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next page →' }));
    expect(await screen.findByText('Page 2 · 1 leg')).toBeTruthy();

    // The form folded after the first query: unfold it to type another party.
    await user.click(screen.getByRole('button', { name: /Edit filters/ }));
    await user.clear(screen.getByLabelText('Party id'));
    await user.type(screen.getByLabelText('Party id'), BOB);
    await user.click(screen.getByRole('button', { name: 'Show transfers' }));

    expect(await screen.findByText('Page 1 · 1 leg · last page')).toBeTruthy();
    expect(updateIds()).toEqual(['bob::-1']);
    expect(pageCalls(bridge).at(-1)).toEqual({ party: BOB, next: null });
  });
});
