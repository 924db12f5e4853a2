// The totals between the party and the counterparty, one row per instrument: legs and volume each
// way, the net, and the first and last day a leg between them was seen.
import type { CounterpartyRow } from '../../../../src-shared/contract/local-ledger.ts';
import { AmountCell } from '../../../ui/amount-cell.tsx';
import { useKeyboardGrid } from '../../../ui/keyboard-grid.ts';
import { TableScroll } from '../../../ui/table-scroll.tsx';
import { instrumentKey, instrumentLabel, utcText } from '../flows/instrument-groups.ts';

export function RelationshipTotals({ totals }: { totals: CounterpartyRow[] }) {
  const grid = useKeyboardGrid();
  return (
    <TableScroll>
      <table ref={grid} className="data-table" aria-label="Totals between the parties">
        <thead>
          <tr>
            <th scope="col">Instrument</th>
            <th scope="col" className="num">
              Legs in
            </th>
            <th scope="col" className="num">
              Legs out
            </th>
            <th scope="col" className="num">
              Volume in
            </th>
            <th scope="col" className="num">
              Volume out
            </th>
            <th scope="col" className="num">
              Net
            </th>
            <th scope="col">First seen (UTC)</th>
            <th scope="col">Last seen (UTC)</th>
          </tr>
        </thead>
        <tbody>
          {totals.map((t) => (
            <tr key={instrumentKey(t)}>
              <td className="nowrap">{instrumentLabel(t)}</td>
              <td className="num">{t.legsIn.toLocaleString('en-US')}</td>
              <td className="num">{t.legsOut.toLocaleString('en-US')}</td>
              <td className="num">
                <AmountCell amount={t.volumeIn} decimals={t.decimals} label="volume in" />
              </td>
              <td className="num">
                <AmountCell amount={t.volumeOut} decimals={t.decimals} label="volume out" />
              </td>
              <td className="num">
                <AmountCell amount={t.net} decimals={t.decimals} label="net" />
              </td>
              {/* The day, as in the ranking; the full time on hover. */}
              <td className="nowrap" title={utcText(t.firstSeen)}>
                {t.firstSeen?.slice(0, 10) ?? '—'}
              </td>
              <td className="nowrap" title={utcText(t.lastSeen)}>
                {t.lastSeen?.slice(0, 10) ?? '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
