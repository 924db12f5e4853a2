// What the next sync reads: the validator node (the profile's nodes) and an optional time range.
import { useNodeChoices } from '../../data/transfers.ts';
import { Field } from '../../ui/field.tsx';
import type { RangeDraft } from './time-range-draft.ts';

export function SyncOptions({
  profileId,
  nodeId,
  onNode,
  range,
  onRange,
  issues,
}: {
  profileId: string;
  nodeId: string | null;
  onNode: (nodeId: string | null) => void;
  range: RangeDraft;
  onRange: (range: RangeDraft) => void;
  issues: Partial<RangeDraft>;
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
      <Field label="Sync from (UTC, optional)" error={issues.after}>
        <input
          value={range.after}
          onChange={(e) => onRange({ ...range, after: e.target.value })}
          placeholder="2025-01-01"
        />
      </Field>
      <Field label="Sync until (UTC, optional)" error={issues.before}>
        <input
          value={range.before}
          onChange={(e) => onRange({ ...range, before: e.target.value })}
          placeholder="2026-01-01"
        />
      </Field>
    </fieldset>
  );
}
