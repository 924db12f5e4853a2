// One instrument's flows per bucket: legs and exact volumes in and out, and the net.
import type { FlowBucket } from '../../../../src-shared/contract/local-ledger.ts';
import { formatAmount } from '../../../../src-shared/decimal.ts';
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
  const amount = (text: string) => formatAmount(text, decimals);
  return (
    <table className="data-table local-flow-table" aria-label={`${label} flows per ${bucket}`}>
      <thead>
        <tr>
          <th scope="col">{bucket[0].toUpperCase() + bucket.slice(1)} (UTC)</th>
          <th scope="col">Legs in</th>
          <th scope="col">Legs out</th>
          <th scope="col">Volume in</th>
          <th scope="col">Volume out</th>
          <th scope="col">Net</th>
        </tr>
      </thead>
      <tbody>
        {buckets.map((b) => (
          <tr key={b.start}>
            <td>{bucketText(b.start, bucket)}</td>
            <td className="num">{b.legsIn.toLocaleString('en-US')}</td>
            <td className="num">{b.legsOut.toLocaleString('en-US')}</td>
            <td className="num mono">{amount(b.volumeIn)}</td>
            <td className="num mono">{amount(b.volumeOut)}</td>
            <td className="num mono">{amount(b.net)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">Total</th>
          <td className="num">{totals.legsIn.toLocaleString('en-US')}</td>
          <td className="num">{totals.legsOut.toLocaleString('en-US')}</td>
          <td className="num mono">{amount(totals.volumeIn)}</td>
          <td className="num mono">{amount(totals.volumeOut)}</td>
          <td className="num mono">{amount(totals.net)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
