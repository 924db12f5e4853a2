import { useEffect, useState } from 'react';
import { useChainListing } from '../../data/chains.ts';
import { useActiveProfile } from '../../data/settings.ts';
import { ErrorMessage, rateLimitedTitle } from '../../ui/error-message.tsx';
import { formatTime } from '../../ui/local-format.ts';
import { useTimeZone } from '../../ui/time-zone.ts';
import { useUiStore } from '../../ui-store.ts';
import { ChainsTable } from './chains-table.tsx';
import './chains.css';

/** The chain listing of the active profile. Main makes the authenticated call; the key never comes here. */
export function ChainsScreen() {
  const profile = useActiveProfile();
  const chains = useChainListing(profile?.id);
  const [search, setSearch] = useState('');
  const openInConsole = useUiStore((s) => s.openConsoleOn);
  const focus = useUiStore((s) => s.chainFocus);
  // When the listing was read, written as every time in the app is (the preferences' zone).
  const zone = useTimeZone();
  const fetchedAt = chains.data ? formatTime(chains.data.fetchedAt, zone) : '';
  // A chain asked for by a link or the palette must not be hidden by an old search.
  useEffect(() => {
    if (focus) setSearch('');
  }, [focus]);

  return (
    <div>
      <div className="screen-header">
        <h1 className="screen-title">Chains</h1>
        <button type="button" onClick={() => void chains.refetch()} disabled={chains.isFetching}>
          {chains.isFetching ? 'Loading…' : 'Refresh'}
        </button>
      </div>
      {chains.error && (
        <ErrorMessage
          error={chains.error}
          title={[
            rateLimitedTitle(chains.error),
            chains.data
              ? `The chain listing failed; the list below is the one fetched at ${fetchedAt}.`
              : 'The chain listing failed.',
          ]
            .filter(Boolean)
            .join(' ')}
        />
      )}
      {chains.data && (
        <>
          <p className="muted">
            {chains.data.chains.length} chains from {chains.data.source}, fetched {fetchedAt}
          </p>
          <div className="field chains-search">
            <label htmlFor="chains-search">Search chains</label>
            <input
              id="chains-search"
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder="name, chain id, currency…"
              spellCheck={false}
            />
          </div>
          <ChainsTable
            chains={chains.data.chains}
            search={search}
            onOpen={openInConsole}
            profileId={profile?.id}
            focus={focus}
          />
        </>
      )}
    </div>
  );
}
