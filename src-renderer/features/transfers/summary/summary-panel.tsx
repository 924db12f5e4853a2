// Below the table: totals in and out per instrument for the loaded legs, and the daily net flow
// of one instrument (picked here) as the app's one flow chart (ui/flow-chart).
import { useMemo, useRef, useState } from 'react';
import type { TransferLeg } from '../../../../src-shared/contract/transfers.ts';
import { decimalToString } from '../../../../src-shared/decimal.ts';
import { AmountCell } from '../../../ui/amount-cell.tsx';
import { Field } from '../../../ui/field.tsx';
import { FlowChart } from '../../../ui/flow-chart/flow-chart.tsx';
import { adminDetail, instrumentName, instrumentUnit, netFlowTitle } from '../../../ui/flow-chart/instrument-title.tsx';
import { useKeyboardGrid } from '../../../ui/keyboard-grid.ts';
import { PartyName } from '../../../ui/party-id.tsx';
import { TableScroll } from '../../../ui/table-scroll.tsx';
import type { TimeZoneChoice } from '../table/leg-format.ts';
import { type InstrumentTotals, instrumentLabel, LegTally, netOf } from './transfer-summary.ts';

/** An exact total, whole (ui/amount-cell.tsx). */
const show = (t: InstrumentTotals, value: Parameters<typeof decimalToString>[0], label: string) => (
  <AmountCell amount={decimalToString(value)} decimals={t.decimals} label={label} />
);

/**
 * Totals of the loaded chunks (pages). When the new chunks extend the ones already counted (Load
 * all appending a page), only the new ones are added.
 */
function useLegTotals(chunks: ReadonlyArray<readonly TransferLeg[]>, zone: TimeZoneChoice) {
  const counted = useRef<{ tally: LegTally; chunks: ReadonlyArray<readonly TransferLeg[]> } | null>(null);
  return useMemo(() => {
    let state = counted.current;
    const extendsCounted =
      state !== null &&
      state.tally.zone === zone &&
      state.chunks.length <= chunks.length &&
      state.chunks.every((chunk, i) => chunk === chunks[i]);
    if (!state || !extendsCounted) state = { tally: new LegTally(zone), chunks: [] };
    for (const chunk of chunks.slice(state.chunks.length)) state.tally.add(chunk);
    counted.current = { tally: state.tally, chunks };
    return { totals: state.tally.instrumentTotals(), flows: state.tally.dailyFlows(), legs: state.tally.legCount };
  }, [chunks, zone]);
}

export function SummaryPanel({
  chunks,
  zone,
}: {
  /** The loaded legs, page by page. */
  chunks: ReadonlyArray<readonly TransferLeg[]>;
  zone: TimeZoneChoice;
}) {
  const { totals, flows, legs } = useLegTotals(chunks, zone);
  const [chosen, setChosen] = useState<string | null>(null);
  const grid = useKeyboardGrid();
  const chartKey = chosen && flows.has(chosen) ? chosen : (totals[0]?.key ?? null);
  const chartInstrument = totals.find((t) => t.key === chartKey);
  const chartPoints = useMemo(
    () => ((chartKey && flows.get(chartKey)) || []).map((d) => ({ start: d.start, value: decimalToString(d.net) })),
    [flows, chartKey],
  );

  if (legs === 0) return null;
  return (
    <section className="panel summary" aria-label="Summary of the loaded legs">
      <h3>
        Summary of {legs.toLocaleString('en')} loaded {legs === 1 ? 'leg' : 'legs'}
      </h3>
      <TableScroll>
        <table ref={grid} className="data-table totals-table" aria-label="Totals per instrument">
          <thead>
            <tr>
              <th scope="col">Instrument</th>
              <th scope="col">Administrator</th>
              <th scope="col" className="numeric">
                Legs
              </th>
              <th scope="col" className="numeric">
                Total in
              </th>
              <th scope="col" className="numeric">
                Total out
              </th>
              <th scope="col" className="numeric">
                Net
              </th>
            </tr>
          </thead>
          <tbody>
            {totals.map((t) => (
              <tr key={t.key}>
                <th scope="row">
                  {instrumentLabel(t)}
                  {t.symbol && t.id ? <span className="muted"> ({t.id})</span> : null}
                </th>
                <td>{t.admin ? <PartyName party={t.admin} /> : '—'}</td>
                <td className="numeric">
                  {t.legs.toLocaleString('en')}
                  {t.unreadable > 0 && <span className="muted"> ({t.unreadable} without an amount)</span>}
                </td>
                <td className="numeric">{show(t, t.totalIn, 'total in')}</td>
                <td className="numeric">{show(t, t.totalOut, 'total out')}</td>
                <td className="numeric">{show(t, netOf(t), 'net')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {chartInstrument && (
        <div className="chart-block">
          <Field label="Daily net flow of">
            <select value={chartKey ?? ''} onChange={(e) => setChosen(e.target.value)}>
              {totals.map((t) => (
                <option key={t.key} value={t.key}>
                  {instrumentName(t)}
                </option>
              ))}
            </select>
          </Field>
          <FlowChart
            points={chartPoints}
            grain="day"
            zone={zone}
            title={netFlowTitle(chartInstrument, 'day', zone)}
            detail={adminDetail(chartInstrument.admin)}
            decimals={chartInstrument.decimals}
            unit={instrumentUnit(chartInstrument)}
            gapText="no legs"
            emptyText="No loaded leg of this instrument has both a time and an amount to draw."
            note={`Incoming minus outgoing per ${zone === 'utc' ? 'UTC' : 'local'} day; the totals above are exact.`}
          />
        </div>
      )}
    </section>
  );
}
