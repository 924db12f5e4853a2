// Creates or edits one environment: its name, whether it applies to the active profile only or to
// every profile, and its variables as `name = value` lines. Bad input is refused at the field.
import { type FormEvent, useId, useState } from 'react';
import type { RpcEnvironment } from '../../../src-shared/contract/rpc-workspace.ts';
import { useDeleteEnvironment, useSaveEnvironment } from '../../data/rpc-workspace.ts';
import { ErrorMessage } from '../../ui/error-message.tsx';
import { parseVariableLines, variableLines } from './environment-lines.ts';

interface EnvironmentEditorProps {
  /** null: a new environment. */
  editing: RpcEnvironment | null;
  profile: { id: string; name: string } | null;
  onDone: (saved: RpcEnvironment | null) => void;
}

export function EnvironmentEditor({ editing, profile, onDone }: EnvironmentEditorProps) {
  const id = useId();
  const [name, setName] = useState(editing?.name ?? '');
  const [onlyProfile, setOnlyProfile] = useState(editing ? editing.profileIds.length > 0 : true);
  const [lines, setLines] = useState(editing ? variableLines(editing.variables) : '');
  const save = useSaveEnvironment();
  const remove = useDeleteEnvironment();
  const parsed = parseVariableLines(lines);
  // Said once the field was used (typed in or left), not at a new user before they typed anything.
  const [nameTouched, setNameTouched] = useState(Boolean(editing));
  const nameError = name.trim() ? null : 'Give the environment a name';
  const shownNameError = nameTouched ? nameError : null;
  const linesError = 'error' in parsed ? parsed.error : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (nameError || !('variables' in parsed)) return;
    const profileIds = onlyProfile && profile ? [profile.id] : [];
    save.mutate(
      { id: editing?.id ?? null, name: name.trim(), profileIds, variables: parsed.variables },
      { onSuccess: (view) => onDone(view.environments.find((e) => e.name === name.trim()) ?? null) },
    );
  };

  return (
    <form className="rpc-env-editor" aria-label="Environment" onSubmit={submit}>
      <div className="field">
        <label htmlFor={`${id}-name`}>Environment name</label>
        <input
          id={`${id}-name`}
          value={name}
          maxLength={40}
          onChange={(e) => {
            setName(e.target.value);
            setNameTouched(true);
          }}
          onBlur={() => setNameTouched(true)}
          aria-invalid={shownNameError ? true : undefined}
          aria-describedby={shownNameError ? `${id}-name-error` : undefined}
        />
        {shownNameError && (
          <p id={`${id}-name-error`} className="field-error">
            {shownNameError}
          </p>
        )}
      </div>
      {profile && (
        <label className="rpc-env-bind">
          <input type="checkbox" checked={onlyProfile} onChange={(e) => setOnlyProfile(e.target.checked)} /> Only for
          the profile "{profile.name}"
        </label>
      )}
      <div className="field">
        <label htmlFor={`${id}-vars`}>Variables (one name = value per line)</label>
        <textarea
          id={`${id}-vars`}
          value={lines}
          rows={5}
          spellCheck={false}
          placeholder={'holder = 0x…\nblock = latest'}
          onChange={(e) => setLines(e.target.value)}
          aria-invalid={linesError ? true : undefined}
          aria-describedby={`${id}-vars-note`}
        />
        <p id={`${id}-vars-note`} className={linesError ? 'field-error' : 'muted'}>
          {linesError ?? 'Not for keys: values are saved and exported as plain text. The app adds the API key itself.'}
        </p>
      </div>
      {save.error && <ErrorMessage error={save.error} title="Not saved." />}
      <div className="rpc-env-actions">
        <button type="submit" disabled={Boolean(nameError || linesError) || save.isPending}>
          Save environment
        </button>{' '}
        <button type="button" onClick={() => onDone(editing)}>
          Cancel
        </button>{' '}
        {editing && (
          <button
            type="button"
            className="danger"
            onClick={() => remove.mutate(editing.id, { onSuccess: () => onDone(null) })}
          >
            Delete environment
          </button>
        )}
      </div>
      {remove.error && <ErrorMessage error={remove.error} />}
    </form>
  );
}
