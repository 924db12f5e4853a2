// Settings: the theme, and the zone times are shown (and typed times read) in.
import type { Preferences } from '../../../src-shared/contract/schemas.ts';
import type { useSavePreferences } from '../../data/settings.ts';
import { ErrorMessage } from '../../ui/error-message.tsx';

export function AppearancePanel({
  preferences,
  savePreferences,
}: {
  preferences: Preferences;
  /** Held by the screen (see settings-screen.tsx). */
  savePreferences: ReturnType<typeof useSavePreferences>;
}) {
  return (
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
  );
}
