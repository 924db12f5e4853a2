// The controls the counterparties and flows views share: the time range (with its default, the
// 365 days up to the newest synced leg), the instrument choice, the note on legs left out of sums.
// The range is typed as every time is (ui/time-field.tsx, docs/times.md).
import { useState } from 'react';
import { asBridgeError } from '../../../../src-shared/contract/errors.ts';
import type { InstrumentKey, TimeRange } from '../../../../src-shared/contract/local-ledger.ts';
import type { SqlScope } from '../../../../src-shared/contract/party-scope.ts';
import { formatEffectiveTime } from '../../../../src-shared/time/time-display.ts';
import { readRfc3339, type TimeZoneChoice, timeInputText } from '../../../../src-shared/time/time-text.ts';
import { useFacets, useLocalStatus } from '../../../data/local-ledger.ts';
import { Field } from '../../../ui/field.tsx';
import { TimeRangeFields } from '../../../ui/time-field.tsx';
import { useTimeZone } from '../../../ui/time-zone.ts';
import { parseRange, type RangeDraft } from '../time-range-draft.ts';
import { instrumentKey, instrumentLabel } from './instrument-groups.ts';

/**
 * The default: the 365 days up to the first midnight after the newest leg, midnights in `zone` (the
 * one the fields show, so the default reads as two plain dates); open when nothing is stored.
 */
export function defaultRange(newest: string | null, zone: TimeZoneChoice): RangeDraft {
  const at = readRfc3339(newest);
  if (!at) return { after: '', before: '' };
  const end = new Date(at.ms);
  const start = new Date(at.ms);
  if (zone === 'utc') {
    end.setUTCHours(24, 0, 0, 0);
    start.setUTCHours(24, 0, 0, 0);
    start.setUTCDate(start.getUTCDate() - 365);
  } else {
    end.setHours(24, 0, 0, 0);
    start.setHours(24, 0, 0, 0);
    start.setDate(start.getDate() - 365);
  }
  return { after: timeInputText(start.toISOString(), zone), before: timeInputText(end.toISOString(), zone) };
}

/** The applied range and instrument choice of a view; null until the store's newest leg is known. */
export function useAnalyticsChoice(profileId: string, party: string) {
  const status = useLocalStatus(profileId, party);
  const zone = useTimeZone();
  const newest = status.data?.lastEffectiveAt ?? null;
  const [applied, setApplied] = useState<{ draft: RangeDraft; range: TimeRange } | null>(null);
  const [instrument, setInstrument] = useState<InstrumentKey | null>(null);
  const fallback = status.data ? defaultRange(newest, zone) : null;
  const fallbackRange = fallback ? parseRange(fallback, zone).range : null;
  const current = applied ?? (fallback && fallbackRange ? { draft: fallback, range: fallbackRange } : null);
  return {
    newest,
    zone,
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
  zone,
}: {
  applied: RangeDraft;
  onApply: (draft: RangeDraft, range: TimeRange) => void;
  newest: string | null;
  isDefault: boolean;
  zone: TimeZoneChoice;
}) {
  const [draft, setDraft] = useState(applied);
  const [issues, setIssues] = useState<Partial<RangeDraft>>({});
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = parseRange(draft, zone);
    setIssues(parsed.issues ?? {});
    if (parsed.range) onApply(draft, parsed.range);
  };
  return (
    <form className="local-analytics-range" onSubmit={submit} aria-label="Time range">
      <TimeRangeFields legend="Effective time" value={draft} onChange={setDraft} zone={zone} issues={issues} />
      <button type="submit">Apply</button>
      {isDefault && (
        <span className="muted local-range-note">
          {newest
            ? `Default: the 365 days up to the newest synced leg (${formatEffectiveTime(newest, { zone }).slice(0, 10)}).`
            : 'Nothing synced yet: every time.'}
        </span>
      )}
    </form>
  );
}

export function InstrumentSelect({
  profileId,
  party,
  scope,
  value,
  onChange,
}: {
  profileId: string;
  party: string;
  scope?: SqlScope;
  value: InstrumentKey | null;
  onChange: (value: InstrumentKey | null) => void;
}) {
  const facets = useFacets(profileId, party, scope);
  const instruments = facets.data?.instruments ?? [];
  const current = value ? JSON.stringify([value.admin, value.id]) : '';
  return (
    <Field
      label="Instrument"
      error={facets.error ? `The instruments could not be read: ${asBridgeError(facets.error).message}` : null}
    >
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
  scope,
  choice,
}: {
  profileId: string;
  party: string;
  /** The views' scope: the instruments offered are its parties'. */
  scope?: SqlScope;
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
          zone={choice.zone}
        />
      )}
      <InstrumentSelect
        profileId={profileId}
        party={party}
        scope={scope}
        value={choice.instrument}
        onChange={choice.setInstrument}
      />
    </>
  );
}
