// Settings: the profile picked in the list. Its id to copy; a remote profile's form and Delete (the
// built-in sandbox has neither); its secrets.
import type { Profile } from '../../../src-shared/contract/schemas.ts';
import type { useDeleteProfile } from '../../data/settings.ts';
import { CopyButton } from '../../ui/copy-button.tsx';
import { ErrorMessage } from '../../ui/error-message.tsx';
import { ProfileForm } from './profile-form.tsx';
import { SecretsPanel } from './secrets-panel.tsx';

export function ProfileDetailsPanel({
  profile,
  remove,
  onSaved,
}: {
  profile: Profile;
  /** The screen's: a deletion on its way is still shown after New profile… and back. */
  remove: ReturnType<typeof useDeleteProfile>;
  onSaved: (id: string) => void;
}) {
  return (
    <section className="panel" aria-label={`Profile ${profile.name}`}>
      <h2>{profile.name}</h2>
      <p className="profile-id-line">
        Profile id <code className="profile-id">{profile.id}</code>{' '}
        <CopyButton text={profile.id} label={`profile id ${profile.id}`} />{' '}
        <span className="muted">
          what <code>npm run cli -- sync --profile {profile.id} …</code> takes
        </span>
      </p>
      {profile.kind === 'sandbox' ? (
        <p className="muted">
          The local sandbox network runs inside the app: no account and no internet needed. Its credentials are built
          in; secrets you save here replace them.
        </p>
      ) : (
        <>
          <ProfileForm key={profile.id} profile={profile} onDone={onSaved} />
          {/* Its secrets go from the keychain too, which may take its 5 s: the button says it waits. */}
          <button
            type="button"
            className="danger"
            onClick={() => remove.mutate(profile.id)}
            disabled={remove.isPending}
          >
            {remove.isPending ? 'Deleting profile…' : 'Delete profile'}
          </button>
          {remove.error && <ErrorMessage error={remove.error} />}
        </>
      )}
      <SecretsPanel profileId={profile.id} />
    </section>
  );
}
