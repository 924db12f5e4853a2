// What the next sync reads: the validator node (the profile's nodes; empty: the profile's default)
// and an optional time range (empty: everything, and later syncs fetch only what is new), typed as
// every time is (docs/times.md). A node Compare nodes found behind says so in its option.
import type { NodeChoices } from '../../../src-shared/contract/transfers.ts';
import type { TimeZoneChoice } from '../../../src-shared/time/time-text.ts';
import { laggingNodes, useNewestNodeComparison } from '../../data/node-compare.ts';
import { useNodeChoices } from '../../data/transfers.ts';
import { Field } from '../../ui/field.tsx';
import { TimeRangeFields } from '../../ui/time-field.tsx';
import type { RangeDraft } from './time-range-draft.ts';

/**
 * The node a sync with `nodeId` reads: the one chosen, else the profile's default, else the one the
 * deployment picks where the profile's nodes name it; null while that is not known.
 */
export function syncNodeOf(nodeId: string | null, choices: NodeChoices | undefined): string | null {
  return nodeId ?? choices?.defaultNodeId ?? choices?.known.find((n) => n.note === 'deployment default')?.id ?? null;
}

export function SyncOptions({
  profileId,
  nodeId,
  onNode,
  range,
  onRange,
  issues,
  zone,
}: {
  profileId: string;
  nodeId: string | null;
  onNode: (nodeId: string | null) => void;
  range: RangeDraft;
  onRange: (range: RangeDraft) => void;
  issues: Partial<RangeDraft>;
  /** Where the range's times without an offset are read (the preference), shown beside them. */
  zone: TimeZoneChoice;
}) {
  const nodes = useNodeChoices(profileId);
  const defaultNode = syncNodeOf(null, nodes.data);
  const comparison = useNewestNodeComparison(profileId);
  const lags = comparison ? laggingNodes(comparison) : new Map();
  const lagNote = (id: string | null) => (id && lags.has(id) ? ' · lags (Compare nodes)' : '');
  return (
    <fieldset className="local-sync-options">
      <legend>Sync options</legend>
      <Field label="Node">
        <select value={nodeId ?? ''} onChange={(e) => onNode(e.target.value || null)}>
          <option value="">
            Default node{defaultNode ? ` (${defaultNode})` : ''}
            {lagNote(defaultNode)}
          </option>
          {(nodes.data?.known ?? []).map((n) => (
            <option key={n.id} value={n.id}>
              {n.id}
              {n.note ? ` · ${n.note}` : ''}
              {lagNote(n.id)}
            </option>
          ))}
        </select>
      </Field>
      <TimeRangeFields legend="Sync range" value={range} onChange={onRange} zone={zone} issues={issues} />
    </fieldset>
  );
}
