// A finished export's summary, from main: how many legs over what span, and the totals in and out
// per instrument.
import type { ExportSummary } from '../../../../src-shared/contract/transfers.ts';
import { AmountCell } from '../../../ui/amount-cell.tsx';
import { useKeyboardGrid } from '../../../ui/keyboard-grid.ts';
import { shortenParty } from '../../../ui/party-format.ts';
import { TableScroll } from '../../../ui/table-scroll.tsx';
import { instrumentKey } from '../summary/transfer-summary.ts';
import { useTransfersStore } from '../transfers-store.ts';

/** Always rendered by the export card (nothing until there is a summary), so its grid lives as long as the card. */
export function ExportedSummary({ summary }: { summary: ExportSummary | null }) {
  // The summary's totals carry no decimals: pad them like the table does when the instrument was seen.
  const seen = useTransfersStore((s) => s.seenInstruments);
  const grid = useKeyboardGrid();
  const decimalsOf = (admin: string | null, id: string | null) =>
    seen.find((i) => instrumentKey(i.admin, i.id) === instrumentKey(admin, id))?.decimals ?? null;
  if (!summary) return null;
  return (
    <div className="export-summary">
      <p>
        {summary.legs.toLocaleString('en')} legs in {summary.pages} pages
        {summary.firstEffectiveAt && summary.lastEffectiveAt
          ? `, effective from ${summary.firstEffectiveAt} to ${summary.lastEffectiveAt}`
          : ''}
        .
      </p>
      {summary.instruments.length > 0 && (
        <TableScroll>
          <table ref={grid} className="data-table" aria-label="Exported totals per instrument">
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
              </tr>
            </thead>
            <tbody>
              {summary.instruments.map((i) => (
                <tr key={`${i.instrumentAdmin}|${i.instrumentId}`}>
                  <th scope="row">{i.symbol ?? i.instrumentId ?? '—'}</th>
                  <td className="mono" title={i.instrumentAdmin ?? undefined}>
                    {i.instrumentAdmin ? shortenParty(i.instrumentAdmin) : '—'}
                  </td>
                  <td className="numeric">{i.legs.toLocaleString('en')}</td>
                  <td className="numeric">
                    <AmountCell
                      amount={i.totalIn}
                      decimals={decimalsOf(i.instrumentAdmin, i.instrumentId)}
                      label="total in"
                    />
                  </td>
                  <td className="numeric">
                    <AmountCell
                      amount={i.totalOut}
                      decimals={decimalsOf(i.instrumentAdmin, i.instrumentId)}
                      label="total out"
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </div>
  );
}
