// Settings: the connection profiles, each with its id (what the CLI's --profile takes); picking one
// shows it below, Use makes it the active one, New profile… opens an empty form.
import type { Profile } from '../../../src-shared/contract/schemas.ts';
import type { useSetActiveProfile } from '../../data/settings.ts';
import { ErrorMessage } from '../../ui/error-message.tsx';

export function ProfileListPanel({
  profiles,
  activeProfileId,
  selectedId,
  onPick,
  onNew,
  setActive,
}: {
  profiles: readonly Profile[];
  activeProfileId: string;
  /** The profile shown below the list, if any. */
  selectedId: string | undefined;
  onPick: (id: string) => void;
  onNew: () => void;
  /** Held by the screen, so a failed Use still says so after the list left the screen and came back. */
  setActive: ReturnType<typeof useSetActiveProfile>;
}) {
  return (
    <section className="panel" aria-labelledby="profiles-heading">
      <h2 id="profiles-heading">Connection profiles</h2>
      <ul className="profile-list">
        {profiles.map((p) => (
          <li key={p.id} className={p.id === selectedId ? 'selected' : undefined}>
            <button type="button" onClick={() => onPick(p.id)} aria-pressed={p.id === selectedId}>
              {p.name}
            </button>
            <code className="profile-id" title="The profile's id: what the CLI's --profile takes">
              {p.id}
            </code>
            {p.id === activeProfileId ? (
              <span className="badge">active</span>
            ) : (
              <button type="button" onClick={() => setActive.mutate(p.id)}>
                Use
              </button>
            )}
          </li>
        ))}
      </ul>
      <button type="button" onClick={onNew}>
        New profile…
      </button>
      {setActive.error && <ErrorMessage error={setActive.error} />}
    </section>
  );
}
