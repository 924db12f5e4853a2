// What the next sync reads: the validator node (the profile's nodes) and an optional time range
// (empty: everything, and later syncs fetch only what is new), typed as every time is (docs/times.md).
import type { TimeZoneChoice } from '../../../src-shared/time/time-text.ts';
import { useNodeChoices } from '../../data/transfers.ts';
import { Field } from '../../ui/field.tsx';
import { TimeRangeFields } from '../../ui/time-field.tsx';
import type { RangeDraft } from './time-range-draft.ts';

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
  const defaultNode = nodes.data?.defaultNodeId;
  return (
    <fieldset className="local-sync-options">
      <legend>Sync options</legend>
      <Field label="Node">
        <select value={nodeId ?? ''} onChange={(e) => onNode(e.target.value || null)}>
          <option value="">Default node{defaultNode ? ` (${defaultNode})` : ''}</option>
          {(nodes.data?.known ?? []).map((n) => (
            <option key={n.id} value={n.id}>
              {n.id}
              {n.note ? ` · ${n.note}` : ''}
            </option>
          ))}
        </select>
      </Field>
      <TimeRangeFields legend="Sync range" value={range} onChange={onRange} zone={zone} issues={issues} />
    </fieldset>
  );
}
