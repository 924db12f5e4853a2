import { useState } from 'react';
import type { Profile } from '../../../src-shared/contract/schemas.ts';
import { useDeleteProfile, useSavePreferences, useSetActiveProfile, useSettings } from '../../data/settings.ts';
import { CopyButton } from '../../ui/copy-button.tsx';
import { ErrorMessage } from '../../ui/error-message.tsx';
import { AddressBookPanel } from './address-book-panel.tsx';
import { FoldersPanel } from './folders-panel.tsx';
import { LocalStoresPanel } from './local-stores-panel.tsx';
import { ProfileForm } from './profile-form.tsx';
import { SecretsPanel } from './secrets-panel.tsx';
import './settings.css';

export function SettingsScreen() {
  const settings = useSettings();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const setActive = useSetActiveProfile();
  const remove = useDeleteProfile();
  const savePreferences = useSavePreferences();

  if (settings.error) return <ErrorMessage error={settings.error} title="Settings could not be loaded." />;
  if (!settings.data) return <p className="muted">Loading settings…</p>;
  const { profiles, activeProfileId, preferences } = settings.data.settings;
  const selected: Profile | undefined = profiles.find((p) => p.id === (selectedId ?? activeProfileId));

  return (
    <div className="settings-screen">
      <h1 className="screen-title">Settings</h1>
      <section className="panel" aria-labelledby="profiles-heading">
        <h2 id="profiles-heading">Connection profiles</h2>
        <ul className="profile-list">
          {profiles.map((p) => (
            <li key={p.id} className={p.id === selected?.id ? 'selected' : undefined}>
              <button
                type="button"
                onClick={() => {
                  setSelectedId(p.id);
                  setCreating(false);
                }}
                aria-pressed={p.id === selected?.id}
              >
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
        <button type="button" onClick={() => setCreating(true)}>
          New profile…
        </button>
        {setActive.error && <ErrorMessage error={setActive.error} />}
      </section>

      {creating ? (
        <section className="panel">
          <h2>New profile</h2>
          <ProfileForm
            profile={null}
            onDone={(id) => {
              setCreating(false);
              setSelectedId(id);
            }}
          />
        </section>
      ) : (
        selected && (
          <section className="panel" aria-label={`Profile ${selected.name}`}>
            <h2>{selected.name}</h2>
            <p className="profile-id-line">
              Profile id <code className="profile-id">{selected.id}</code>{' '}
              <CopyButton text={selected.id} label={`profile id ${selected.id}`} />{' '}
              <span className="muted">
                what <code>npm run cli -- sync --profile {selected.id} …</code> takes
              </span>
            </p>
            {selected.kind === 'sandbox' ? (
              <p className="muted">
                The local sandbox network runs inside the app: no account and no internet needed. Its credentials are
                built in; secrets you save here replace them.
              </p>
            ) : (
              <>
                <ProfileForm key={selected.id} profile={selected} onDone={setSelectedId} />
                {/* Its secrets go from the keychain too, which may take its 5 s: the button says it waits. */}
                <button
                  type="button"
                  className="danger"
                  onClick={() => remove.mutate(selected.id)}
                  disabled={remove.isPending}
                >
                  {remove.isPending ? 'Deleting profile…' : 'Delete profile'}
                </button>
                {remove.error && <ErrorMessage error={remove.error} />}
              </>
            )}
            <SecretsPanel profileId={selected.id} />
          </section>
        )
      )}

      <section className="panel" aria-labelledby="appearance-heading">
        <h2 id="appearance-heading">Appearance and time</h2>
        <label className="field">
          <span>Theme</span>
          <select
            value={preferences.theme}
            onChange={(e) => savePreferences.mutate({ theme: e.target.value as typeof preferences.theme })}
          >
            <option value="system">Follow the OS</option>
            <option value="light">Light</option>
            <option value="dark">Dark</option>
          </select>
        </label>
        <label className="field">
          <span>Times shown in</span>
          <select
            value={preferences.timeZone}
            onChange={(e) => savePreferences.mutate({ timeZone: e.target.value as typeof preferences.timeZone })}
          >
            <option value="local">Local time</option>
            <option value="utc">UTC</option>
          </select>
        </label>
        {savePreferences.error && <ErrorMessage error={savePreferences.error} />}
      </section>
      <AddressBookPanel />
      <LocalStoresPanel />
      <FoldersPanel />
    </div>
  );
}
