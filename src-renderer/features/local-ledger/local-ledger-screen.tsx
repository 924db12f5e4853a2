// The local ledger: choose a party, sync it into this computer's store, and read it from there
// (transfers, counterparties, flows, SQL). Every tab shows where its data came from. It opens on
// the party the user last had on screen (Transfers' or its own, from the app's UI store), and
// shows no view, empty box or table of a party before anything of it is stored: the first
// screen says what Sync now will do instead. One compact header (local-header.tsx) keeps the tabs
// and the first rows on screen (docs/local-ledger.md, "Screens"). The party and its sync are
// use-party-sync.ts's; what shows under the header is party-views.tsx's.
import { useActiveProfile } from '../../data/settings.ts';
import { ErrorMessage } from '../../ui/error-message.tsx';
import { LocalHeader } from './local-header.tsx';
import { PartyViews } from './party-views.tsx';
import { useViewScope } from './scope/scope-picker.tsx';
import { SyncPanel } from './sync-panel.tsx';
import { usePartySync } from './use-party-sync.ts';
import './local-ledger.css';

export function LocalLedgerScreen() {
  const profile = useActiveProfile();
  return (
    <div className="local-ledger-screen">
      <h1 className="screen-title">Local ledger</h1>
      {profile ? <ProfileLedger key={profile.id} profileId={profile.id} /> : <p className="muted">Loading settings…</p>}
    </div>
  );
}

/** The screen for one profile (its store, its parties): remade when another profile is chosen. */
function ProfileLedger({ profileId }: { profileId: string }) {
  const ledger = usePartySync(profileId);
  const { party, status, start, cancel, shown } = ledger;
  const views = useViewScope(profileId, party ?? '', ledger.choose);
  return (
    <>
      <LocalHeader
        profileId={profileId}
        party={party}
        onChoose={ledger.choose}
        carried={ledger.carried}
        lake={ledger.lake}
        status={status.data}
        syncing={ledger.syncing}
        onSync={ledger.sync}
        syncAsked={ledger.syncAsked}
        next={ledger.next}
        syncAll={ledger.syncAll}
        optionsOpen={ledger.optionsOpen}
        onOptions={ledger.setOptionsOpen}
      >
        {party !== null && status.error && (
          <ErrorMessage error={status.error} title="The local store could not be read." />
        )}
        {party !== null && start.error && <ErrorMessage error={start.error} title="The sync could not start." />}
        {shown && (
          <SyncPanel
            status={shown}
            onCancel={() => cancel.mutate(shown.jobId)}
            cancelling={cancel.isPending}
            cancelError={cancel.error}
          />
        )}
      </LocalHeader>
      {party !== null && (
        <PartyViews
          profileId={profileId}
          party={party}
          status={status.data}
          syncing={ledger.syncing}
          lake={ledger.lake}
          nodeId={ledger.nodeId}
          nodes={ledger.nodes}
          views={views}
        />
      )}
    </>
  );
}
