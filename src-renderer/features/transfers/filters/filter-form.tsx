// The filter form. Submitting runs the contract's TransferFilters schema here first: a request
// main would refuse is never sent, and the message appears at the field that is wrong. Once a
// query has run the form folds into one line (the filters on screen), so the results start high
// on the first screen; the line unfolds the form again.
import { useId } from 'react';
import { TimeRangeFields } from '../../../ui/time-field.tsx';
import { useTransfersStore } from '../transfers-store.ts';
import { AssetFields } from './asset-fields.tsx';
import { FilterBar } from './filter-bar.tsx';
import { useFormRestored } from './form-sources.ts';
import { ListingFields } from './listing-fields.tsx';
import { PartyPicker } from './party-picker.tsx';
import { useDraftEdits } from './use-draft-edits.ts';
import { useFormFold } from './use-form-fold.ts';

export function FilterForm({
  profileId,
  onRefused,
}: {
  profileId: string;
  /** Called when a submit is refused at the fields (no query ran: what is on screen is older). */
  onRefused?: () => void;
}) {
  const ranFilters = useTransfersStore((s) => s.view?.filters);
  const { folded, formRef, unfold, fold } = useFormFold(ranFilters);
  const formId = useId();
  const { draft, issues, change, submit } = useDraftEdits(onRefused);
  // Usable only once everything it is laid out from has arrived (and the preferred zone applied):
  // rows arriving later would move the fields from under a click made at once.
  const restored = useFormRestored(profileId);

  return (
    <>
      {folded && ranFilters && <FilterBar filters={ranFilters} controls={formId} onEdit={unfold} />}
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
        <ListingFields profileId={profileId} draft={draft} issues={issues} onChange={change} />
        <div className="form-actions">
          <button type="submit" className="primary">
            Show transfers
          </button>
          {ranFilters && (
            <button type="button" onClick={fold}>
              Hide filters
            </button>
          )}
        </div>
      </form>
    </>
  );
}
