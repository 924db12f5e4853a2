// With a lake open (issue 37, item 13), the Local ledger offers the lake's parties: the header's
// party picker lists them alone (not the store's synced parties, not the sandbox's), and so do the
// views' chosen set and the portfolio manager, so no choice leads to a party the lake does not hold.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { LocalLedgerScreen } from '../../../../src-renderer/features/local-ledger/local-ledger-screen.tsx';
import { useUiStore } from '../../../../src-renderer/ui-store.ts';
import type { LakeInfo } from '../../../../src-shared/contract/lake.ts';
import type { LocalStoreInfo } from '../../../../src-shared/contract/local-ledger.ts';
import { createFakeBridge } from '../../../fixtures/fake-bridge.ts';
import { renderWithApp } from '../../support/render-with-app.tsx';

const id = (name: string) => `${name}::1220${'cd'.repeat(32)}`;
/** The store holds 60 synced parties; the lake 4 (two of them also in the store). */
const STORED = Array.from({ length: 60 }, (_, i) => id(`stored-${i}`));
const IN_LAKE = [STORED[0], STORED[1], id('lake-only-a'), id('lake-only-b')];

const lake: LakeInfo = {
  profileId: 'sandbox',
  folder: '/desk/ledger-lake',
  writtenAt: '2026-10-30T12:00:00Z',
  writer: 'npm run cli -- lake sync on desk-1, profile sandbox',
  legs: 400,
  bytes: 4096,
  parties: IN_LAKE.map((party) => ({ party, legs: 100, months: 2, syncedAt: '2026-10-30T12:00:00Z' })),
};

const stores = async (): Promise<LocalStoreInfo[]> => [
  {
    profileId: 'sandbox',
    profileName: 'Sandbox',
    path: '/x/sandbox.duckdb',
    sizeBytes: 1,
    parties: STORED.map((party) => ({ party, legs: 7, lastSyncAt: '2026-10-29T00:00:00Z', nodeId: null })),
  },
];

function lakeBridge() {
  return createFakeBridge({
    local: {
      stores,
      lake: async () => lake,
      status: async (profileId, party) => ({
        profileId,
        party,
        legs: IN_LAKE.includes(party) ? 100 : 0,
        inexactLegs: 0,
        lastSyncAt: IN_LAKE.includes(party) ? '2026-10-30T12:00:00Z' : null,
        nodeId: null,
        firstEffectiveAt: null,
        lastEffectiveAt: null,
        resumable: false,
        job: null,
      }),
    },
  });
}

const offered = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => (o as HTMLOptionElement).value)
    .filter(Boolean);

beforeEach(() => {
  useUiStore.setState({ partyOnScreen: null, localTarget: null });
});

describe('the Local ledger with a lake open', () => {
  it("offers the lake's parties in the party picker, the views' chosen set and the portfolio manager", async () => {
    const { user } = renderWithApp(<LocalLedgerScreen />, { bridge: lakeBridge() });
    await screen.findByText(/Reading the lake at/);
    const picker = screen.getByLabelText('Party', { selector: 'select' });
    await waitFor(() => expect(offered(picker)).toEqual(IN_LAKE));
    expect(within(picker).queryByRole('group', { name: 'Sandbox parties' })).toBeNull();

    await user.selectOptions(picker, IN_LAKE[2]);
    const scope = await screen.findByRole('combobox', { name: 'View parties' });
    // Every party the views read is the lake's: the option says so, not "All synced parties".
    expect(within(scope).getByRole('option', { name: "All the lake's parties" })).toBeTruthy();
    expect(within(scope).queryByRole('option', { name: 'All synced parties' })).toBeNull();
    await user.selectOptions(scope, 'parties');
    const set = screen.getByRole('group', { name: 'View party set' });
    await waitFor(() =>
      expect(
        within(set)
          .getAllByRole('checkbox')
          .map((box) => box.closest('label')?.querySelector('[data-party]')?.getAttribute('data-party')),
      ).toEqual([IN_LAKE[2], IN_LAKE[0], IN_LAKE[1], IN_LAKE[3]]),
    );

    await user.click(screen.getByRole('button', { name: 'Portfolios…' }));
    const form = screen.getByRole('form', { name: 'New portfolio' });
    expect(within(form).getAllByRole('checkbox')).toHaveLength(IN_LAKE.length);
  });
});
