import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ledger } from '../bridge.ts';
import { settingsKeys, useSettings } from '../features/settings/settings-queries.ts';

/**
 * Where secrets live can change while the app runs (the Secret Service stops) without any call
 * failing (secrets already in use keep working from memory), so the banner asks main again every
 * few seconds. app:info is a local call: no network, no keychain.
 */
const APP_INFO_REFRESH_MS = 5_000;

/** Persistent notices about things the user must know: weak secret storage, a bad settings file, no sandbox. */
export function Banners() {
  const info = useQuery({
    queryKey: settingsKeys.appInfo,
    queryFn: () => ledger().app.info(),
    refetchInterval: APP_INFO_REFRESH_MS,
  }).data;
  // When secrets move to the session store, what Settings shows about each of them is out of date.
  const client = useQueryClient();
  const backend = info?.secretStorage.backend;
  useEffect(() => {
    if (backend === 'session') void client.invalidateQueries({ queryKey: ['secrets'] });
  }, [backend, client]);
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
