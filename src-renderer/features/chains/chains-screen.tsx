import { useQuery } from '@tanstack/react-query';
import { ledger } from '../../bridge.ts';
import { ErrorMessage } from '../../ui/error-message.tsx';
import { useActiveProfile } from '../settings/settings-queries.ts';
import { ChainsTable } from './chains-table.tsx';

/** The chain listing of the active profile. Main makes the authenticated call; the key never comes here. */
export function ChainsScreen() {
  const profile = useActiveProfile();
  const chains = useQuery({
    queryKey: ['chains', profile?.id],
    queryFn: () => ledger().chains.list(profile?.id ?? ''),
    enabled: profile !== null,
    staleTime: 5 * 60_000,
  });

  return (
    <div>
      <div className="screen-header">
        <h2>Chains</h2>
        <button type="button" onClick={() => void chains.refetch()} disabled={chains.isFetching}>
          {chains.isFetching ? 'Loading…' : 'Refresh'}
        </button>
      </div>
      {chains.error && <ErrorMessage error={chains.error} title="The chain listing failed." />}
      {chains.data && (
        <>
          <p className="muted">
            {chains.data.chains.length} chains from {chains.data.source}, fetched{' '}
            {new Date(chains.data.fetchedAt).toLocaleTimeString()}
          </p>
          <ChainsTable chains={chains.data.chains} />
        </>
      )}
    </div>
  );
}
