// The parameter form above the notebook's editor (docs/notebook.md, "The notebook screen"): one
// field per declared parameter and per built-in placeholder, each read by its type's one reader
// (a time by the one time reader, in ui/time-field.tsx), its message at the field. An instrument
// field offers the instruments the store holds and says what a symbol typed there runs as.
import { useId } from 'react';
import {
  type InstrumentSeen,
  initialValue,
  instrumentLabel,
  type ParamField,
  readInstrument,
} from '../../../../src-shared/notebook/query-form.ts';
import { readParamValue } from '../../../../src-shared/notebook/query-params.ts';
import type { TimeZoneChoice } from '../../../../src-shared/time/time-text.ts';
import { Field } from '../../../ui/field.tsx';
import { TimeField } from '../../../ui/time-field.tsx';

const HINTS: Record<ParamField['type'], string> = {
  party: 'a party id, name::1220…',
  time: '',
  instrument: 'an instrument id (or its symbol), as in legs.instrument_id',
  number: 'a plain decimal: 1000, -12.50',
  integer: 'a whole number: 5, 1000',
  text: 'any text',
};

export interface ParamFormProps {
  fields: readonly ParamField[];
  /** What the user typed, by name (a field not typed in shows its initial value). */
  typed: Readonly<Record<string, string>>;
  onChange: (name: string, value: string) => void;
  /** The screen's party: a party field's initial value. */
  party: string;
  zone: TimeZoneChoice;
  /** Run's messages (bindQuery's), by name: shown until the field changes. */
  runErrors: Readonly<Record<string, string>>;
  /** The instruments the legs read here hold (null until known): offered at an instrument field. */
  instruments: readonly InstrumentSeen[] | null;
}

/** The message for a field: Run's, else what the type's reader says of a non-empty value. */
export function fieldMessage(
  field: ParamField,
  value: string,
  zone: TimeZoneChoice,
  runError: string | undefined,
): string | null {
  if (runError) return runError;
  if (value === '' && field.type !== 'text') return null;
  const read = readParamValue(field.type, value, zone);
  return read.ok ? null : read.message;
}

export function ParamForm({ fields, typed, onChange, party, zone, runErrors, instruments }: ParamFormProps) {
  const listId = useId();
  if (fields.length === 0) return null;
  return (
    <fieldset className="notebook-params">
      <legend>Parameters</legend>
      {fields.map((field) => {
        const value = Object.hasOwn(typed, field.name) ? typed[field.name] : initialValue(field, { party, zone });
        const error = fieldMessage(field, value, zone, runErrors[field.name]);
        if (field.type === 'time') {
          return (
            <TimeField
              key={field.name}
              label={field.label}
              value={value}
              onChange={(text) => onChange(field.name, text)}
              zone={zone}
              error={error}
            />
          );
        }
        const instrument = field.type === 'instrument' ? readInstrument(value, instruments) : null;
        const said = instrument?.kind === 'ambiguous' ? instrument.message : null;
        const hint = instrument && instrument.kind !== 'ambiguous' ? instrument.hint : null;
        return (
          <Field key={field.name} label={field.label} error={error ?? said} hint={hint ?? HINTS[field.type]}>
            <input
              type="text"
              value={value}
              inputMode={field.type === 'number' ? 'decimal' : field.type === 'integer' ? 'numeric' : undefined}
              list={instrument && instruments && instruments.length > 0 ? listId : undefined}
              spellCheck={false}
              autoComplete="off"
              onChange={(e) => onChange(field.name, e.target.value)}
            />
          </Field>
        );
      })}
      {instruments && instruments.length > 0 && fields.some((f) => f.type === 'instrument') && (
        <datalist id={listId}>
          {instruments.map((i) => (
            <option key={i.id} value={i.id} label={instrumentLabel(i)} />
          ))}
        </datalist>
      )}
    </fieldset>
  );
}
