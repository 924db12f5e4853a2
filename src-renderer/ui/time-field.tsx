// The one way to type a time (docs/times.md): a text field, not the browser's date-time picker (a
// half-filled picker reads as "" to the page, so a typed bound could silently be no bound). Next to
// the field, the zone a time without an offset is read in; under a range, the forms it takes; at the
// field, the message (from src-shared/time/time-text.ts, in the fields' own labels). Used by the
// Transfers filters and every Local ledger range (sync, table filter, counterparties and flows).
import { useId } from 'react';
import { zoneMarkerText } from '../../src-shared/time/time-display.ts';
import { TIME_INPUT_FORMS, TIME_RANGE_LABELS, type TimeZoneChoice } from '../../src-shared/time/time-text.ts';
import './time-field.css';

/** What an empty bound means, in the box: grey text that cannot be mistaken for a time. */
export const EMPTY_BOUND_TEXT = 'any time';

/** The hint under a range: what each bound includes, the forms, and the zone rule. */
export function timeRangeHint(zone: TimeZoneChoice): string {
  const where = zone === 'utc' ? 'UTC' : 'your local time';
  return `${TIME_RANGE_LABELS.from} is included, ${TIME_RANGE_LABELS.before} is not. Type ${TIME_INPUT_FORMS}; a time without Z or an offset is in ${where} (Settings → Times shown in). Empty: no bound.`;
}

export function TimeField({
  label,
  value,
  onChange,
  zone,
  error,
  hintId,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  zone: TimeZoneChoice;
  error?: string | null;
  /** The id of a hint shared with other fields (a range's), read after the zone. */
  hintId?: string;
}) {
  const id = useId();
  const zoneId = `${id}-zone`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, zoneId, hintId].filter(Boolean).join(' ');
  return (
    <div className="field time-field">
      <label htmlFor={id}>{label}</label>
      <span className="time-field-row">
        <input
          id={id}
          type="text"
          className="time-field-input"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={EMPTY_BOUND_TEXT}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        <span
          id={zoneId}
          className="time-zone-marker"
          title="Where a time without Z or an offset is read (Settings → Times shown in)"
        >
          {zoneMarkerText(zone)}
        </span>
      </span>
      {error && (
        <span id={errorId} className="field-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

/** A range's two bounds, From (inclusive) and Before (exclusive), under one legend and one hint. */
export function TimeRangeFields({
  legend,
  value,
  onChange,
  zone,
  issues,
  className,
}: {
  legend: string;
  value: { after: string; before: string };
  onChange: (value: { after: string; before: string }) => void;
  zone: TimeZoneChoice;
  issues: { after?: string; before?: string };
  className?: string;
}) {
  const hintId = useId();
  return (
    <fieldset className={['time-range', className].filter(Boolean).join(' ')}>
      <legend>{legend}</legend>
      <div className="time-range-fields">
        <TimeField
          label={TIME_RANGE_LABELS.from}
          value={value.after}
          onChange={(after) => onChange({ ...value, after })}
          zone={zone}
          error={issues.after}
          hintId={hintId}
        />
        <TimeField
          label={TIME_RANGE_LABELS.before}
          value={value.before}
          onChange={(before) => onChange({ ...value, before })}
          zone={zone}
          error={issues.before}
          hintId={hintId}
        />
      </div>
      <p id={hintId} className="field-hint muted time-range-hint">
        {timeRangeHint(zone)}
      </p>
    </fieldset>
  );
}
