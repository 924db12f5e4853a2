// The filter form's draft as the user edits it, with the message for each field a submit refused
// (each kept until its field is edited); a submit the contract accepts runs the query.
import { type FormEvent, useEffect, useState } from 'react';
import { useSettings } from '../../../data/settings.ts';
import { useTransfersStore } from '../transfers-store.ts';
import { type DraftIssues, draftToFilters, type FilterDraft, rezoneDraft } from './filter-draft.ts';

export function useDraftEdits(onRefused: (() => void) | undefined) {
  const draft = useTransfersStore((s) => s.draft);
  const setDraft = useTransfersStore((s) => s.setDraft);
  const search = useTransfersStore((s) => s.search);
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
  return { draft, issues, change, submit };
}
