// The Local ledger's first screen (issue 24, item 9 and the UI half of item 5): it opens on the
// party on screen in Transfers and says so, with the profile's default node (issue 37, item 8); before anything of the party is stored
// it shows what Sync now will do, not empty filter boxes, tabs or tables; "Copy CLI command"
// copies the sync of the party, node and range on screen and says what it copied.
import { EditorView } from '@codemirror/view';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { LocalLedgerScreen } from '../../../../src-renderer/features/local-ledger/local-ledger-screen.tsx';
import { useUiStore } from '../../../../src-renderer/ui-store.ts';
import type { LocalPartyStatus } from '../../../../src-shared/contract/local-ledger.ts';
import { createFakeBridge, SAMPLE_PARTIES } from '../../../fixtures/fake-bridge.ts';
import { renderWithApp } from '../../support/render-with-app.tsx';

const PARTY = SAMPLE_PARTIES[2].party;
/** The fake app's user-data folder (fake-bridge.ts): it has a space, so the command quotes it. */
const USER_DATA = "'/home/agent/.config/Ledger Explorer'";

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

function bridgeWith(status: LocalPartyStatus) {
  return createFakeBridge({
    local: { status: async () => status },
    transfers: {
      nodes: async () => ({
        defaultNodeId: 'validator-1',
        known: [
          { id: 'validator-1', note: null },
          { id: 'validator-2', note: null },
        ],
      }),
    },
  });
}

beforeEach(() => {
  useUiStore.setState({ partyOnScreen: null, localTarget: null });
});

describe('the Local ledger first screen', () => {
  it("opens on the party on screen in Transfers, and syncs from the profile's default node, not Transfers' node", async () => {
    useUiStore.getState().showParty({ profile: 'sandbox', party: PARTY, nodeId: 'validator-2', from: 'transfers' });
    const bridge = bridgeWith(stored());
    const { user } = renderWithApp(<LocalLedgerScreen />, { bridge });

    expect((await screen.findByText('Not synced yet')).dataset.testid).toBe('local-provenance');
    expect(bridge.local.status).toHaveBeenCalledWith('sandbox', PARTY);
    expect(screen.getByText('Carried over from Transfers')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Not synced yet' }).textContent).toContain(
        'copies its legs from the default node (validator-1) into the local store',
      ),
    );
    expect((screen.getByLabelText('Node') as HTMLSelectElement).value).toBe('');
    await user.click(screen.getByRole('button', { name: 'Sync now' }));
    await waitFor(() => expect(bridge.local.sync).toHaveBeenCalledWith(expect.objectContaining({ nodeId: null })));
  });

  it('keeps a node chosen on this screen for the party chosen here', async () => {
    useUiStore.getState().showParty({ profile: 'sandbox', party: PARTY, nodeId: 'validator-2', from: 'local' });
    renderWithApp(<LocalLedgerScreen />, { bridge: bridgeWith(stored()) });
    await screen.findByText('Not synced yet');
    await waitFor(() => expect((screen.getByLabelText('Node') as HTMLSelectElement).value).toBe('validator-2'));
    expect(screen.getByRole('region', { name: 'Not synced yet' }).textContent).toContain('from node validator-2');
  });

  it('does not carry a party of another profile', async () => {
    useUiStore.getState().showParty({ profile: 'other', party: PARTY, nodeId: null, from: 'transfers' });
    renderWithApp(<LocalLedgerScreen />);
    expect(await screen.findByText('Choose a party to sync it to this computer and read it offline.')).toBeTruthy();
  });

  it('shows no empty view before a sync: what Sync now will do, no tabs, filter boxes or table', async () => {
    useUiStore.getState().showParty({ profile: 'sandbox', party: PARTY, nodeId: null, from: 'transfers' });
    renderWithApp(<LocalLedgerScreen />, { bridge: bridgeWith(stored()) });

    const first = await screen.findByRole('region', { name: 'Not synced yet' });
    expect(first.textContent).toMatch(
      /^Nothing of exchange-north::.* is on this computer yet\. Sync now copies its legs/,
    );
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.queryByRole('group', { name: 'Instruments' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Status' })).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the views once something is stored', async () => {
    useUiStore.getState().showParty({ profile: 'sandbox', party: PARTY, nodeId: null, from: 'local' });
    const bridge = bridgeWith(stored({ legs: 12, lastSyncAt: new Date().toISOString() }));
    renderWithApp(<LocalLedgerScreen />, { bridge });

    const tabs = await screen.findByRole('tablist', { name: 'Local views' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Transfers', 'Counterparties', 'Flows', 'SQL', 'Dashboard', 'Reconcile']);
    expect(screen.queryByRole('region', { name: 'Not synced yet' })).toBeNull();
    expect(screen.queryByText('Carried over from Transfers')).toBeNull();
  });

  it('copies the sync of the party, node and range on screen, and says what it copied', async () => {
    useUiStore.getState().showParty({ profile: 'sandbox', party: PARTY, nodeId: null, from: 'transfers' });
    const bridge = bridgeWith(stored());
    await bridge.settings.savePreferences({ timeZone: 'utc' });
    const { user } = renderWithApp(<LocalLedgerScreen />, { bridge });
    await screen.findByText('Not synced yet');
    // The sync's range is one of the header's options, folded until asked for.
    await user.click(screen.getByRole('button', { name: 'Options' }));
    await screen.findByRole('option', { name: 'validator-2' });
    await user.selectOptions(screen.getByLabelText('Node'), 'validator-2');
    const range = screen.getByRole('group', { name: 'Sync range' });
    await waitFor(() => expect(within(range).getAllByText('UTC')).toHaveLength(2));
    await user.type(within(range).getByLabelText('From'), '2025-06-01');
    await user.type(within(range).getByLabelText('Before'), '2026-01-01T18:00:00+05:30');

    await user.click(screen.getByRole('button', { name: 'Copy CLI command' }));

    // A UTC midnight as a date, any other time as RFC 3339 in UTC: what the CLI takes.
    const command =
      `npm run --silent cli -- sync --profile sandbox --party ${PARTY} --node validator-2 --after 2025-06-01 ` +
      `--before 2026-01-01T12:30:00Z --user-data-dir ${USER_DATA}`;
    await waitFor(async () => expect(await navigator.clipboard.readText()).toBe(command));
    const said = screen.getByText(/^Copied the sync of this party, node and range/).closest('[role="status"]');
    expect(said?.textContent).toContain('what a scheduled job runs to keep this view fresh');
    expect(said?.querySelector('code')?.textContent).toBe(command);
  });

  it('copies nothing while a range field is wrong, and says so at the field', async () => {
    useUiStore.getState().showParty({ profile: 'sandbox', party: PARTY, nodeId: null, from: 'transfers' });
    const { user } = renderWithApp(<LocalLedgerScreen />, { bridge: bridgeWith(stored()) });
    await screen.findByText('Not synced yet');
    await navigator.clipboard.writeText('before');
    // The sync's range is one of the header's options, folded until asked for.
    await user.click(screen.getByRole('button', { name: 'Options' }));
    const range = screen.getByRole('group', { name: 'Sync range' });
    await user.type(within(range).getByLabelText('From'), '2025-02-30');

    await user.click(screen.getByRole('button', { name: 'Copy CLI command' }));

    expect(screen.getByRole('alert').textContent).toBe('From: no such date: 2025-02 has no day 30');
    expect(await navigator.clipboard.readText()).toBe('before');
  });

  it('makes a party chosen here the one the next visit opens on', async () => {
    const first = renderWithApp(<LocalLedgerScreen />, { bridge: bridgeWith(stored()) });
    await screen.findByRole('option', { name: SAMPLE_PARTIES[0].name });
    await first.user.selectOptions(screen.getByLabelText('Party'), SAMPLE_PARTIES[0].party);
    await screen.findByText('Not synced yet');
    first.unmount();

    expect(useUiStore.getState().partyOnScreen).toEqual({
      profile: 'sandbox',
      party: SAMPLE_PARTIES[0].party,
      nodeId: null,
      from: 'local',
    });
    renderWithApp(<LocalLedgerScreen />, { bridge: bridgeWith(stored()) });
    expect(await screen.findByText('Not synced yet')).toBeTruthy();
    expect(screen.queryByText('Carried over from Transfers')).toBeNull();
  });

  it('sets itself up for a link once: coming back later keeps the party and tab chosen since', async () => {
    const bridge = bridgeWith(stored({ legs: 12, lastSyncAt: new Date().toISOString() }));
    useUiStore.getState().openLocal({ profile: 'sandbox', party: PARTY, nodeId: null, after: null, before: null });
    const first = renderWithApp(<LocalLedgerScreen />, { bridge });
    await first.user.click(await screen.findByRole('tab', { name: 'Counterparties' }));
    await first.user.selectOptions(screen.getByLabelText('Party'), SAMPLE_PARTIES[0].party);
    await waitFor(() => expect(useUiStore.getState().partyOnScreen?.party).toBe(SAMPLE_PARTIES[0].party));
    first.unmount();

    renderWithApp(<LocalLedgerScreen />, { bridge });
    expect((await screen.findByRole('tab', { name: 'Counterparties' })).getAttribute('aria-selected')).toBe('true');
    expect((screen.getByLabelText('Party') as HTMLSelectElement).value).toBe(SAMPLE_PARTIES[0].party);
    expect(useUiStore.getState().partyOnScreen?.party).toBe(SAMPLE_PARTIES[0].party);
  });

  it("keeps the notebook's unsaved text when another party is chosen, and shows it again on the SQL tab", async () => {
    useUiStore.getState().showParty({ profile: 'sandbox', party: PARTY, nodeId: null, from: 'local' });
    const view = renderWithApp(<LocalLedgerScreen />, {
      bridge: bridgeWith(stored({ legs: 12, lastSyncAt: new Date().toISOString() })),
    });
    await view.user.click(await screen.findByRole('tab', { name: 'SQL' }));
    await waitFor(() => editorView(view.container));
    const typed = 'SELECT party, count(*) FROM legs GROUP BY party -- unsaved';
    editorView(view.container).dispatch({
      changes: { from: 0, to: editorView(view.container).state.doc.length, insert: typed },
      userEvent: 'input.type',
    });
    await view.user.selectOptions(screen.getByLabelText('Party'), SAMPLE_PARTIES[0].party);
    await waitFor(() => expect(useUiStore.getState().partyOnScreen?.party).toBe(SAMPLE_PARTIES[0].party));
    await view.user.click(await screen.findByRole('tab', { name: 'SQL' }));
    expect(editorView(view.container).state.doc.toString()).toBe(typed);
  });
});

/** The notebook's editor (CodeMirror in the SQL editor's shadow root). */
function editorView(container: HTMLElement): EditorView {
  const content = container.querySelector('.sql-editor')?.shadowRoot?.querySelector<HTMLElement>('.cm-content');
  if (!content) throw new Error('the SQL editor did not mount');
  return EditorView.findFromDOM(content) as EditorView;
}
