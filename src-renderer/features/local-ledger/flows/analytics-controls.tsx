// The controls the counterparties and flows views share: the time range (with its default, the
// 365 days up to the newest synced leg), the instrument choice, the note on legs left out of sums.
import { useState } from 'react';
import type { InstrumentKey, TimeRange } from '../../../../src-shared/contract/local-ledger.ts';
import { useFacets, useLocalStatus } from '../../../data/local-ledger.ts';
import { Field } from '../../../ui/field.tsx';
import { parseRange, type RangeDraft } from '../time-range-draft.ts';
import { instrumentKey, instrumentLabel } from './instrument-groups.ts';

const DAY = 86_400_000;

/** The default: the 365 days before the newest leg's next midnight (UTC); open when nothing is stored. */
export function defaultRange(newest: string | null): RangeDraft {
  if (!newest) return { after: '', before: '' };
  const end = Math.floor(Date.parse(newest) / DAY) * DAY + DAY;
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { after: day(end - 365 * DAY), before: day(end) };
}

/** The applied range and instrument choice of a view; null until the store's newest leg is known. */
export function useAnalyticsChoice(profileId: string, party: string) {
  const status = useLocalStatus(profileId, party);
  const newest = status.data?.lastEffectiveAt ?? null;
  const [applied, setApplied] = useState<{ draft: RangeDraft; range: TimeRange } | null>(null);
  const [instrument, setInstrument] = useState<InstrumentKey | null>(null);
  const fallback = status.data ? defaultRange(newest) : null;
  const fallbackRange = fallback ? parseRange(fallback).range : null;
  const current = applied ?? (fallback && fallbackRange ? { draft: fallback, range: fallbackRange } : null);
  return {
    newest,
    current,
    isDefault: applied === null,
    apply: (draft: RangeDraft, range: TimeRange) => setApplied({ draft, range }),
    instrument,
    setInstrument,
  };
}

export function RangeForm({
  applied,
  onApply,
  newest,
  isDefault,
}: {
  applied: RangeDraft;
  onApply: (draft: RangeDraft, range: TimeRange) => void;
  newest: string | null;
  isDefault: boolean;
}) {
  const [draft, setDraft] = useState(applied);
  const [issues, setIssues] = useState<Partial<RangeDraft>>({});
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = parseRange(draft);
    setIssues(parsed.issues ?? {});
    if (parsed.range) onApply(draft, parsed.range);
  };
  return (
    <form className="local-analytics-range" onSubmit={submit} aria-label="Time range">
      <Field label="From (UTC)" error={issues.after}>
        <input value={draft.after} onChange={(e) => setDraft({ ...draft, after: e.target.value })} placeholder="any" />
      </Field>
      <Field label="Until (UTC, not included)" error={issues.before}>
        <input
          value={draft.before}
          onChange={(e) => setDraft({ ...draft, before: e.target.value })}
          placeholder="any"
        />
      </Field>
      <button type="submit">Apply</button>
      {isDefault && (
        <span className="muted local-range-note">
          {newest
            ? `Default: the 365 days up to the newest synced leg (${newest.slice(0, 10)}).`
            : 'Nothing synced yet: every time.'}
        </span>
      )}
    </form>
  );
}

export function InstrumentSelect({
  profileId,
  party,
  value,
  onChange,
}: {
  profileId: string;
  party: string;
  value: InstrumentKey | null;
  onChange: (value: InstrumentKey | null) => void;
}) {
  const facets = useFacets(profileId, party);
  const instruments = facets.data?.instruments ?? [];
  const current = value ? JSON.stringify([value.admin, value.id]) : '';
  return (
    <Field label="Instrument">
      <select
        value={current}
        onChange={(e) => {
          const chosen = instruments.find((i) => instrumentKey(i) === e.target.value);
          onChange(chosen ? { admin: chosen.instrumentAdmin, id: chosen.instrumentId } : null);
        }}
      >
        <option value="">All instruments</option>
        {instruments.map((i) => (
          <option key={instrumentKey(i)} value={instrumentKey(i)}>
            {instrumentLabel(i)}
            {i.instrumentId && i.symbol && i.symbol !== i.instrumentId ? ` (${i.instrumentId})` : ''} ·{' '}
            {i.legs.toLocaleString('en-US')} legs
          </option>
        ))}
      </select>
    </Field>
  );
}

export function InexactNote({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <p className="notice" role="note">
      {count.toLocaleString('en-US')} {count === 1 ? 'leg was' : 'legs were'} left out of the sums: the amount could not
      be stored exactly (not a plain decimal, or more digits than its decimals). They still count in the legs columns.
    </p>
  );
}

/** The range and instrument controls both analytics views start their toolbar with. */
export function ChoiceControls({
  profileId,
  party,
  choice,
}: {
  profileId: string;
  party: string;
  choice: ReturnType<typeof useAnalyticsChoice>;
}) {
  return (
    <>
      {choice.current && (
        <RangeForm
          key={JSON.stringify(choice.current.draft)}
          applied={choice.current.draft}
          onApply={choice.apply}
          newest={choice.newest}
          isDefault={choice.isDefault}
        />
      )}
      <InstrumentSelect profileId={profileId} party={party} value={choice.instrument} onChange={choice.setInstrument} />
    </>
  );
}
