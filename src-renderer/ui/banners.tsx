import { useWatchedAppInfo } from '../data/app.ts';
import { useSettings } from '../data/settings.ts';

/** Persistent notices about things the user must know: weak secret storage, a bad settings file, no sandbox. */
export function Banners() {
  // Asked for again every few seconds: where secrets live can change while the app runs.
  const info = useWatchedAppInfo();
  const settings = useSettings().data;
  return (
    <>
      {info?.secretStorage.backend === 'session' && (
        <div className="banner banner-warning" role="status" data-testid="session-secrets-banner">
          Secrets are kept in memory only until you quit: the OS keychain is not available ({info.secretStorage.reason}
          ).
        </div>
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
