// The filter form. Submitting runs the contract's TransferFilters schema here first: a request
// main would refuse is never sent, and the message appears at the field that is wrong. Once a
// query has run the form folds into one line (the filters on screen), so the results start high
// on the first screen; the line unfolds the form again.
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { PAGE_SIZES } from '../../../../src-shared/contract/transfers.ts';
import { useSettings } from '../../../data/settings.ts';
import { useNodeChoices } from '../../../data/transfers.ts';
import { Field } from '../../../ui/field.tsx';
import { useTransfersStore } from '../transfers-store.ts';
import { AssetFields } from './asset-fields.tsx';
import { FilterBar } from './filter-bar.tsx';
import { type DraftIssues, draftToFilters, type FilterDraft, type PageSize } from './filter-draft.ts';
import { useFormRestored } from './form-sources.ts';
import { PartyPicker } from './party-picker.tsx';

function utcOffsetText(): string {
  const offset = -new Date().getTimezoneOffset();
  const sign = offset < 0 ? '−' : '+';
  return `UTC${sign}${String(Math.trunc(Math.abs(offset) / 60)).padStart(2, '0')}:${String(Math.abs(offset) % 60).padStart(2, '0')}`;
}

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
  // A half-typed date (no time yet) reads as "" with no change event: ask the fields themselves.
  const afterInput = useRef<HTMLInputElement>(null);
  const beforeInput = useRef<HTMLInputElement>(null);

  // Times are entered in the zone the user chose to read them in (Settings), as long as no time
  // has been typed yet (switching the zone under a typed time would change what it means) and the
  // user has not picked the zone in the form (a choice of theirs is never undone by a preference).
  const preferredZone = useSettings().data?.settings.preferences.timeZone;
  useEffect(() => {
    const { draft: current, zoneChosen } = useTransfersStore.getState();
    if (preferredZone && !zoneChosen && !current.after && !current.before && current.zone !== preferredZone) {
      setDraft({ zone: preferredZone });
    }
  }, [preferredZone, setDraft]);

  const change = (patch: Partial<FilterDraft>) => {
    setDraft(patch);
    if ('zone' in patch) useTransfersStore.getState().markZoneChosen();
    // The message for a field goes once the user edits it.
    setIssues((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch) as Array<keyof FilterDraft>) delete next[key];
      if ('zone' in patch) {
        delete next.after;
        delete next.before;
      }
      return next;
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = draftToFilters(draft, {
      after: afterInput.current?.validity.badInput,
      before: beforeInput.current?.validity.badInput,
    });
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
        <fieldset className="time-fields">
          <legend>Effective time</legend>
          <div className="inline-fields">
            <Field label="From (inclusive)" error={issues.after}>
              <input
                ref={afterInput}
                type="datetime-local"
                step={1}
                value={draft.after}
                onChange={(e) => change({ after: e.target.value })}
              />
            </Field>
            <Field label="Before (exclusive)" error={issues.before}>
              <input
                ref={beforeInput}
                type="datetime-local"
                step={1}
                value={draft.before}
                onChange={(e) => change({ before: e.target.value })}
              />
            </Field>
            <Field label="Times entered in">
              <select value={draft.zone} onChange={(e) => change({ zone: e.target.value as FilterDraft['zone'] })}>
                <option value="local">Local time ({utcOffsetText()})</option>
                <option value="utc">UTC</option>
              </select>
            </Field>
          </div>
        </fieldset>
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
