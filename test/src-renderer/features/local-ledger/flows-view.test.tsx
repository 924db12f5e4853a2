// The flows view over a fake bridge: per instrument a chart and a table of buckets with exact
// totals, and the day/week/month switch asking main again.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { FlowsView } from '../../../../src-renderer/features/local-ledger/flows/flows-view.tsx';
import type { FlowBucket, Flows } from '../../../../src-shared/contract/local-ledger.ts';
import { stubCanvas2d } from '../../../fixtures/canvas-2d-stub.ts';
import { createFakeBridge } from '../../../fixtures/fake-bridge.ts';
import { renderWithApp } from '../../support/render-with-app.tsx';

const PARTY = 'alice::1220aa';

const bucket = (over: Partial<FlowBucket>): FlowBucket => ({
  instrumentAdmin: 'dso::1',
  instrumentId: 'Amulet',
  symbol: 'CC',
  decimals: 2,
  start: '2025-03-03T00:00:00.000000Z',
  legsIn: 1,
  legsOut: 0,
  volumeIn: '0.10',
  volumeOut: '0',
  net: '0.10',
  ...over,
});

const FLOWS: Flows = {
  buckets: [
    bucket({}),
    bucket({
      start: '2025-03-04T00:00:00.000000Z',
      legsIn: 0,
      legsOut: 1,
      volumeIn: '0',
      volumeOut: '0.20',
      net: '-0.20',
    }),
    bucket({
      start: '2025-03-05T00:00:00.000000Z',
      volumeIn: '99999999999999999999.90',
      net: '99999999999999999999.90',
    }),
  ],
  inexactLegs: 0,
  elapsedMs: 1,
};

beforeEach(() => {
  stubCanvas2d();
});

describe('FlowsView', () => {
  it('charts and tables each instrument per bucket with exact totals, and switches to months', async () => {
    const bridge = createFakeBridge({
      local: {
        status: async (profileId, party) => ({
          profileId,
          party,
          legs: 3,
          inexactLegs: 0,
          lastSyncAt: null,
          nodeId: null,
          firstEffectiveAt: null,
          lastEffectiveAt: null,
          resumable: false,
          job: null,
        }),
        flows: async () => structuredClone(FLOWS),
      },
    });
    const { user } = renderWithApp(<FlowsView profileId="sandbox" party={PARTY} />, { bridge });

    const table = await screen.findByRole('table', { name: 'CC flows per day' });
    expect(screen.getByText('Nothing synced yet: every time.')).toBeTruthy();
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => Array.from(r.children, (c) => c.textContent));
    expect(rows.slice(1, 3)).toEqual([
      ['2025-03-03', '1', '0', '0.10', '0.00', '0.10'],
      ['2025-03-04', '0', '1', '0.00', '0.20', '-0.20'],
    ]);
    // The total line, added up exactly (a float would lose the cents).
    expect(rows.at(-1)).toEqual([
      'Total',
      '2',
      '1',
      '100,000,000,000,000,000,000.00',
      '0.20',
      '99,999,999,999,999,999,999.80',
    ]);
    const chart = await screen.findByTestId('flow-chart');
    expect(chart.querySelector('canvas')).not.toBeNull();
    expect(
      screen.getByRole('heading', { name: 'Net flow of CC (Amulet) per UTC day · administrator dso::1' }),
    ).toBeTruthy();
    // The store's buckets are UTC days: the axis is the three days and one either side.
    await waitFor(() => expect(chart.dataset.xFrom).toBe('2025-03-02T00:00:00.000Z'));
    expect(chart.dataset.xTo).toBe('2025-03-06T00:00:00.000Z');

    await user.click(screen.getByRole('radio', { name: 'month' }));
    await waitFor(() =>
      expect(bridge.local.flows).toHaveBeenLastCalledWith({
        profileId: 'sandbox',
        party: PARTY,
        range: { after: null, before: null },
        instruments: null,
        bucket: 'month',
      }),
    );
  });
});
