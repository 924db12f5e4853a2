// One function input in the contract form, typed from the ABI: a text field for a scalar or an
// array (JSON), a group of fields for a tuple. Its message shows where it was typed, linked to it
// (aria-invalid + aria-describedby), as the app's Field does.
import { useId } from 'react';
import type { AbiParameter } from 'viem';
import { emptyValue, type FormValue, isTuple, parseInput } from './input-parse.ts';

interface AbiInputFieldProps {
  param: AbiParameter;
  /** Shown when the parameter has no name. */
  fallbackName: string;
  value: FormValue;
  onChange: (value: FormValue) => void;
  /** Show the message of an empty field too (after the user pressed Call once). */
  showEmpty: boolean;
}

export function AbiInputField({ param, fallbackName, value, onChange, showEmpty }: AbiInputFieldProps) {
  const id = useId();
  const name = param.name || fallbackName;
  if (isTuple(param) && param.type === 'tuple') {
    const values = Array.isArray(value) ? value : (emptyValue(param) as FormValue[]);
    return (
      <fieldset className="abi-tuple">
        <legend>
          {name} <span className="muted mono">(tuple)</span>
        </legend>
        {param.components.map((component, index) => (
          <AbiInputField
            key={component.name || index}
            param={component}
            fallbackName={`component ${index + 1}`}
            value={values[index] ?? emptyValue(component)}
            onChange={(next) => onChange(values.map((v, i) => (i === index ? next : v)))}
            showEmpty={showEmpty}
          />
        ))}
      </fieldset>
    );
  }
  const text = typeof value === 'string' ? value : '';
  const parsed = text.trim() || showEmpty ? parseInput(param, text) : null;
  const message = parsed && !parsed.ok ? parsed.message : null;
  const isArray = param.type.endsWith(']');
  return (
    <div className="field abi-field">
      <label htmlFor={id}>
        {name} <span className="muted mono">({param.type})</span>
      </label>
      <input
        id={id}
        className="mono"
        value={text}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholderFor(param.type)}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : isArray ? `${id}-hint` : undefined}
        spellCheck={false}
        autoComplete="off"
      />
      {isArray && !message && (
        <span id={`${id}-hint`} className="field-hint muted">
          A JSON array, e.g. {placeholderFor(param.type)}
        </span>
      )}
      {message && (
        <span id={`${id}-error`} className="field-error" role="alert">
          {name}: {message}
        </span>
      )}
    </div>
  );
}

function placeholderFor(type: string): string {
  if (type.endsWith(']')) return type.startsWith('address') ? '["0x…", "0x…"]' : '["1", "2"]';
  if (type === 'address') return '0x… (40 hex digits)';
  if (type === 'bool') return 'true or false';
  if (type === 'string') return 'text';
  if (type === 'bytes') return '0x…';
  if (type.startsWith('bytes')) return `0x… (${type.slice(5)} bytes)`;
  return 'decimal or 0x hex';
}
