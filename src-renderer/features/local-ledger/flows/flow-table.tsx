// One instrument's flows per bucket: legs and exact volumes in and out, and the net (each whole:
// ui/amount-cell.tsx).
import type { FlowBucket } from '../../../../src-shared/contract/local-ledger.ts';
import { AmountCell } from '../../../ui/amount-cell.tsx';
import { useKeyboardGrid } from '../../../ui/keyboard-grid.ts';
import { TableScroll } from '../../../ui/table-scroll.tsx';
import type { Bucket } from './bucket-switch.tsx';
import { bucketText, type FlowTotals } from './instrument-groups.ts';

export function FlowTable({
  label,
  buckets,
  bucket,
  totals,
}: {
  label: string;
  buckets: FlowBucket[];
  bucket: Bucket;
  totals: FlowTotals;
}) {
  const decimals = buckets[0]?.decimals ?? null;
  const grid = useKeyboardGrid();
  const amounts = (row: { volumeIn: string; volumeOut: string; net: string }) => (
    <>
      <td className="num">
        <AmountCell amount={row.volumeIn} decimals={decimals} label="volume in" />
      </td>
      <td className="num">
        <AmountCell amount={row.volumeOut} decimals={decimals} label="volume out" />
      </td>
      <td className="num">
        <AmountCell amount={row.net} decimals={decimals} label="net" />
      </td>
    </>
  );
  return (
    <TableScroll>
      <table ref={grid} className="data-table local-flow-table" aria-label={`${label} flows per ${bucket}`}>
        <thead>
          <tr>
            <th scope="col">{bucket[0].toUpperCase() + bucket.slice(1)} (UTC)</th>
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
          </tr>
        </thead>
        <tbody>
          {buckets.map((b) => (
            <tr key={b.start}>
              <td className="nowrap">{bucketText(b.start, bucket)}</td>
              <td className="num">{b.legsIn.toLocaleString('en-US')}</td>
              <td className="num">{b.legsOut.toLocaleString('en-US')}</td>
              {amounts(b)}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td className="num">{totals.legsIn.toLocaleString('en-US')}</td>
            <td className="num">{totals.legsOut.toLocaleString('en-US')}</td>
            {amounts(totals)}
          </tr>
        </tfoot>
      </table>
    </TableScroll>
  );
}
