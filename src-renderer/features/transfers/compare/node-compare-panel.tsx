// The node comparison for the filters on screen: per node its state, legs, newest effectiveAt and
// time taken, then the legs some nodes have and others lack (compared on all 12 fields).
import { asBridgeError } from '../../../../src-shared/contract/errors.ts';
import type { NodeComparison } from '../../../../src-shared/contract/node-compare.ts';
import type { TransferFilters } from '../../../../src-shared/contract/transfers.ts';
import { useNodeComparison } from '../../../data/node-compare.ts';
import { ErrorMessage } from '../../../ui/error-message.tsx';
import { useTimeZone } from '../../../ui/time-zone.ts';
import { filtersText } from '../filters/filters-text.ts';
import { useCompareOpen } from './compare-open.ts';
import { DifferencesTable } from './differences-table.tsx';
import { NodesTable } from './nodes-table.tsx';
import './compare.css';

const count = (n: number) => n.toLocaleString('en-US');

export function NodeComparePanel({ profileId, filters }: { profileId: string; filters: TransferFilters }) {
  const { run, start, cancel, pending } = useNodeComparison(profileId, filters, { cancelOnUnmount: true });
  const { open, setOpen } = useCompareOpen();
  const zone = useTimeZone();
  if (!open || !run) return null;
  const cancelled = run.error !== null && asBridgeError(run.error).code === 'cancelled';
  const { party, asset, time } = filtersText(filters, zone);
  return (
    <section className="panel node-compare" aria-labelledby="node-compare-title">
      <div className="screen-header">
        <h3 id="node-compare-title">Node comparison</h3>
        {pending ? (
          <button type="button" onClick={cancel}>
            Cancel comparison
          </button>
        ) : (
          <button type="button" onClick={start}>
            Run again
          </button>
        )}
        <button type="button" onClick={() => setOpen(false)}>
          Hide
        </button>
      </div>
      <p className="muted">
        {party}, {asset}, {time}: every page on every validator node the profile knows; legs compared on all 12 fields.
      </p>
      <div role="status" className="node-compare-status">
        {pending && 'Comparing nodes: reading every page on each node…'}
        {cancelled && 'Comparison cancelled; nothing was compared.'}
        {run.result && verdict(run.result)}
      </div>
      {run.error && !cancelled && <ErrorMessage error={run.error} title="The comparison could not run." />}
      {run.result && (
        <>
          <NodesTable comparison={run.result} />
          {run.result.differenceCount > 0 && <DifferencesTable comparison={run.result} />}
        </>
      )}
    </section>
  );
}

/** One sentence a support agent can paste into a case. */
export function verdict(result: NodeComparison): string {
  const answered = result.nodes.filter((n) => n.state === 'reachable');
  const down = result.nodes.filter((n) => n.state !== 'reachable').map((n) => `${n.nodeId} ${n.state}`);
  const others = down.length > 0 ? ` Not compared: ${down.join(', ')}.` : '';
  const at = `Compared at ${result.ranAt}.`;
  if (answered.length === 0) return `No node answered with legs.${others} ${at}`;
  if (answered.length === 1) return `Only ${answered[0].nodeId} answered: nothing to compare it with.${others} ${at}`;
  if (result.differenceCount === 0) {
    return `${answered.map((n) => n.nodeId).join(', ')} agree on every leg.${others} ${at}`;
  }
  // The common case, a node behind the others: say it in those words.
  const sides = new Set(result.differences.map((d) => `${d.presentOn.join(', ')}|${d.missingOn.join(', ')}`));
  const legs = `${count(result.differenceCount)} ${result.differenceCount === 1 ? 'leg' : 'legs'}`;
  if (sides.size === 1 && result.differences.length === result.differenceCount) {
    const [present, missing] = [...sides][0].split('|');
    return `${missing} ${missing.includes(',') ? 'lack' : 'lacks'} ${legs} that ${present} ${present.includes(',') ? 'have' : 'has'}.${others} ${at}`;
  }
  return `${legs} ${result.differenceCount === 1 ? 'differs' : 'differ'} between ${answered.map((n) => n.nodeId).join(', ')}.${others} ${at}`;
}
