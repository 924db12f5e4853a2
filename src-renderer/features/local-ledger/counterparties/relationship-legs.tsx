// Every leg between the two parties, newest first, a page of 100 at a time (main sends at most
// 10,000; `total` says how many there are, and the export has them all). Fitted to a 1280 px
// window: the time on one line, the amount whole (ui/amount-cell.tsx), the update id by its ends
// with the whole id on hover and Copy. Sender and receiver are not columns: they are always the
// two parties named above, and Direction says which way (the export has every field).
import { useState } from 'react';
import type { LocalLeg } from '../../../../src-shared/contract/local-ledger.ts';
import { AmountCell } from '../../../ui/amount-cell.tsx';
import { useKeyboardGrid } from '../../../ui/keyboard-grid.ts';
import { formatTime } from '../../../ui/local-format.ts';
import { TableScroll } from '../../../ui/table-scroll.tsx';
import { UpdateId } from '../../../ui/update-id.tsx';

const PAGE = 100;

export function RelationshipLegs({ legs, total }: { legs: LocalLeg[]; total: number }) {
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(legs.length / PAGE));
  const grid = useKeyboardGrid();
  // Legs have no id of their own (docs/service-decisions.md): the position in the answer is the key.
  const shown = legs.slice(page * PAGE, page * PAGE + PAGE).map((leg, i) => ({ leg, at: page * PAGE + i }));
  return (
    <section aria-label="Legs between the parties">
      <h3>
        Legs ({total.toLocaleString('en-US')}
        {total > legs.length ? `, the newest ${legs.length.toLocaleString('en-US')} listed; export for all` : ''})
      </h3>
      <TableScroll>
        <table ref={grid} className="data-table local-relationship-legs" aria-label="Legs between the parties">
          <thead>
            <tr>
              <th scope="col">Time (UTC)</th>
              <th scope="col">Direction</th>
              <th scope="col">Instrument</th>
              <th scope="col" className="num">
                Amount
              </th>
              <th scope="col">Status</th>
              <th scope="col">Update</th>
            </tr>
          </thead>
          <tbody>
            {shown.map(({ leg, at }) => (
              <tr key={at}>
                <td className="nowrap">{timeText(leg.effectiveAt)}</td>
                <td>{leg.isIncoming ? 'in' : 'out'}</td>
                <td>{leg.symbol ?? leg.instrumentId ?? '—'}</td>
                <td className="num" data-column="amount">
                  <AmountCell amount={leg.amount} decimals={leg.decimals} exact={leg.amountExact} />
                </td>
                <td>{leg.status ?? '—'}</td>
                <td className="nowrap">{leg.updateId ? <UpdateId id={leg.updateId} /> : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {pages > 1 && (
        <div className="local-pager">
          <button type="button" disabled={page === 0} onClick={() => setPage(page - 1)}>
            Newer
          </button>
          <span>
            Page {page + 1} of {pages}
          </span>
          <button type="button" disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>
            Older
          </button>
        </div>
      )}
    </section>
  );
}

/** The leg's time in UTC, by the app's one formatter (any offset, any fraction digits); unreadable text as sent. */
function timeText(at: string | null): string {
  return formatTime(at, 'utc');
}
