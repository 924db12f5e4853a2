// The one flow chart, drawn by the real uPlot in happy-dom (a stub 2D context): a visible title
// naming the series, words instead of an empty axis, the axis it drew (one bucket either side of
// the data), the exact amount of the bucket under the pointer and words for a gap, and a scale
// choice of its own per chart.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { FlowChart, type FlowChartProps } from '../../../../src-renderer/ui/flow-chart/flow-chart.tsx';
import { adminDetail, netFlowTitle } from '../../../../src-renderer/ui/flow-chart/instrument-title.tsx';
import { stubCanvas2d } from '../../../fixtures/canvas-2d-stub.ts';
import { renderWithApp } from '../../support/render-with-app.tsx';

const ms = (day: string) => Date.parse(`${day}T00:00:00Z`);
const ADMIN = `DSO::1220${'d'.repeat(64)}`;

const chart = (props: Partial<FlowChartProps> = {}) => (
  <FlowChart
    points={[]}
    grain="day"
    zone="utc"
    title={netFlowTitle({ symbol: 'CC', id: 'Amulet' }, props.grain ?? 'day', 'utc')}
    detail={adminDetail(ADMIN)}
    decimals={10}
    unit="CC"
    gapText="no legs"
    {...props}
  />
);

/** Waits for uPlot's first drawing (it lays out in a microtask), then points at `day`'s position. */
async function pointAt(plot: HTMLElement, day: string) {
  await waitFor(() => expect(plot.dataset.xFrom).toBeDefined());
  const [from, to] = [Date.parse(plot.dataset.xFrom as string), Date.parse(plot.dataset.xTo as string)];
  const over = plot.querySelector('.u-over') as HTMLElement;
  const width = Number.parseFloat(over.style.width);
  fireEvent.mouseEnter(over);
  fireEvent.mouseMove(over, { clientX: ((ms(day) - from) / (to - from)) * width, clientY: 10 });
}

beforeEach(() => {
  stubCanvas2d();
});

describe('FlowChart', () => {
  it('titles the chart with the instrument and its administrator, and names it for screen readers', async () => {
    renderWithApp(chart({ points: [{ start: ms('2026-10-30'), value: '1' }] }));

    expect(
      screen.getByRole('heading', { name: 'Net flow of CC (Amulet) per UTC day · administrator DSO::1220dd…dddd' }),
    ).toBeTruthy();
    expect(
      await screen.findByRole('img', { name: 'Net flow of CC (Amulet) per UTC day: 1 day, 2026-10-30' }),
    ).toBeTruthy();
  });

  it('says in words that there is nothing to draw, under the title, instead of an empty axis', () => {
    renderWithApp(chart({ emptyText: 'No legs in this range.' }));

    expect(screen.getByRole('heading', { name: /^Net flow of CC \(Amulet\)/ })).toBeTruthy();
    expect(screen.getByText('No legs in this range.')).toBeTruthy();
    expect(screen.queryByTestId('flow-chart')).toBeNull();
    expect(screen.queryByRole('radio', { name: 'Linear' })).toBeNull();
  });

  it('draws one month between its neighbours, with its tick, not across a thousand days', async () => {
    renderWithApp(chart({ grain: 'month', points: [{ start: ms('2026-10-01'), value: '5' }] }));
    const plot = await screen.findByTestId('flow-chart');

    await waitFor(() => expect(plot.dataset.xFrom).toBe('2026-09-01T00:00:00.000Z'));
    expect(plot.dataset.xTo).toBe('2026-11-01T00:00:00.000Z');
    expect(plot.dataset.ticks).toBe('2026-10-01T00:00:00.000Z');
    expect(plot.querySelector('canvas')).not.toBeNull();
  });

  it('shows the exact amount of the bucket under the pointer, and says so when the bucket has none', async () => {
    renderWithApp(
      chart({
        points: [
          { start: ms('2026-10-01'), value: '99999999999999999999.9999999999' },
          // Two rows of one day (two scales of one instrument) are one bar, added exactly.
          { start: ms('2026-10-04'), value: '-0.0000000001' },
          { start: ms('2026-10-04'), value: '-0.5' },
        ],
      }),
    );
    const plot = await screen.findByTestId('flow-chart');
    const readout = screen.getByText('Point at a bar for its exact amount.');

    await pointAt(plot, '2026-10-01');
    // Next to -0.5 this bar is far out: drawn clipped, its amount still exact.
    expect(readout.textContent).toBe('2026-10-01 (UTC): net +99,999,999,999,999,999,999.9999999999 CC (bar clipped)');

    await pointAt(plot, '2026-10-04');
    expect(readout.textContent).toBe('2026-10-04 (UTC): net -0.5000000001 CC');

    // The days between are a gap, not a bar drawn from the neighbours.
    await pointAt(plot, '2026-10-02');
    expect(readout.textContent).toBe('2026-10-02 (UTC): no legs');

    fireEvent.mouseLeave(plot.querySelector('.u-over') as HTMLElement);
    await waitFor(() => expect(readout.textContent).toBe('Point at a bar for its exact amount.'));
  });

  it('steps from bar to bar with the keyboard, over the gaps, and reads each one out exactly', async () => {
    const { user } = renderWithApp(
      chart({
        grain: 'week',
        points: [
          { start: ms('2026-10-05'), value: '1.5' },
          { start: ms('2026-10-26'), value: '-2' },
          { start: ms('2026-11-02'), value: '3' },
        ],
      }),
    );
    const plot = await screen.findByTestId('flow-chart');
    const readout = screen.getByText('Point at a bar for its exact amount.');
    await waitFor(() => expect(plot.dataset.xFrom).toBeDefined());

    plot.focus();
    await user.keyboard('{ArrowRight}');
    expect(readout.textContent).toBe('week of 2026-10-05 (UTC): net +1.5000000000 CC');
    await user.keyboard('{ArrowRight}');
    expect(readout.textContent).toBe('week of 2026-10-26 (UTC): net -2.0000000000 CC');
    await user.keyboard('{End}');
    expect(readout.textContent).toBe('week of 2026-11-02 (UTC): net +3.0000000000 CC');
    await user.keyboard('{ArrowRight}{ArrowLeft}{ArrowLeft}');
    expect(readout.textContent).toBe('week of 2026-10-05 (UTC): net +1.5000000000 CC');
  });

  it('clips an outlier by default and says so; each chart has its own scale choice', async () => {
    const points = ['100', '-90', '1000000', '80'].map((value, i) => ({ start: ms(`2026-10-0${i + 1}`), value }));
    const { user } = renderWithApp(
      <>
        <section aria-label="first">{chart({ points })}</section>
        <section aria-label="second">{chart({ points })}</section>
      </>,
    );
    const [first, second] = ['first', 'second'].map((name) => within(screen.getByRole('region', { name })));

    expect(first.getByText('1 day clipped at ±500')).toBeTruthy();
    await user.click(first.getByRole('radio', { name: 'Linear' }));

    expect(first.queryByText(/clipped at/)).toBeNull();
    expect(second.getByRole('radio', { name: 'Clip outliers' })).toHaveProperty('checked', true);
    expect(second.getByText('1 day clipped at ±500')).toBeTruthy();

    await pointAt(await second.findByTestId('flow-chart'), '2026-10-03');
    expect(second.getByText(/^2026-10-03 \(UTC\)/).textContent).toBe(
      '2026-10-03 (UTC): net +1,000,000.0000000000 CC (bar clipped)',
    );
  });
});
