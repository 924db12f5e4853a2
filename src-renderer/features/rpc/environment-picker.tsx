// Which environment's {{variables}} the console resolves with, next to the target: the ones that
// apply to the active profile, or none. New and Edit open the editor in place.
import { useId, useState } from 'react';
import type { RpcEnvironment } from '../../../src-shared/contract/rpc-workspace.ts';
import { ErrorMessage } from '../../ui/error-message.tsx';
import { type useActiveEnvironment, useEnvironmentChoice } from './environment-choice.ts';
import { EnvironmentEditor } from './environment-editor.tsx';

interface EnvironmentPickerProps {
  profile: { id: string; name: string } | null;
  current: ReturnType<typeof useActiveEnvironment>;
}

export function EnvironmentPicker({ profile, current }: EnvironmentPickerProps) {
  const id = useId();
  const choose = useEnvironmentChoice((s) => s.choose);
  const [editing, setEditing] = useState<RpcEnvironment | 'new' | null>(null);
  const { applicable, active, environments } = current;

  const pick = (environmentId: string | null) => {
    if (profile) choose(profile.id, environmentId);
  };

  return (
    <div className="rpc-environment">
      <div className="rpc-env-row">
        <label htmlFor={id}>Environment</label>
        <select id={id} value={active?.id ?? ''} onChange={(e) => pick(e.target.value || null)}>
          <option value="">No environment</option>
          {applicable.map((env) => (
            <option key={env.id} value={env.id}>
              {env.name}
            </option>
          ))}
        </select>{' '}
        <button type="button" onClick={() => setEditing('new')}>
          New
        </button>{' '}
        {active && (
          <button type="button" onClick={() => setEditing(active)}>
            Edit
          </button>
        )}
        {active && (
          <span className="muted">
            {' '}
            {active.variables.length} variable{active.variables.length === 1 ? '' : 's'}: use them as {'{{name}}'}
          </span>
        )}
      </div>
      {environments.error && <ErrorMessage error={environments.error} title="Environments could not be read." />}
      {environments.data?.problem && <p className="field-error">{environments.data.problem}</p>}
      {editing && (
        <EnvironmentEditor
          key={editing === 'new' ? 'new' : editing.id}
          editing={editing === 'new' ? null : editing}
          profile={profile}
          onDone={(saved) => {
            setEditing(null);
            if (saved) pick(saved.id);
          }}
        />
      )}
    </div>
  );
}
