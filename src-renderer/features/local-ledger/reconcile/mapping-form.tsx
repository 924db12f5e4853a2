// Which of the statement's columns is which: one select per field (the header's names), and how
// amounts, directions and times without an offset are written. Main remembers it for this header.
import type { Delimiter, ReconcileMapping } from '../../../../src-shared/contract/reconcile.ts';
import { Field } from '../../../ui/field.tsx';

const REQUIRED = [
  { key: 'time', label: 'Time column' },
  { key: 'counterparty', label: 'Counterparty column' },
  { key: 'instrument', label: 'Instrument column' },
  { key: 'amount', label: 'Amount column' },
] as const;
const OPTIONAL = [
  { key: 'reference', label: 'Reference column (the update id)' },
  { key: 'direction', label: 'Direction column (in/out, credit/debit)' },
] as const;
const NONE = '\u0000none';
const DELIMITER_NAMES = { ',': 'comma', ';': 'semicolon', '\t': 'tab' } as const;

export function MappingForm({
  header,
  remembered,
  mapping,
  onChange,
  delimiter,
  detected,
  onDelimiter,
}: {
  header: string[];
  remembered: boolean;
  mapping: ReconcileMapping;
  onChange: (next: ReconcileMapping) => void;
  /** The user's choice ('auto': detected from the header line) and the one the header was read with. */
  delimiter: Delimiter;
  detected: Exclude<Delimiter, 'auto'>;
  onDelimiter: (next: Delimiter) => void;
}) {
  const set = <K extends keyof ReconcileMapping>(key: K, value: ReconcileMapping[K]) =>
    onChange({ ...mapping, [key]: value });
  const options = header.map((h, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: a header may repeat a name; main says so
    <option key={`${i}-${h}`} value={h}>
      {h || `(column ${i + 1}, unnamed)`}
    </option>
  ));
  return (
    <fieldset className="reconcile-mapping">
      <legend>
        Columns {remembered ? '(remembered for this header)' : '(guessed from the header: check them once)'}
      </legend>
      <div className="inline-fields">
        <Field label="Delimiter">
          <select value={delimiter} onChange={(e) => onDelimiter(e.target.value as Delimiter)}>
            <option value="auto">Auto ({DELIMITER_NAMES[detected]})</option>
            <option value=",">Comma</option>
            <option value=";">Semicolon</option>
            <option value={'\t'}>Tab</option>
          </select>
        </Field>
      </div>
      <div className="inline-fields">
        {REQUIRED.map(({ key, label }) => (
          <Field key={key} label={label}>
            <select value={mapping[key]} onChange={(e) => set(key, e.target.value)}>
              {header.includes(mapping[key]) ? null : <option value={mapping[key]}>(choose)</option>}
              {options}
            </select>
          </Field>
        ))}
        {OPTIONAL.map(({ key, label }) => (
          <Field key={key} label={label}>
            <select
              value={mapping[key] ?? NONE}
              onChange={(e) => set(key, e.target.value === NONE ? null : e.target.value)}
            >
              <option value={NONE}>(none)</option>
              {options}
            </select>
          </Field>
        ))}
      </div>
      <div className="inline-fields">
        <Field label="Amount sign">
          <select
            value={mapping.sign}
            onChange={(e) => set('sign', e.target.value as ReconcileMapping['sign'])}
            disabled={mapping.direction !== null}
          >
            <option value="negative-is-out">Negative is money out (my books)</option>
            <option value="negative-is-in">Negative is money in (the counterparty’s statement)</option>
          </select>
        </Field>
        <Field label="Decimal separator">
          <select
            value={mapping.decimal}
            onChange={(e) => set('decimal', e.target.value as ReconcileMapping['decimal'])}
          >
            <option value=".">. (1,234.50)</option>
            <option value=",">, (1.234,50)</option>
          </select>
        </Field>
        <Field label="Times without an offset are in">
          <select value={mapping.zone} onChange={(e) => set('zone', e.target.value as ReconcileMapping['zone'])}>
            <option value="utc">UTC</option>
            <option value="local">This computer’s zone</option>
          </select>
        </Field>
      </div>
    </fieldset>
  );
}
