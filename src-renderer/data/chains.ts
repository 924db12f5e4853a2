// The chain listing of a profile, cached: the Chains screen and the RPC console's chain picker share
// one query, so opening the console does not call the listing again.
import { useQuery } from '@tanstack/react-query';
import { asBridgeError } from '../../src-shared/contract/errors.ts';
import type { ChainSummary } from '../../src-shared/contract/schemas.ts';
import { bridge } from './bridge.ts';
import { queryKeys } from './query-keys.ts';

export const useChainListing = (profileId: string | undefined) =>
  useQuery({
    queryKey: queryKeys.chains.listing(profileId),
    queryFn: () => bridge().chains.list(profileId ?? ''),
    enabled: profileId !== undefined,
    staleTime: 5 * 60_000,
    // A dropped connection is tried once more; a timeout is not (the user already waited the whole
    // timeout, and Refresh is one click away), nor is an error the service gave, nor an untrusted
    // certificate (it stays untrusted: asking again only delays the message).
    retry: (failureCount, error) => {
      const bridgeError = asBridgeError(error);
      return failureCount < 1 && bridgeError.code === 'network' && !bridgeError.details?.certificateError;
    },
  });

/** The listing's native-currency symbol for a chain, when it gives one (`nativeCurrency.symbol`). */
export function nativeSymbol(chain: ChainSummary | undefined): string | null {
  const currency = chain?.fields.nativeCurrency;
  if (currency && typeof currency === 'object' && typeof (currency as { symbol?: unknown }).symbol === 'string') {
    return (currency as { symbol: string }).symbol;
  }
  return null;
}
