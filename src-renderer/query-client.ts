import { QueryClient } from '@tanstack/react-query';
import { asBridgeError } from '../src-shared/contract/errors.ts';

/** Retry only what a retry can fix: a network blip, not a 401 or a bad argument. */
const RETRYABLE = new Set(['network', 'timeout']);

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => failureCount < 2 && RETRYABLE.has(asBridgeError(error).code),
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}
