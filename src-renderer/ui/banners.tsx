import { useEffect, useId, useState } from 'react';
import type { SecretStorageInfo } from '../../src-shared/contract/schemas.ts';
import { useWatchedAppInfo } from '../data/app.ts';
import { useSettings } from '../data/settings.ts';
import { keychainAdvice, keychainHeadline, keychainLine } from './keychain-advice.ts';

export { keychainAdvice } from './keychain-advice.ts';

/** Persistent notices about things the user must know: weak secret storage, a bad settings file, no sandbox. */
export function Banners() {
  // Asked for again every few seconds: where secrets live can change while the app runs.
  const info = useWatchedAppInfo();
  const settings = useSettings().data;
  return (
    <>
      {info && (
        <KeychainBanner
          storage={info.secretStorage}
          platform={info.platform}
          onSandbox={settings?.settings.activeProfileId === 'sandbox'}
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

/**
 * Secrets in memory only: said in the user's words, with the one thing to do; the system's own text
 * (e.g. "Cannot autolaunch D-Bus without X11 $DISPLAY") only on demand. On the sandbox profile,
 * where no secret is at stake (its credentials are built in), it is one line and the advice waits
 * behind Details too. Dismissing hides it for this renderer's life (it comes back on the next
 * start) and only for the reason it was dismissed with: a new reason (the keychain going away
 * later) shows it again.
 */
function KeychainBanner({
  storage,
  platform,
  onSandbox,
}: {
  storage: SecretStorageInfo;
  platform: string;
  onSandbox: boolean;
}) {
  const detailsId = useId();
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [showDetails, setShowDetails] = useState(false);
  const key = storage.backend === 'session' ? `session:${storage.reason ?? ''}` : null;
  // Back to the keychain: a later fallback, even for the same reason, is news again.
  useEffect(() => {
    if (key === null) setDismissed(null);
  }, [key]);
  if (key === null || dismissed === key) return null;
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
      <button type="button" onClick={() => setDismissed(key)}>
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
