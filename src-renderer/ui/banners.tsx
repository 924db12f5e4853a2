import { useEffect, useId, useState } from 'react';
import type { SecretStorageInfo } from '../../src-shared/contract/schemas.ts';
import { useWatchedAppInfo } from '../data/app.ts';
import { useSettings } from '../data/settings.ts';
import { keychainAdvice, keychainHeadline } from './keychain-advice.ts';

export { keychainAdvice } from './keychain-advice.ts';

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
        <strong>{keychainHeadline(storage.cause)}</strong>
      </p>
      <p className="keychain-banner-advice">{keychainAdvice(platform, storage.cause)}</p>
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
