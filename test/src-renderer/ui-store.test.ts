// The app's UI store: which section is open, and the chain the RPC console was asked to open on
// (how Chains sends the user to the console without importing it).
import { beforeEach, describe, expect, it } from 'vitest';
import { SECTIONS, useUiStore } from '../../src-renderer/ui-store.ts';

beforeEach(() => {
  useUiStore.setState({ section: 'transfers', consoleTarget: null, partyOnScreen: null });
});

describe('useUiStore', () => {
  it('lists the five sections in sidebar order and starts on Transfers', () => {
    expect(SECTIONS.map((s) => s.label)).toEqual(['Transfers', 'Local ledger', 'Chains', 'RPC console', 'Settings']);
    expect(useUiStore.getState().section).toBe('transfers');
  });

  it('keeps the party on screen for the Local ledger to open on; the same one again changes nothing', () => {
    const party = { profile: 'sandbox', party: 'alice::1220aa', nodeId: null, from: 'transfers' as const };
    useUiStore.getState().showParty(party);
    const first = useUiStore.getState().partyOnScreen;
    useUiStore.getState().showParty({ ...party });

    expect(useUiStore.getState().partyOnScreen).toBe(first);
    useUiStore.getState().showParty({ ...party, nodeId: 'validator-2', from: 'local' });
    expect(useUiStore.getState().partyOnScreen).toEqual({ ...party, nodeId: 'validator-2', from: 'local' });
  });

  it('shows a section', () => {
    useUiStore.getState().showSection('settings');

    expect(useUiStore.getState().section).toBe('settings');
  });

  it('opens the console on a chain, with a new request each time even for the same chain', () => {
    useUiStore.getState().openConsoleOn('canton-mainnet');
    const first = useUiStore.getState().consoleTarget;
    useUiStore.getState().showSection('chains');
    useUiStore.getState().openConsoleOn('canton-mainnet');
    const second = useUiStore.getState().consoleTarget;

    expect(useUiStore.getState().section).toBe('rpc');
    expect(second).toEqual({ chain: 'canton-mainnet' });
    expect(second).not.toBe(first);
  });
});
