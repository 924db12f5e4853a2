import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { asBridgeError } from '../../src-shared/contract/errors.ts';
import { STORE_BUSY_RETRY_MS, storeBusy } from './local-ledger.ts';
import { queryKeys } from './query-keys.ts';

/** Retry only what a retry can fix: a network blip, not a 401 or a bad argument. */
const RETRYABLE = new Set(['network', 'timeout']);

export function createQueryClient(): QueryClient {
  // A keychain failure anywhere changes where secrets live: refresh the app info behind the banner.
  const onError = (error: unknown) => {
    if (asBridgeError(error).code === 'keychain') void client.invalidateQueries({ queryKey: queryKeys.app.info() });
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => failureCount < 2 && RETRYABLE.has(asBridgeError(error).code),
        refetchOnWindowFocus: false,
        // Back online (the browser version: its server is back after a restart, web/server-link.ts;
        // the desktop app: the machine's network is back): every query on screen is asked again,
        // since what main answered before may have changed while it was away.
        refetchOnReconnect: 'always',
        // A local store another program holds: the view shows why, and reads again until it gets in.
        refetchInterval: (query) => (storeBusy(query.state.error) ? STORE_BUSY_RETRY_MS : false),
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
  return client;
}
