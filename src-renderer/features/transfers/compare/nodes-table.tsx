// One row per validator node: how it answered, the legs it has for the filters, its newest leg.
import type { NodeCompareRow, NodeCompareState, NodeComparison } from '../../../../src-shared/contract/node-compare.ts';
import { useKeyboardGrid } from '../../../ui/keyboard-grid.ts';

const STATE_LABEL: Record<NodeCompareState, string> = {
  reachable: 'Reachable',
  starting: 'Starting',
  quarantined: 'Quarantined',
  unreachable: 'Unreachable',
  error: 'Error',
};

export function NodesTable({ comparison }: { comparison: NodeComparison }) {
  const grid = useKeyboardGrid();
  return (
    <table ref={grid} className="data-table node-compare-nodes" aria-label="Validator nodes">
      <thead>
        <tr>
          <th scope="col">Node</th>
          <th scope="col">State</th>
          <th scope="col">Legs</th>
          <th scope="col">Newest effectiveAt</th>
          <th scope="col">Took</th>
          <th scope="col">Detail</th>
        </tr>
      </thead>
      <tbody>
        {comparison.nodes.map((node) => (
          <tr key={node.nodeId} data-state={node.state}>
            <th scope="row" className="mono">
              {node.nodeId}
            </th>
            <td>
              <span className={`node-state node-state-${node.state}`}>{STATE_LABEL[node.state]}</span>
            </td>
            <td className="num">{legsText(node, comparison.legCap)}</td>
            <td className="mono">{node.newestEffectiveAt ?? '—'}</td>
            <td className="num">{took(node.elapsedMs)}</td>
            <td className="node-detail">{node.detail ?? ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function legsText(node: NodeCompareRow, cap: number): string {
  if (node.legs === null) return '—';
  const legs = node.legs.toLocaleString('en-US');
  return node.truncated ? `${legs} (stopped at the cap of ${cap.toLocaleString('en-US')})` : legs;
}

const took = (ms: number) => (ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`);
