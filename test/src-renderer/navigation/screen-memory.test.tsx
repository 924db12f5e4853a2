// What is on screen survives a reload: the section, the Transfers view (and its page), the party on
// screen and the Local ledger's tab come back from this tab's sessionStorage; anything there that does not pass the contract's schemas is
// dropped, another profile's memory is not applied, and a link asked for at load wins.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const PARTY = `alice::1220${'ab'.repeat(32)}`;
const FILTERS = {
  party: PARTY,
  asset: { kind: 'ledgerCoin' as const },
  effectiveAfter: '2025-01-01T00:00:00Z',
  effectiveBefore: null,
  orderDesc: false,
  pageSize: 100,
  nodeId: 'validator-2',
};
const REMEMBERED = {
  profile: 'sandbox',
  section: 'local',
  transfers: FILTERS,
  party: { party: PARTY, nodeId: 'validator-2', from: 'local' },
  pages: ['c2', 'c3'],
  localTab: 'sql',
};

/** A fresh load: the module's once-per-load flag and the stores start over. */
async function load() {
  vi.resetModules();
  const memory = await import('../../../src-renderer/navigation/screen-memory.ts');
  const { useUiStore } = await import('../../../src-renderer/ui-store.ts');
  const { useTransfersStore } = await import('../../../src-renderer/features/transfers/transfers-store.ts');
  const { useLocalScreenStore } = await import('../../../src-renderer/features/local-ledger/local-screen-store.ts');
  return { ...memory, useUiStore, useTransfersStore, useLocalScreenStore };
}

beforeEach(() => sessionStorage.clear());

describe('screen memory', () => {
  it('shows the section, the Transfers view on its page, the party on screen and the local tab again', async () => {
    sessionStorage.setItem('ledger-explorer:screen', JSON.stringify(REMEMBERED));
    const { restoreScreenOnce, useUiStore, useTransfersStore, useLocalScreenStore } = await load();
    restoreScreenOnce('sandbox', false);
    expect(useUiStore.getState().section).toBe('local');
    expect(useUiStore.getState().partyOnScreen).toEqual({
      profile: 'sandbox',
      party: PARTY,
      nodeId: 'validator-2',
      from: 'local',
    });
    expect(useTransfersStore.getState().view?.filters).toEqual(FILTERS);
    expect(useTransfersStore.getState().view?.cursors).toEqual({ cursors: [null, 'c2', 'c3'] });
    expect(useLocalScreenStore.getState().tab).toBe('sql');
  });

  it.each([
    ['not a list', 'c2'],
    ['a cursor that is not text', ['c2', 3]],
    ['a control character', ['c2', 'c\n3']],
    ['an empty cursor', ['c2', '']],
    ["a cursor past the channel's 8,192 characters", ['c'.repeat(8193)]],
    ['a history past 500,000 characters', Array.from({ length: 62 }, (_, i) => `${i}`.padEnd(8192, 'c'))],
  ])('shows page 1 for remembered cursors that are %s, and the rest as remembered', async (_, pages) => {
    sessionStorage.setItem('ledger-explorer:screen', JSON.stringify({ ...REMEMBERED, pages, localTab: 'admin' }));
    const { restoreScreenOnce, useTransfersStore, useLocalScreenStore } = await load();
    restoreScreenOnce('sandbox', false);
    expect(useTransfersStore.getState().view?.filters).toEqual(FILTERS);
    expect(useTransfersStore.getState().view?.cursors).toEqual({ cursors: [null] });
    expect(useLocalScreenStore.getState().tab).toBe('transfers');
  });

  it.each([
    ['another profile', { ...REMEMBERED, profile: 'acme' }],
    ['a section that does not exist', { ...REMEMBERED, section: 'admin' }],
    ['not JSON', '{"profile":'],
  ])('applies nothing from %s', async (_, value) => {
    sessionStorage.setItem('ledger-explorer:screen', typeof value === 'string' ? value : JSON.stringify(value));
    const { restoreScreenOnce, useUiStore, useTransfersStore } = await load();
    restoreScreenOnce('sandbox', false);
    expect(useUiStore.getState().section).toBe('transfers');
    expect(useUiStore.getState().partyOnScreen).toBeNull();
    expect(useTransfersStore.getState().view).toBeNull();
  });

  it('drops a part that fails its schema and keeps the rest', async () => {
    const hostile = {
      ...REMEMBERED,
      transfers: { ...FILTERS, party: '<img src=x onerror=alert(1)>' },
      party: { party: PARTY, nodeId: 'validator\n2', from: 'local' },
    };
    sessionStorage.setItem('ledger-explorer:screen', JSON.stringify(hostile));
    const { restoreScreenOnce, useUiStore, useTransfersStore } = await load();
    restoreScreenOnce('sandbox', false);
    expect(useUiStore.getState().section).toBe('local');
    expect(useTransfersStore.getState().view).toBeNull();
    expect(useUiStore.getState().partyOnScreen).toBeNull();
  });

  it('leaves the screen to a link asked for at load, and restores only once', async () => {
    sessionStorage.setItem('ledger-explorer:screen', JSON.stringify(REMEMBERED));
    const { restoreScreenOnce, useUiStore } = await load();
    restoreScreenOnce('sandbox', true);
    restoreScreenOnce('sandbox', false);
    expect(useUiStore.getState().section).toBe('transfers');
  });
});
