// The filter form. Submitting runs the contract's TransferFilters schema here first: a request
// main would refuse is never sent, and the message appears at the field that is wrong. Once a
// query has run the form folds into one line (the filters on screen), so the results start high
// on the first screen; the line unfolds the form again.
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { PAGE_SIZES } from '../../../../src-shared/contract/transfers.ts';
import { useSettings } from '../../../data/settings.ts';
import { useNodeChoices } from '../../../data/transfers.ts';
import { Field } from '../../../ui/field.tsx';
import { TimeRangeFields } from '../../../ui/time-field.tsx';
import { useTransfersStore } from '../transfers-store.ts';
import { AssetFields } from './asset-fields.tsx';
import { FilterBar } from './filter-bar.tsx';
import { type DraftIssues, draftToFilters, type FilterDraft, type PageSize, rezoneDraft } from './filter-draft.ts';
import { useFormRestored } from './form-sources.ts';
import { PartyPicker } from './party-picker.tsx';

export function FilterForm({
  profileId,
  onRefused,
}: {
  profileId: string;
  /** Called when a submit is refused at the fields (no query ran: what is on screen is older). */
  onRefused?: () => void;
}) {
  const draft = useTransfersStore((s) => s.draft);
  const ranFilters = useTransfersStore((s) => s.view?.filters);
  // Folded while the filters on screen are the ones that ran; a new query (the form, a
  // drill-down, a node picked on the quarantine card) folds it again.
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    if (ranFilters) setEditing(false);
  }, [ranFilters]);
  const folded = ranFilters !== undefined && !editing;
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const unfold = () => {
    setEditing(true);
    // The form is shown by the same event; the first field takes the focus once it is.
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLInputElement>('input')?.focus());
  };
  const setDraft = useTransfersStore((s) => s.setDraft);
  const search = useTransfersStore((s) => s.search);
  const nodes = useNodeChoices(profileId);
  const [issues, setIssues] = useState<DraftIssues>({});

  // Times without an offset are read in the zone chosen in Settings, shown beside the fields
  // (docs/times.md). When it changes, a typed time is rewritten to name the same instant in the
  // new zone: what the fields say stays what they mean.
  const preferredZone = useSettings().data?.settings.preferences.timeZone;
  useEffect(() => {
    const current = useTransfersStore.getState().draft;
    if (!preferredZone || current.zone === preferredZone) return;
    const next = rezoneDraft(current, preferredZone);
    setDraft({ after: next.after, before: next.before, zone: next.zone });
    setIssues(({ after: _after, before: _before, ...rest }) => rest);
  }, [preferredZone, setDraft]);

  const change = (patch: Partial<FilterDraft>) => {
    setDraft(patch);
    // The message for a field goes once the user edits it.
    setIssues((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch) as Array<keyof FilterDraft>) delete next[key];
      return next;
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = draftToFilters(draft);
    if (!result.ok) {
      setIssues(result.issues);
      onRefused?.();
      return;
    }
    setIssues({});
    search(result.filters);
  };
  // Usable only once everything it is laid out from has arrived (and the preferred zone applied):
  // rows arriving later would move the fields from under a click made at once.
  const restored = useFormRestored(profileId);

  const defaultNode = nodes.data?.defaultNodeId;
  return (
    <>
      {folded && <FilterBar filters={ranFilters} controls={formId} onEdit={unfold} />}
      <form
        id={formId}
        ref={formRef}
        className="filter-form panel"
        onSubmit={submit}
        noValidate
        aria-label="Transfer filters"
        hidden={folded}
        inert={!restored}
        aria-busy={!restored || undefined}
      >
        <PartyPicker
          profileId={profileId}
          value={draft.party}
          error={issues.party}
          onChange={(party) => change({ party })}
        />
        <AssetFields draft={draft} issues={issues} onChange={change} />
        <TimeRangeFields
          legend="Effective time"
          className="time-fields"
          value={{ after: draft.after, before: draft.before }}
          onChange={(range) => change(range.after !== draft.after ? { after: range.after } : { before: range.before })}
          zone={draft.zone}
          issues={{ after: issues.after, before: issues.before }}
        />
        <div className="inline-fields">
          <Field label="Order">
            <select
              value={draft.orderDesc ? 'desc' : 'asc'}
              onChange={(e) => change({ orderDesc: e.target.value === 'desc' })}
            >
              <option value="desc">Newest first</option>
              <option value="asc">Oldest first</option>
            </select>
          </Field>
          <Field label="Page size" error={issues.pageSize}>
            <select value={draft.pageSize} onChange={(e) => change({ pageSize: Number(e.target.value) as PageSize })}>
              {PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Validator node" error={issues.nodeId}>
            <select value={draft.nodeId} onChange={(e) => change({ nodeId: e.target.value })}>
              <option value="">Default{defaultNode ? ` (${defaultNode})` : ' (the deployment default)'}</option>
              {nodes.data?.known.map((node) => (
                <option key={node.id} value={node.id}>
                  {node.note ? `${node.id} — ${node.note}` : node.id}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <div className="form-actions">
          <button type="submit" className="primary">
            Show transfers
          </button>
          {ranFilters && (
            <button type="button" onClick={() => setEditing(false)}>
              Hide filters
            </button>
          )}
        </div>
      </form>
    </>
  );
}
