// Renaming in place (a collection or a request): Enter saves, Escape cancels, an empty name is
// refused at the field.
import { useId, useState } from 'react';

export function RenameField({
  label,
  initial,
  onSave,
  onCancel,
}: {
  label: string;
  initial: string;
  onSave: (name: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [name, setName] = useState(initial);
  const error = name.trim() ? null : 'Enter a name';
  return (
    <span className="rpc-rename">
      <input
        aria-label={label}
        value={name}
        maxLength={80}
        // biome-ignore lint/a11y/noAutofocus: opened by the user's Rename click, where they mean to type
        autoFocus
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? id : undefined}
        onChange={(e) => setName(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onCancel();
          if (e.key === 'Enter') {
            e.preventDefault();
            if (!error) onSave(name.trim());
          }
        }}
      />{' '}
      <button type="button" disabled={Boolean(error)} onClick={() => onSave(name.trim())}>
        OK
      </button>{' '}
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
      {error && (
        <span id={id} className="field-error">
          {' '}
          {error}
        </span>
      )}
    </span>
  );
}
