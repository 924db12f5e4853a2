// The one chart of flows over time (the Transfers summary, the Local ledger's relationship view and
// Flows): a series of (bucket start, exact decimal value) points as bars, with a visible title, the
// exact value of the bucket under the pointer, compact y labels and the Linear / Clip outliers
// scale. The time axis (range and ticks) is computed in time-axis.ts, never by uPlot's autoscale.
// The plot itself (uPlot, its options and the keyboard's pointer): flow-plot.tsx.
// docs/charts.md
import { lazy, type ReactNode, Suspense, useId, useMemo, useState } from 'react';
import type { TimeZoneChoice } from '../../../src-shared/time/time-text.ts';
import { loadChunk } from '../../chunk-gate.ts';
import { bucketWord, dateText, type Grain } from '../chart/time-axis.ts';
import { HEIGHT } from './flow-plot-size.ts';
import {
  bucketReadout,
  type ChartBucket,
  chartBuckets,
  clippedNote,
  type FlowPoint,
  type FlowScale,
  flowSeries,
} from './flow-scale.ts';
import './flow-chart.css';

// uPlot (about 120 KB of script) loads with the first chart drawn, not with the first screen
// (issue 39: the cold load to interactive); the app fetches it while idle (lazy-screens.tsx).
export const loadFlowPlot = () => loadChunk(() => import('./flow-plot.tsx'));
const FlowPlot = lazy(async () => ({ default: (await loadFlowPlot()).FlowPlot }));

export interface FlowChartProps {
  /** One point per bucket start (points sharing a start are added exactly); missing buckets are gaps. */
  points: readonly FlowPoint[];
  grain: Grain;
  /** The zone the bucket starts are midnights of; the axis and the readout use it too. */
  zone: TimeZoneChoice;
  /** Shown above the chart and the start of its accessible name ("Net flow of CC (Amulet) per UTC day"). */
  title: string;
  /** Beside the title: what tells two series of the same name apart (the instrument's administrator). */
  detail?: ReactNode;
  /** The values' decimals: the readout pads to them (formatAmount), never rounds. */
  decimals: number | null;
  /** Written after the exact value in the readout ("CC"). */
  unit: string;
  /** The value's name in the readout: "net". */
  valueName?: string;
  /** The readout for a bucket with no point. */
  gapText?: string;
  /** Said instead of a chart when there is no point at all (never an empty axis). */
  emptyText?: string;
  /** A line under the chart, after the common one. */
  note?: ReactNode;
}

/**
 * A chart of one series of buckets. Its scale choice (Clip outliers by default: one huge bucket
 * would otherwise flatten every other bar) and the pointed bucket are its own state.
 */
export function FlowChart({
  points,
  grain,
  zone,
  title,
  detail,
  decimals,
  unit,
  valueName = 'net',
  gapText = 'nothing',
  emptyText,
  note,
}: FlowChartProps) {
  const buckets = useMemo(() => chartBuckets(points), [points]);
  const [scale, setScale] = useState<FlowScale>('clip');
  const series = useMemo(() => flowSeries(buckets, scale), [buckets, scale]);
  const [pointed, setPointed] = useState<number | null>(null);
  const radioName = useId();
  const byStart = useMemo(() => new Map(buckets.map((b, i) => [b.start, i])), [buckets]);
  const clipped = clippedNote(series, grain);

  let readout = 'Point at a bar for its exact amount.';
  if (pointed !== null) {
    const index = byStart.get(pointed);
    readout = bucketReadout({
      start: pointed,
      bucket: index === undefined ? undefined : buckets[index],
      grain,
      zone,
      decimals,
      valueName,
      unit,
      gapText,
      clipped: index !== undefined && series.clippedBars[index] !== null,
    });
  }

  return (
    <div className="flow-chart-block">
      <h4 className="flow-chart-title">
        {title}
        {detail && <span className="flow-chart-detail muted"> · {detail}</span>}
      </h4>
      {buckets.length === 0 ? (
        <p className="muted flow-chart-empty">{emptyText ?? `No ${grain} has a value to draw.`}</p>
      ) : (
        <>
          <fieldset className="flow-scale">
            <legend>Scale</legend>
            <label>
              <input type="radio" name={radioName} checked={scale === 'linear'} onChange={() => setScale('linear')} />
              Linear
            </label>
            <label>
              <input type="radio" name={radioName} checked={scale === 'clip'} onChange={() => setScale('clip')} />
              Clip outliers
            </label>
            {clipped && <span className="flow-clipped-note">{clipped}</span>}
          </fieldset>
          <p className="flow-readout mono" aria-live="polite">
            {readout}
          </p>
          {/* Its place kept while uPlot loads: nothing below it moves when it is drawn. */}
          <Suspense fallback={<div className="flow-chart" style={{ height: HEIGHT }} aria-busy="true" />}>
            <FlowPlot
              series={series}
              grain={grain}
              zone={zone}
              label={`${title}: ${describe(buckets, grain, zone)}`}
              onPoint={setPointed}
            />
          </Suspense>
          <p className="muted flow-chart-note">
            {note}
            {note ? ' ' : ''}Bar heights are rounded for drawing; the amount under the pointer is exact. Drag across the
            bars to zoom in, double-click to see them all; on the focused chart, ← → step from bar to bar.
          </p>
        </>
      )}
    </div>
  );
}

/** "2 days from 2026-10-30 to 2026-10-31": the accessible name's account of the data. */
function describe(buckets: readonly ChartBucket[], grain: Grain, zone: TimeZoneChoice): string {
  const n = `${buckets.length.toLocaleString('en-US')} ${bucketWord(grain, buckets.length)}`;
  const first = dateText(buckets[0].start, zone);
  const last = dateText(buckets[buckets.length - 1].start, zone);
  return buckets.length === 1 ? `${n}, ${first}` : `${n} from ${first} to ${last}`;
}
