// The local table's filter controls. Choices (instruments, statuses) come from what is stored for
// the party (local:facets); a change applies at once over every stored leg. Laid out in a few lines
// (local-filters.css), so the legs start on the first screen.
import type { InstrumentKey, LocalFacets } from '../../../../src-shared/contract/local-ledger.ts';
import type { TimeZoneChoice } from '../../../../src-shared/time/time-text.ts';
import { Field } from '../../../ui/field.tsx';
import { TimeRangeFields } from '../../../ui/time-field.tsx';
import type { FilterIssues, LegsFilterDraft } from './legs-filter-draft.ts';
import './local-filters.css';

const sameInstrument = (a: InstrumentKey, b: InstrumentKey) => a.admin === b.admin && a.id === b.id;

export function LocalFilters({
  facets,
  draft,
  onChange,
  issues,
  zone,
}: {
  facets: LocalFacets | undefined;
  draft: LegsFilterDraft;
  onChange: (draft: LegsFilterDraft) => void;
  issues: FilterIssues;
  /** Where the range's times without an offset are read (the preference), shown beside them. */
  zone: TimeZoneChoice;
}) {
  const set = <K extends keyof LegsFilterDraft>(key: K, value: LegsFilterDraft[K]) =>
    onChange({ ...draft, [key]: value });
  const toggleInstrument = (key: InstrumentKey, on: boolean) =>
    set('instruments', on ? [...draft.instruments, key] : draft.instruments.filter((k) => !sameInstrument(k, key)));
  const toggleStatus = (status: string, on: boolean) =>
    set('statuses', on ? [...draft.statuses, status] : draft.statuses.filter((s) => s !== status));

  // A box of choices only once there is something to choose (never an empty box before the facets).
  const instruments = facets?.instruments ?? [];
  const statuses = (facets?.statuses ?? []).filter((s): s is { status: string; legs: number } => s.status !== null);

  return (
    <form className="local-filters" aria-label="Local filters" onSubmit={(e) => e.preventDefault()}>
      {instruments.length > 0 && (
        <fieldset className="local-checks">
          <legend>Instruments</legend>
          {instruments.map((i) => {
            const key = { admin: i.instrumentAdmin, id: i.instrumentId };
            const label = i.symbol ?? i.instrumentId ?? '(no id)';
            return (
              <label
                key={`${i.instrumentAdmin}|${i.instrumentId}`}
                title={`${i.instrumentAdmin ?? '—'} / ${i.instrumentId ?? '—'}`}
              >
                <input
                  type="checkbox"
                  checked={draft.instruments.some((k) => sameInstrument(k, key))}
                  onChange={(e) => toggleInstrument(key, e.target.checked)}
                />
                {label} <span className="muted">({i.legs.toLocaleString('en')})</span>
              </label>
            );
          })}
        </fieldset>
      )}
      {statuses.length > 0 && (
        <fieldset className="local-checks">
          <legend>Status</legend>
          {statuses.map((s) => (
            <label key={s.status}>
              <input
                type="checkbox"
                checked={draft.statuses.includes(s.status)}
                onChange={(e) => toggleStatus(s.status, e.target.checked)}
              />
              {s.status} <span className="muted">({s.legs.toLocaleString('en')})</span>
            </label>
          ))}
        </fieldset>
      )}
      <Field label="Direction">
        <select
          value={draft.direction ?? ''}
          onChange={(e) => set('direction', (e.target.value || null) as LegsFilterDraft['direction'])}
        >
          <option value="">Both</option>
          <option value="in">Incoming</option>
          <option value="out">Outgoing</option>
        </select>
      </Field>
      <Field label="Counterparty (party id)">
        <input value={draft.counterparty} onChange={(e) => set('counterparty', e.target.value)} spellCheck={false} />
      </Field>
      <TimeRangeFields
        legend="Effective time"
        className="local-time-range"
        value={draft.range}
        onChange={(range) => set('range', range)}
        zone={zone}
        issues={{ after: issues.after, before: issues.before }}
      />
      {/* The two bounds of one range wrap together: "at most" alone on a line read as another filter. */}
      <div className="local-amount-range">
        <Field label="Amount at least" error={issues.amountMin}>
          <input value={draft.amountMin} onChange={(e) => set('amountMin', e.target.value)} inputMode="decimal" />
        </Field>
        <Field label="Amount at most" error={issues.amountMax}>
          <input value={draft.amountMax} onChange={(e) => set('amountMax', e.target.value)} inputMode="decimal" />
        </Field>
      </div>
    </form>
  );
}
