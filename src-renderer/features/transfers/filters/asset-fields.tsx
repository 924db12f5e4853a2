// Asset filter: All | Canton Coin | one instrument. One choice of three, so a pair together with
// the coin cannot be entered (spec rule 4); the pair's two halves are checked on submit (rule 3).
import { Field } from '../../../ui/field.tsx';
import { shortenParty } from '../../../ui/party-format.ts';
import { instrumentKey, instrumentLabel } from '../summary/transfer-summary.ts';
import { useTransfersStore } from '../transfers-store.ts';
import type { DraftIssues, FilterDraft } from './filter-draft.ts';

const CHOICES = [
  ['all', 'All assets'],
  ['ledgerCoin', 'Canton Coin'],
  ['instrument', 'Instrument'],
] as const;

export function AssetFields({
  draft,
  issues,
  onChange,
}: {
  draft: FilterDraft;
  issues: DraftIssues;
  onChange: (patch: Partial<FilterDraft>) => void;
}) {
  const seen = useTransfersStore((s) => s.seenInstruments);
  const pickedKey = instrumentKey(draft.instrumentAdmin.trim(), draft.instrumentId.trim());
  return (
    <fieldset className="asset-fields">
      <legend>Asset</legend>
      <div className="radio-row">
        {CHOICES.map(([value, label]) => (
          <label key={value}>
            <input
              type="radio"
              name="asset"
              value={value}
              checked={draft.asset === value}
              onChange={() => onChange({ asset: value })}
            />{' '}
            {label}
          </label>
        ))}
      </div>
      {draft.asset === 'instrument' && (
        <div className="inline-fields">
          <Field label="Instruments seen">
            <select
              value={seen.some((i) => instrumentKey(i.admin, i.id) === pickedKey) ? pickedKey : ''}
              onChange={(e) => {
                const picked = seen.find((i) => instrumentKey(i.admin, i.id) === e.target.value);
                if (picked) onChange({ instrumentAdmin: picked.admin ?? '', instrumentId: picked.id ?? '' });
              }}
            >
              <option value="">{seen.length ? 'Pick one seen in loaded rows…' : 'None seen yet'}</option>
              {seen.map((i) => (
                <option key={instrumentKey(i.admin, i.id)} value={instrumentKey(i.admin, i.id)}>
                  {instrumentLabel(i)} ({i.id}) — {shortenParty(i.admin ?? '')}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Instrument administrator" error={issues.instrumentAdmin}>
            <input
              className="mono"
              value={draft.instrumentAdmin}
              onChange={(e) => onChange({ instrumentAdmin: e.target.value })}
              spellCheck={false}
              placeholder="registrar::1220…"
            />
          </Field>
          <Field label="Instrument id" error={issues.instrumentId}>
            <input
              className="mono"
              value={draft.instrumentId}
              onChange={(e) => onChange({ instrumentId: e.target.value })}
              spellCheck={false}
            />
          </Field>
        </div>
      )}
      {issues.asset && (
        <span className="field-error" role="alert">
          {issues.asset}
        </span>
      )}
    </fieldset>
  );
}
