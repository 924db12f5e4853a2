// Hooks over the app channels: what main says about itself (version, transport, where secrets
// live, the sandbox), and abandoning a call in flight.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { bridge } from './bridge.ts';
import { queryKeys } from './query-keys.ts';

/**
 * Where secrets live can change while the app runs (the Secret Service stops) without any call
 * failing (secrets already in use keep working from memory), so the banner asks main again every
 * few seconds. app:info is a local call: no network, no keychain.
 */
const APP_INFO_REFRESH_MS = 5_000;

/** What main says about itself: the hook's query, and what the app asks for before its first render (early-queries.ts). */
export const appInfoQuery = () => queryOptions({ queryKey: queryKeys.app.info(), queryFn: () => bridge().app.info() });

export const useAppInfo = () => useQuery(appInfoQuery());

/** The app info, asked for again every few seconds: for the banner that watches secret storage. */
export function useWatchedAppInfo() {
  const info = useQuery({
    queryKey: queryKeys.app.info(),
    queryFn: () => bridge().app.info(),
    refetchInterval: APP_INFO_REFRESH_MS,
  }).data;
  // When secrets move to the session store, what Settings shows about each of them is out of date.
  const client = useQueryClient();
  const backend = info?.secretStorage.backend;
  useEffect(() => {
    if (backend === 'session') void client.invalidateQueries({ queryKey: queryKeys.secrets.all() });
  }, [backend, client]);
  return info;
}
