// The summary above the table: exact totals in, out and net per instrument for the loaded legs,
// and the daily net flow of one instrument, picked here, drawn by the real uPlot.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { SummaryPanel } from '../../../../../src-renderer/features/transfers/summary/summary-panel.tsx';
import type { TransferLeg } from '../../../../../src-shared/contract/transfers.ts';
import { stubCanvas2d } from '../../../../fixtures/canvas-2d-stub.ts';
import { REGISTRAR, transferLeg } from '../../../../fixtures/transfer-legs.ts';
import { renderWithApp } from '../../../support/render-with-app.tsx';

const usdx = (patch: Partial<TransferLeg>) =>
  transferLeg({ instrumentAdmin: REGISTRAR, instrumentId: 'USDx', symbol: null, decimals: 2, ...patch });

const PAGE_1: TransferLeg[] = [
  transferLeg({ amount: '100.5', effectiveAt: '2026-10-30T10:00:00Z' }),
  transferLeg({ amount: '0.0000000001', effectiveAt: '2026-10-31T10:00:00Z' }),
  transferLeg({ amount: '50', isIncoming: false, effectiveAt: '2026-10-31T11:00:00Z' }),
  usdx({ amount: '7', isIncoming: false, effectiveAt: '2026-10-31T12:00:00Z' }),
  usdx({ amount: null }),
];

const totalsRows = () =>
  within(screen.getByRole('table', { name: 'Totals per instrument' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.children, (c) => c.textContent));

beforeEach(() => {
  stubCanvas2d();
});

describe('SummaryPanel', () => {
  it('shows nothing while no leg is loaded', () => {
    renderWithApp(<SummaryPanel chunks={[]} zone="utc" />);

    expect(screen.queryByRole('region', { name: 'Summary of the loaded legs' })).toBeNull();
  });

  it('totals each instrument exactly, padded to its decimals, most legs first', () => {
    renderWithApp(<SummaryPanel chunks={[PAGE_1]} zone="utc" />);

    expect(screen.getByRole('heading', { name: 'Summary of 5 loaded legs' })).toBeTruthy();
    expect(totalsRows()).toEqual([
      ['CC (Amulet)', 'DSO::1220dd…dddd', '3', '100.5000000001', '50.0000000000', '50.5000000001'],
      ['USDx', 'registrar::1220ee…eeee', '2 (1 without an amount)', '0.00', '7.00', '-7.00'],
    ]);
  });

  it('draws the daily net flow of the first instrument, and of another one picked', async () => {
    const { user } = renderWithApp(<SummaryPanel chunks={[PAGE_1]} zone="utc" />);
    const chart = await screen.findByTestId('flow-chart');
    expect(
      screen.getByRole('heading', { name: 'Net flow of CC (Amulet) per UTC day · administrator DSO::1220dd…dddd' }),
    ).toBeTruthy();
    expect(chart.getAttribute('aria-label')).toBe(
      'Net flow of CC (Amulet) per UTC day: 2 days from 2026-10-30 to 2026-10-31',
    );
    // uPlot really drew into it.
    expect(chart.querySelector('canvas')).not.toBeNull();
    expect(screen.getByText(/Incoming minus outgoing per UTC day/)).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Daily net flow of'), 'USDx');

    expect(
      screen.getByRole('heading', { name: 'Net flow of USDx per UTC day · administrator registrar::1220ee…eeee' }),
    ).toBeTruthy();
    expect((await screen.findByTestId('flow-chart')).getAttribute('aria-label')).toBe(
      'Net flow of USDx per UTC day: 1 day, 2026-10-31',
    );
  });

  it('counts days in local time when the user reads times locally', () => {
    renderWithApp(<SummaryPanel chunks={[[transferLeg()]]} zone="local" />);

    expect(screen.getByRole('heading', { name: 'Summary of 1 loaded leg' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: /^Net flow of CC \(Amulet\) per local day/ })).toBeTruthy();
  });

  it('adds the pages Load all appends, and starts over for other legs', () => {
    const { rerender } = renderWithApp(<SummaryPanel chunks={[PAGE_1]} zone="utc" />);

    rerender(<SummaryPanel chunks={[PAGE_1, [transferLeg({ amount: '0.4999999999' })]]} zone="utc" />);
    expect(screen.getByRole('heading', { name: 'Summary of 6 loaded legs' })).toBeTruthy();
    expect(totalsRows()[0]).toEqual([
      'CC (Amulet)',
      'DSO::1220dd…dddd',
      '4',
      '101.0000000000',
      '50.0000000000',
      '51.0000000000',
    ]);

    rerender(<SummaryPanel chunks={[[usdx({ amount: '1.5' })]]} zone="utc" />);
    expect(screen.getByRole('heading', { name: 'Summary of 1 loaded leg' })).toBeTruthy();
    expect(totalsRows()).toEqual([['USDx', 'registrar::1220ee…eeee', '1', '1.50', '0.00', '1.50']]);
  });

  it('names an instrument without symbol or administrator as well as it can', () => {
    renderWithApp(
      <SummaryPanel
        chunks={[[transferLeg({ instrumentAdmin: null, instrumentId: null, symbol: null, decimals: null })]]}
        zone="utc"
      />,
    );

    expect(totalsRows()).toEqual([['(no instrument id)', '—', '1', '1,500.25', '0', '1,500.25']]);
  });

  describe('the net-flow chart scale', () => {
    // Three ordinary days and one a thousand times larger.
    const OUTLIER: TransferLeg[] = [
      transferLeg({ amount: '100', effectiveAt: '2026-10-01T10:00:00Z' }),
      transferLeg({ amount: '90', isIncoming: false, effectiveAt: '2026-10-02T10:00:00Z' }),
      transferLeg({ amount: '1000000', effectiveAt: '2026-10-03T10:00:00Z' }),
      transferLeg({ amount: '80', effectiveAt: '2026-10-04T10:00:00Z' }),
    ];

    it('clips the outlier day by default and says so; Linear draws it in full', async () => {
      const { user } = renderWithApp(<SummaryPanel chunks={[OUTLIER]} zone="utc" />);

      expect(screen.getByRole('radio', { name: 'Clip outliers' })).toHaveProperty('checked', true);
      expect(screen.getByText('1 day clipped at ±500')).toBeTruthy();

      await user.click(screen.getByRole('radio', { name: 'Linear' }));
      expect(screen.getByRole('radio', { name: 'Linear' })).toHaveProperty('checked', true);
      expect(screen.queryByText(/clipped at/)).toBeNull();

      await user.click(screen.getByRole('radio', { name: 'Clip outliers' }));
      expect(screen.getByText('1 day clipped at ±500')).toBeTruthy();
    });

    it('clips nothing when no day is far out', () => {
      renderWithApp(<SummaryPanel chunks={[PAGE_1]} zone="utc" />);

      expect(screen.getByRole('radio', { name: 'Clip outliers' })).toHaveProperty('checked', true);
      expect(screen.queryByText(/clipped at/)).toBeNull();
    });

    it('shows the exact net flow of the day under the pointer, summed digit for digit', async () => {
      // As floats these two would sum to 123456789.12345679.
      const legs = [
        usdx({ amount: '123456789.123456789012345677', decimals: 18, effectiveAt: '2026-10-02T10:00:00Z' }),
        usdx({ amount: '0.000000000000000001', decimals: 18, effectiveAt: '2026-10-02T11:00:00Z' }),
      ];
      renderWithApp(<SummaryPanel chunks={[legs]} zone="utc" />);
      const readout = screen.getByText('Point at a bar for its exact amount.');

      // One day: its bar is in the middle of the plot (a day either side).
      const chart = await screen.findByTestId('flow-chart');
      // uPlot lays out and draws in a microtask: the axis it drew is written on the element.
      await waitFor(() => expect(chart.dataset.ticks).toBe('2026-10-02T00:00:00.000Z'));
      const over = chart.querySelector('.u-over') as HTMLElement;
      fireEvent.mouseEnter(over);
      fireEvent.mouseMove(over, { clientX: Number.parseFloat(over.style.width) / 2, clientY: 10 });

      expect(readout.textContent).toBe('2026-10-02 (UTC): net +123,456,789.123456789012345678 USDx');
    });
  });
});
