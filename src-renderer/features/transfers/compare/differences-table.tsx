// The legs some nodes have and others lack, oldest first: enough to name each in a case (update id,
// time, exact amount, parties) and say where it is and is not.
import type { NodeComparison } from '../../../../src-shared/contract/node-compare.ts';
import { AmountCell } from '../../../ui/amount-cell.tsx';
import { useKeyboardGrid } from '../../../ui/keyboard-grid.ts';
import { PartyId } from '../../../ui/party-id.tsx';
import { UpdateId } from '../../../ui/update-id.tsx';

export function DifferencesTable({ comparison }: { comparison: NodeComparison }) {
  const { differences, differenceCount } = comparison;
  const grid = useKeyboardGrid();
  return (
    <>
      <h4>
        Legs not on every node
        {differences.length < differenceCount &&
          ` (the oldest ${differences.length.toLocaleString('en-US')} of ${differenceCount.toLocaleString('en-US')})`}
      </h4>
      <div className="node-compare-differences">
        <table ref={grid} className="data-table" aria-label="Legs not on every node">
          <thead>
            <tr>
              <th scope="col">Effective at</th>
              <th scope="col">Amount</th>
              <th scope="col">Missing on</th>
              <th scope="col">Present on</th>
              <th scope="col">Sender</th>
              <th scope="col">Receiver</th>
              <th scope="col">Status</th>
              <th scope="col">Update id</th>
            </tr>
          </thead>
          <tbody>
            {differences.map(({ leg, presentOn, missingOn }, index) => (
              // Two differences may share an update id (one leg each side of a changed field).
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole, never reordered
              <tr key={index}>
                <td className="mono nowrap">{leg.effectiveAt ?? '—'}</td>
                <td className="num nowrap">
                  <AmountCell amount={leg.amount} decimals={leg.decimals} /> {leg.symbol ?? ''}
                </td>
                <td className="node-missing nowrap">{missingOn.join(', ')}</td>
                <td className="nowrap">{presentOn.join(', ')}</td>
                <td className="nowrap">{leg.senderParty ? <PartyId party={leg.senderParty} /> : '—'}</td>
                <td className="nowrap">{leg.receiverParty ? <PartyId party={leg.receiverParty} /> : '—'}</td>
                <td>{leg.status ?? '—'}</td>
                <td className="nowrap">{leg.updateId ? <UpdateId id={leg.updateId} /> : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
