// The Settings screen: the connection profiles (the list, a new one, the one picked with its
// secrets), appearance and time, the address book, the local stores and the folders.
import { useState } from 'react';
import type { Profile } from '../../../src-shared/contract/schemas.ts';
import { useDeleteProfile, useSavePreferences, useSetActiveProfile, useSettings } from '../../data/settings.ts';
import { ErrorMessage } from '../../ui/error-message.tsx';
import { AddressBookPanel } from './address-book-panel.tsx';
import { AppearancePanel } from './appearance-panel.tsx';
import { FoldersPanel } from './folders-panel.tsx';
import { LocalStoresPanel } from './local-stores-panel.tsx';
import { ProfileDetailsPanel } from './profile-details-panel.tsx';
import { ProfileForm } from './profile-form.tsx';
import { ProfileListPanel } from './profile-list-panel.tsx';
import './settings.css';

export function SettingsScreen() {
  const settings = useSettings();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  // Here, not in the panels: a panel leaves the screen (New profile… takes the profile's, a failed
  // reload of the settings takes them all), and what an action on its way says must outlive it.
  const remove = useDeleteProfile();
  const setActive = useSetActiveProfile();
  const savePreferences = useSavePreferences();

  if (settings.error) return <ErrorMessage error={settings.error} title="Settings could not be loaded." />;
  if (!settings.data) return <p className="muted">Loading settings…</p>;
  const { profiles, activeProfileId, preferences } = settings.data.settings;
  const selected: Profile | undefined = profiles.find((p) => p.id === (selectedId ?? activeProfileId));

  return (
    <div className="settings-screen">
      <h1 className="screen-title">Settings</h1>
      <ProfileListPanel
        profiles={profiles}
        activeProfileId={activeProfileId}
        selectedId={selected?.id}
        onPick={(id) => {
          setSelectedId(id);
          setCreating(false);
        }}
        onNew={() => setCreating(true)}
        setActive={setActive}
      />
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
        selected && <ProfileDetailsPanel profile={selected} remove={remove} onSaved={setSelectedId} />
      )}
      <AppearancePanel preferences={preferences} savePreferences={savePreferences} />
      <AddressBookPanel />
      <LocalStoresPanel />
      <FoldersPanel />
    </div>
  );
}
