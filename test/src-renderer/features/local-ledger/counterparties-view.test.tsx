// The counterparties view over a fake bridge: the default range (365 days up to the newest synced
// leg, said on screen), the ranked table per instrument with exact amounts, the note on legs left
// out of sums, a bad date refused at its field, and the relationship view a row opens.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { CounterpartiesView } from '../../../../src-renderer/features/local-ledger/counterparties/counterparties-view.tsx';
import type {
  CounterpartyRanking,
  CounterpartyRow,
  LocalPartyStatus,
  Relationship,
} from '../../../../src-shared/contract/local-ledger.ts';
import { stubCanvas2d } from '../../../fixtures/canvas-2d-stub.ts';
import { createFakeBridge } from '../../../fixtures/fake-bridge.ts';
import { renderWithApp } from '../../support/render-with-app.tsx';

const PARTY = 'alice::1220aa';
const BOB = 'bob::1220bb';
const CAROL = 'carol::1220cc';

const status = (over: Partial<LocalPartyStatus> = {}): LocalPartyStatus => ({
  profileId: 'sandbox',
  party: PARTY,
  legs: 3,
  inexactLegs: 0,
  lastSyncAt: '2026-01-01T00:00:00.000Z',
  nodeId: null,
  firstEffectiveAt: '2025-01-01T00:00:00Z',
  lastEffectiveAt: '2025-06-30T15:00:00Z',
  resumable: false,
  job: null,
  ...over,
});

const row = (over: Partial<CounterpartyRow>): CounterpartyRow => ({
  instrumentAdmin: 'dso::1',
  instrumentId: 'Amulet',
  symbol: 'CC',
  decimals: 10,
  counterparty: BOB,
  legsIn: 1,
  legsOut: 0,
  volumeIn: '0',
  volumeOut: '0',
  net: '0',
  firstSeen: '2025-02-01T10:00:00.000000Z',
  lastSeen: '2025-03-01T10:00:00.000000Z',
  ...over,
});

const RANKING: CounterpartyRanking = {
  rows: [
    row({ counterparty: BOB, legsIn: 2, volumeIn: '123456789012345678901234.5', net: '123456789012345678901234.5' }),
    row({ counterparty: CAROL, legsIn: 0, legsOut: 1, volumeOut: '0.0000000001', net: '-0.0000000001' }),
    row({ instrumentId: 'USDx', symbol: null, decimals: 2, counterparty: CAROL, volumeIn: '7', net: '7' }),
  ],
  inexactLegs: 2,
  elapsedMs: 3,
};

const rowsOf = (name: string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => Array.from(r.children, (c) => c.textContent));

beforeEach(() => {
  stubCanvas2d();
});

describe('CounterpartiesView', () => {
  it('ranks each instrument by the default range, with exact amounts and the inexact note', async () => {
    const bridge = createFakeBridge({
      local: { status: async () => status(), counterparties: async () => structuredClone(RANKING) },
    });
    renderWithApp(<CounterpartiesView profileId="sandbox" party={PARTY} />, { bridge });

    expect(await screen.findByText('Default: the 365 days up to the newest synced leg (2025-06-30).')).toBeTruthy();
    await screen.findByRole('table', { name: 'CC counterparties' });
    expect(bridge.local.counterparties).toHaveBeenCalledWith({
      profileId: 'sandbox',
      party: PARTY,
      range: { after: '2024-07-01T00:00:00Z', before: '2025-07-01T00:00:00Z' },
      instruments: null,
    });
    expect(rowsOf('CC counterparties').map((r) => r.slice(2, 7))).toEqual([
      [
        '2',
        '0',
        '123,456,789,012,345,678,901,234.5000000000',
        '0.0000000000',
        '123,456,789,012,345,678,901,234.5000000000',
      ],
      ['0', '1', '0.0000000000', '0.0000000001', '-0.0000000001'],
    ]);
    expect(rowsOf('USDx counterparties')[0].slice(4, 7)).toEqual(['7.00', '0.00', '7.00']);
    expect(screen.getByRole('note').textContent).toMatch(/^2 legs were left out of the sums/);
  });

  it('refuses a date that does not exist at its field, and asks again for a range typed right', async () => {
    const bridge = createFakeBridge({
      local: { status: async () => status(), counterparties: async () => structuredClone(RANKING) },
    });
    const { user } = renderWithApp(<CounterpartiesView profileId="sandbox" party={PARTY} />, { bridge });
    const from = await screen.findByLabelText('From');
    expect(from).toHaveProperty('value', '2024-07-01');

    await user.clear(from);
    await user.type(from, '2025-02-30');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert').textContent).toBe('From: no such date: 2025-02 has no day 30');

    await user.clear(from);
    await user.type(from, '2025-02-01');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(bridge.local.counterparties).toHaveBeenLastCalledWith(
        expect.objectContaining({ range: { after: '2025-02-01T00:00:00Z', before: '2025-07-01T00:00:00Z' } }),
      ),
    );
    expect(screen.queryByText(/^Default:/)).toBeNull();
  });

  it('opens the relationship with a clicked counterparty: totals, chart and every leg', async () => {
    const relationship: Relationship = {
      counterparty: BOB,
      totals: [RANKING.rows[0]],
      flows: [
        { ...RANKING.rows[0], start: '2025-02-01T00:00:00.000000Z' },
        { ...RANKING.rows[0], start: '2025-03-01T00:00:00.000000Z', volumeIn: '1', net: '1' },
      ],
      legs: [
        {
          updateId: 'upd-2',
          effectiveAt: '2025-03-01T10:00:00Z',
          instrumentAdmin: 'dso::1',
          instrumentId: 'Amulet',
          symbol: 'CC',
          decimals: 10,
          amount: '1',
          senderParty: BOB,
          receiverParty: PARTY,
          counterparty: BOB,
          isIncoming: true,
          status: 'completed',
          amountExact: true,
        },
      ],
      total: 1,
      inexactLegs: 0,
      elapsedMs: 2,
    };
    const bridge = createFakeBridge({
      local: {
        status: async () => status(),
        counterparties: async () => structuredClone(RANKING),
        relationship: async () => structuredClone(relationship),
      },
    });
    const { user } = renderWithApp(<CounterpartiesView profileId="sandbox" party={PARTY} />, { bridge });

    // Named by the text it shows (a voice-control user says what they see), the action with the
    // full id as its description.
    const open = await screen.findByRole('button', { description: `Open the relationship with ${BOB}` });
    expect(open).toBe(screen.getByRole('button', { name: BOB }));
    await user.click(open);

    expect(await screen.findByRole('table', { name: 'Totals between the parties' })).toBeTruthy();
    expect(bridge.local.relationship).toHaveBeenCalledWith(
      expect.objectContaining({ counterparty: BOB, bucket: 'month', instruments: null }),
    );
    expect(rowsOf('Totals between the parties')[0].slice(0, 4)).toEqual([
      'CC',
      '2',
      '0',
      '123,456,789,012,345,678,901,234.5000000000',
    ]);
    // The chart's title names the instrument on screen, not only for screen readers.
    expect(
      screen.getByRole('heading', { name: /^Net flow of CC \(Amulet\) per UTC month · administrator / }),
    ).toBeTruthy();
    expect((await screen.findByTestId('flow-chart')).getAttribute('aria-label')).toBe(
      'Net flow of CC (Amulet) per UTC month: 2 months from 2025-02-01 to 2025-03-01',
    );
    expect(rowsOf('Legs between the parties')[0].slice(0, 4)).toEqual([
      '2025-03-01 10:00:00 UTC',
      'in',
      'CC',
      '1.0000000000',
    ]);

    await user.click(screen.getByRole('button', { name: '← All counterparties' }));
    expect(await screen.findByRole('table', { name: 'CC counterparties' })).toBeTruthy();
  });
});
