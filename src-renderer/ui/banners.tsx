import { useEffect, useId, useState } from 'react';
import type { SecretStorageInfo } from '../../src-shared/contract/schemas.ts';
import { useWatchedAppInfo } from '../data/app.ts';
import { useSettings } from '../data/settings.ts';

/** Persistent notices about things the user must know: weak secret storage, a bad settings file, no sandbox. */
export function Banners() {
  // Asked for again every few seconds: where secrets live can change while the app runs.
  const info = useWatchedAppInfo();
  const settings = useSettings().data;
  return (
    <>
      {info && <KeychainBanner storage={info.secretStorage} platform={info.platform} />}
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

/** What to install or start, in the words of the platform main runs on (`process.platform`). */
export function keychainAdvice(platform: string): string {
  switch (platform) {
    case 'linux':
      return 'Install and start a Secret Service such as GNOME Keyring (Debian/Ubuntu: gnome-keyring, libsecret-1-0), then restart Ledger Explorer to keep secrets across restarts.';
    case 'darwin':
      return 'Ledger Explorer keeps secrets in the macOS Keychain: check that Keychain Access opens your login keychain, then restart Ledger Explorer.';
    case 'win32':
      return 'Ledger Explorer keeps secrets in Windows Credential Manager: check that it opens for your account, then restart Ledger Explorer.';
    default:
      return "Start your system's keychain service, then restart Ledger Explorer to keep secrets across restarts.";
  }
}

/**
 * Secrets in memory only: said in the user's words, with what to do; the system's own text (e.g.
 * "Cannot autolaunch D-Bus without X11 $DISPLAY") only on demand. Dismissing hides it for this
 * renderer's life (it comes back on the next start) and only for the reason it was dismissed with:
 * a new reason (the keychain going away later) shows it again.
 */
function KeychainBanner({ storage, platform }: { storage: SecretStorageInfo; platform: string }) {
  const detailsId = useId();
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [showDetails, setShowDetails] = useState(false);
  const key = storage.backend === 'session' ? `session:${storage.reason ?? ''}` : null;
  // Back to the keychain: a later fallback, even for the same reason, is news again.
  useEffect(() => {
    if (key === null) setDismissed(null);
  }, [key]);
  if (key === null || dismissed === key) return null;
  return (
    <div className="banner banner-warning keychain-banner" role="status" data-testid="session-secrets-banner">
      <p className="keychain-banner-headline">
        <strong>Secrets you save are kept only until you quit: this system has no keychain service running.</strong>
      </p>
      <p className="keychain-banner-advice">{keychainAdvice(platform)}</p>
      <div className="keychain-banner-actions">
        {storage.reason && (
          <button
            type="button"
            aria-expanded={showDetails}
            aria-controls={detailsId}
            onClick={() => setShowDetails((shown) => !shown)}
          >
            Details
          </button>
        )}
        <button type="button" onClick={() => setDismissed(key)}>
          Dismiss
        </button>
      </div>
      {storage.reason && showDetails && (
        <p id={detailsId} className="keychain-banner-details mono" data-testid="session-secrets-reason">
          {storage.reason}
        </p>
      )}
    </div>
  );
}
