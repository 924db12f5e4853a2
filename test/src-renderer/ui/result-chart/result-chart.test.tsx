// The result chart, drawn by the real uPlot in happy-dom (a stub 2D context): the pickers propose a
// spec and every pick reaches onSpecChange; the value under the pointer is exact text; the SVG
// export goes to main (local:saveChart) as a plain SVG and says where it went.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ResultChart } from '../../../../src-renderer/ui/result-chart/result-chart.tsx';
import type { SqlResult } from '../../../../src-shared/contract/local-ledger.ts';
import type { ChartSpec } from '../../../../src-shared/notebook/query-file.ts';
import { stubCanvas2d } from '../../../fixtures/canvas-2d-stub.ts';
import { renderWithApp } from '../../support/render-with-app.tsx';

const RESULT: SqlResult = {
  columns: [
    { name: 'symbol', type: 'VARCHAR' },
    { name: 'direction', type: 'VARCHAR' },
    { name: 'legs', type: 'BIGINT' },
    { name: 'total', type: 'DECIMAL(38,10)' },
  ],
  rows: [
    ['CC', 'in', 3, '12345678901234567890.1234567891'],
    ['USDC', 'out', 1, '-0.0000000001'],
  ],
  truncated: false,
  elapsedMs: 1,
};

beforeEach(() => {
  stubCanvas2d();
});

const select = (name: string) => screen.getByRole('combobox', { name }) as HTMLSelectElement;

describe('ResultChart', () => {
  it('proposes a chart from the columns and hands every pick to onSpecChange', () => {
    const onSpecChange = vi.fn<(spec: ChartSpec) => void>();
    renderWithApp(<ResultChart result={RESULT} spec={null} onSpecChange={onSpecChange} title="Totals" />);

    expect(select('Chart').value).toBe('bar');
    expect(select('X').value).toBe('symbol');
    expect(select('Y').value).toBe('legs');
    expect([...select('Y').options].map((o) => o.value)).toEqual(['legs', 'total']);
    expect(select('Series').value).toBe('');

    fireEvent.change(select('Chart'), { target: { value: 'stacked' } });
    expect(onSpecChange).toHaveBeenLastCalledWith({ kind: 'stacked', x: 'symbol', xType: 'category', y: 'legs' });
    fireEvent.change(select('Y'), { target: { value: 'total' } });
    expect(onSpecChange).toHaveBeenLastCalledWith({ kind: 'bar', x: 'symbol', xType: 'category', y: 'total' });
    fireEvent.change(select('Series'), { target: { value: 'direction' } });
    expect(onSpecChange).toHaveBeenLastCalledWith({
      kind: 'bar',
      x: 'symbol',
      xType: 'category',
      y: 'legs',
      series: 'direction',
    });
    fireEvent.change(select('X as'), { target: { value: 'time' } });
    expect(onSpecChange).toHaveBeenLastCalledWith({ kind: 'bar', x: 'symbol', xType: 'time', y: 'legs' });
  });

  it('follows the spec it is given, and clearing the series takes it out of the spec', () => {
    const onSpecChange = vi.fn<(spec: ChartSpec) => void>();
    const spec: ChartSpec = { kind: 'line', x: 'symbol', xType: 'category', y: 'total', series: 'direction' };
    renderWithApp(<ResultChart result={RESULT} spec={spec} onSpecChange={onSpecChange} title="Totals" />);
    expect(select('Chart').value).toBe('line');
    expect(screen.getByRole('list', { name: 'Series' }).textContent).toBe('inout');
    fireEvent.change(select('Series'), { target: { value: '' } });
    expect(onSpecChange).toHaveBeenLastCalledWith({ kind: 'line', x: 'symbol', xType: 'category', y: 'total' });
  });

  it('says why when the spec names a column the result does not have', () => {
    const spec: ChartSpec = { kind: 'bar', x: 'day', xType: 'time', y: 'total' };
    renderWithApp(<ResultChart result={RESULT} spec={spec} onSpecChange={() => {}} title="Totals" />);
    expect(screen.getByRole('alert').textContent).toBe('The chart\'s x column "day" is not in this result.');
  });

  it('reads out the exact value of the bar under the pointer', async () => {
    const spec: ChartSpec = { kind: 'bar', x: 'symbol', xType: 'category', y: 'total' };
    renderWithApp(<ResultChart result={RESULT} spec={spec} onSpecChange={() => {}} title="Totals" />);
    const plot = screen.getByTestId('result-chart');
    await waitFor(() => expect(plot.dataset.drawn).toBeDefined());
    const over = plot.querySelector('.u-over') as HTMLElement;
    const width = Number.parseFloat(over.style.width);
    fireEvent.mouseEnter(over);
    // Two categories on [-0.5, 1.5]: the first is at a quarter of the width, the second at three quarters.
    fireEvent.mouseMove(over, { clientX: width * 0.25, clientY: 10 });
    expect(screen.getByTestId('chart-readout').textContent).toBe('CC · total: 12,345,678,901,234,567,890.1234567891');
    fireEvent.mouseMove(over, { clientX: width * 0.75, clientY: 10 });
    expect(screen.getByTestId('chart-readout').textContent).toBe('USDC · total: -0.0000000001');
  });

  it('steps through the marks with the keyboard and reads each one exactly', async () => {
    const spec: ChartSpec = { kind: 'stacked', x: 'symbol', xType: 'category', y: 'total', series: 'direction' };
    renderWithApp(<ResultChart result={RESULT} spec={spec} onSpecChange={() => {}} title="Totals" />);
    const plot = screen.getByRole('img', { name: 'Totals: total by 2 categories, 2 series' });
    const readout = screen.getByTestId('chart-readout');
    fireEvent.keyDown(plot, { key: 'ArrowRight' });
    expect(readout.textContent).toBe(
      'CC · in: 12,345,678,901,234,567,890.1234567891 (stack total 12,345,678,901,234,567,890.1234567891)',
    );
    fireEvent.keyDown(plot, { key: 'End' });
    fireEvent.keyDown(plot, { key: 'ArrowUp' });
    expect(readout.textContent).toBe('USDC · out: -0.0000000001 (stack total -0.0000000001)');
    fireEvent.keyDown(plot, { key: 'ArrowRight' });
    expect(readout.textContent).toBe('USDC · out: -0.0000000001 (stack total -0.0000000001)');
  });

  it('exports the SVG through main and says where it went', async () => {
    const { bridge } = renderWithApp(
      <ResultChart result={RESULT} spec={null} onSpecChange={() => {}} title="Totals" />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Export SVG…' }));
    await screen.findByText(/Saved the chart \(SVG\) to/);
    expect(bridge.local.saveChart).toHaveBeenCalledOnce();
    const request = bridge.local.saveChart.mock.calls[0][0] as { title: string; format: string; data: string };
    expect(request.title).toBe('Totals');
    expect(request.format).toBe('svg');
    expect(request.data).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  });

  it('draws an amount at its instrument’s scale, one instrument at a time, the unit in the axis label', async () => {
    // Monthly net flow per instrument: CC at 10 decimals (3 rows), USDX at 6 (2 rows).
    const monthly: SqlResult = {
      columns: [
        { name: 'month', type: 'TIMESTAMP' },
        { name: 'instrument_id', type: 'VARCHAR' },
        { name: 'symbol', type: 'VARCHAR' },
        { name: 'amount_scale', type: 'INTEGER' },
        { name: 'net_units', type: 'DECIMAL(38,0)' },
      ],
      rows: [
        ['2026-08-01 00:00:00', 'Amulet', 'CC', 10, '8000000000000000005000000000'],
        ['2026-09-01 00:00:00', 'USDX', 'USDX', 6, '500000000000'],
        ['2026-09-01 00:00:00', 'Amulet', 'CC', 10, '-122500000000'],
        ['2026-10-01 00:00:00', 'USDX', 'USDX', 6, '1000000000000'],
        ['2026-10-01 00:00:00', 'Amulet', 'CC', 10, '10000000000'],
      ],
      truncated: false,
      elapsedMs: 1,
    };
    const onSpecChange = vi.fn<(spec: ChartSpec) => void>();
    const spec: ChartSpec = { kind: 'bar', x: 'month', xType: 'time', y: 'net_units' };
    const { rerender } = renderWithApp(
      <ResultChart result={monthly} spec={spec} onSpecChange={onSpecChange} title="Monthly net flow" />,
    );
    // A choice of instrument, the one with the most rows first; the scale is no y of its own.
    expect([...select('Instrument').options].map((o) => o.textContent)).toEqual([
      'CC · Amulet · scale 10 (3 rows)',
      'USDX · scale 6 (2 rows)',
    ]);
    expect([...select('Y').options].map((o) => o.value)).toEqual(['net_units']);
    const plot = screen.getByRole('img', {
      name: 'Monthly net flow: net (CC) by 3 times from 2026-08-01 to 2026-10-01, 1 series',
    });
    fireEvent.keyDown(plot, { key: 'Home' });
    expect(screen.getByTestId('chart-readout').textContent).toBe(
      '2026-08-01 · net_units: 800,000,000,000,000,000.5000000000 CC',
    );
    fireEvent.change(select('Instrument'), { target: { value: 'USDX · scale 6' } });
    expect(onSpecChange).toHaveBeenLastCalledWith({ ...spec, instrument: 'USDX · scale 6' });
    rerender(
      <ResultChart
        result={monthly}
        spec={{ ...spec, instrument: 'USDX · scale 6' }}
        onSpecChange={onSpecChange}
        title="Monthly net flow"
      />,
    );
    const usdx = screen.getByRole('img', { name: /^Monthly net flow: net \(USDX\) by 2 times/ });
    fireEvent.keyDown(usdx, { key: 'End' });
    expect(screen.getByTestId('chart-readout').textContent).toBe('2026-10-01 · net_units: 1,000,000.000000 USDX');
  });

  it('says so when the result has nothing numeric to chart', () => {
    const result: SqlResult = { ...RESULT, columns: [{ name: 'symbol', type: 'VARCHAR' }], rows: [['CC']] };
    renderWithApp(<ResultChart result={result} spec={null} onSpecChange={() => {}} title="Totals" />);
    expect(screen.getByText(/no numeric column to chart/)).toBeTruthy();
    expect(screen.queryByTestId('result-chart')).toBeNull();
  });
});
