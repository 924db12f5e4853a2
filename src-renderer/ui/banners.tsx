import { useEffect, useId, useState } from 'react';
import type { SecretStorageInfo } from '../../src-shared/contract/schemas.ts';
import { useWatchedAppInfo } from '../data/app.ts';
import { useSavePreferences, useSettings } from '../data/settings.ts';
import { keychainAdvice, keychainHeadline, keychainLine } from './keychain-advice.ts';

export { keychainAdvice } from './keychain-advice.ts';

/** Persistent notices about things the user must know: weak secret storage, a bad settings file, no sandbox. */
export function Banners() {
  // Asked for again every few seconds: where secrets live can change while the app runs.
  const info = useWatchedAppInfo();
  const settings = useSettings().data;
  const profile = settings?.settings.activeProfileId;
  return (
    <>
      {info && settings && profile && (
        <KeychainBanner
          storage={info.secretStorage}
          platform={info.platform}
          profile={profile}
          dismissed={settings.settings.preferences.dismissedKeychainNotices}
          onSandbox={profile === 'sandbox'}
        />
      )}
      {settings?.loadProblem && (
        <div className="banner banner-warning" role="status" data-testid="settings-problem-banner">
          {settings.loadProblem.message}
        </div>
      )}
      {info?.sandbox.error && (
        <div className="banner banner-error" role="status">
          {info.sandbox.error}
        </div>
      )}
    </>
  );
}

/** What a dismissal is remembered for: the cause and the system's words (null: the keychain works). */
function keychainNoticeKey(storage: SecretStorageInfo): string | null {
  return storage.backend === 'session' ? `session:${storage.cause ?? ''}:${storage.reason ?? ''}`.slice(0, 2100) : null;
}

/**
 * Secrets in memory only: said in the user's words, with the one thing to do; the system's own text
 * (e.g. "Cannot autolaunch D-Bus without X11 $DISPLAY") only on demand. On the sandbox profile,
 * where no secret is at stake (its credentials are built in), it is one line and the advice waits
 * behind Details too. Dismissing hides it on this profile for the cause it was dismissed with,
 * remembered in the settings across reloads and restarts (it came back after each reload); a new
 * cause (the keychain going away later, or back and away again) shows it again, and so does another
 * profile, where other secrets may be at stake.
 */
function KeychainBanner({
  storage,
  platform,
  profile,
  dismissed,
  onSandbox,
}: {
  storage: SecretStorageInfo;
  platform: string;
  profile: string;
  dismissed: Readonly<Record<string, string>>;
  onSandbox: boolean;
}) {
  const detailsId = useId();
  const [showDetails, setShowDetails] = useState(false);
  const save = useSavePreferences();
  const key = keychainNoticeKey(storage);
  // Hidden at once on Dismiss, before the settings' answer comes back.
  const [dismissing, setDismissing] = useState<string | null>(null);
  const remembered = Object.keys(dismissed).length > 0;
  // Back to the keychain: a later fallback, even for the same cause, is news again.
  useEffect(() => {
    if (key !== null) return;
    setDismissing(null);
    if (remembered) save.mutate({ dismissedKeychainNotices: {} });
  }, [key, remembered, save.mutate]);
  if (key === null || dismissed[profile] === key || dismissing === `${profile}\n${key}`) return null;
  const advice = keychainAdvice(platform, storage.cause);
  const actions = (
    <span className="keychain-banner-actions">
      {(storage.reason || onSandbox) && (
        <button
          type="button"
          aria-expanded={showDetails}
          aria-controls={detailsId}
          onClick={() => setShowDetails((shown) => !shown)}
        >
          Details
        </button>
      )}
      <button
        type="button"
        onClick={() => {
          setDismissing(`${profile}\n${key}`);
          save.mutate({ dismissedKeychainNotices: { ...dismissed, [profile]: key } });
        }}
      >
        Dismiss
      </button>
    </span>
  );
  return (
    <div
      className={`banner banner-warning keychain-banner${onSandbox ? ' keychain-banner-line' : ''}`}
      role="status"
      data-testid="session-secrets-banner"
    >
      <p className="keychain-banner-headline">
        <strong>{onSandbox ? keychainLine(storage.cause) : keychainHeadline(storage.cause)}</strong>
        {onSandbox && <span> The sandbox profile needs none.</span>}
        {onSandbox && actions}
      </p>
      {!onSandbox && <p className="keychain-banner-advice">{advice}</p>}
      {!onSandbox && actions}
      {showDetails && (
        <div id={detailsId}>
          {onSandbox && (
            <p className="keychain-banner-advice">
              {keychainHeadline(storage.cause)} {advice}
            </p>
          )}
          {storage.reason && (
            <p className="keychain-banner-details mono" data-testid="session-secrets-reason">
              {storage.reason}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
