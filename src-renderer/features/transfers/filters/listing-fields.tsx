// How the transfers are listed: the order, the page size and the validator node asked.
import { PAGE_SIZES } from '../../../../src-shared/contract/transfers.ts';
import { useNodeChoices } from '../../../data/transfers.ts';
import { Field } from '../../../ui/field.tsx';
import type { DraftIssues, FilterDraft, PageSize } from './filter-draft.ts';

export function ListingFields({
  profileId,
  draft,
  issues,
  onChange,
}: {
  profileId: string;
  draft: FilterDraft;
  issues: DraftIssues;
  onChange: (patch: Partial<FilterDraft>) => void;
}) {
  const nodes = useNodeChoices(profileId);
  const defaultNode = nodes.data?.defaultNodeId;
  return (
    <div className="inline-fields">
      <Field label="Order">
        <select
          value={draft.orderDesc ? 'desc' : 'asc'}
          onChange={(e) => onChange({ orderDesc: e.target.value === 'desc' })}
        >
          <option value="desc">Newest first</option>
          <option value="asc">Oldest first</option>
        </select>
      </Field>
      <Field label="Page size" error={issues.pageSize}>
        <select value={draft.pageSize} onChange={(e) => onChange({ pageSize: Number(e.target.value) as PageSize })}>
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Validator node" error={issues.nodeId}>
        <select value={draft.nodeId} onChange={(e) => onChange({ nodeId: e.target.value })}>
          <option value="">Default{defaultNode ? ` (${defaultNode})` : ' (the deployment default)'}</option>
          {nodes.data?.known.map((node) => (
            <option key={node.id} value={node.id}>
              {node.note ? `${node.id} — ${node.note}` : node.id}
            </option>
          ))}
        </select>
      </Field>
    </div>
  );
}
