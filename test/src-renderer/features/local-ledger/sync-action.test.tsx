// The palette's and the menu's "Sync the local ledger": it syncs the party chosen on the Local
// ledger screen, as its Sync button does; with no party chosen it starts nothing and says why.
import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { LocalLedgerScreen } from '../../../../src-renderer/features/local-ledger/local-ledger-screen.tsx';
import { useSettleActions } from '../../../../src-renderer/ui/app-action.ts';
import { useUiStore } from '../../../../src-renderer/ui-store.ts';
import { SAMPLE_PARTIES } from '../../../fixtures/fake-bridge.ts';
import { renderWithApp } from '../../support/render-with-app.tsx';

const PARTY = SAMPLE_PARTIES[0].party;

function Screen() {
  useSettleActions(true);
  return <LocalLedgerScreen />;
}

beforeEach(() => {
  useUiStore.setState({ section: 'local', action: null, partyOnScreen: null });
});

describe('local:sync action', () => {
  it('syncs the chosen party, and starts nothing while no party is chosen but says a party is needed', async () => {
    const { bridge, user } = renderWithApp(<Screen />);
    await screen.findByRole('option', { name: SAMPLE_PARTIES[0].name });
    expect(screen.queryByRole('status')).toBeNull();
    await act(async () => useUiStore.getState().requestAction('local:sync'));
    expect(bridge.local.sync).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toContain('Sync needs a party: choose one above, then Sync now.');

    await user.selectOptions(screen.getByLabelText('Party'), PARTY);
    await screen.findByRole('button', { name: 'Sync now' });
    await act(async () => useUiStore.getState().requestAction('local:sync'));
    expect(bridge.local.sync).toHaveBeenCalledExactlyOnceWith({
      profileId: 'sandbox',
      party: PARTY,
      nodeId: null,
      range: { after: null, before: null },
    });
  });
});
