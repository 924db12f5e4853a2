// The local ledger: choose a party, sync it into this computer's store, and read it from there
// (transfers, counterparties, flows, SQL). Every tab shows where its data came from.
import { useEffect, useState } from 'react';
import { useCancelSync, useLocalStatus, useStartSync, useSyncStatus } from '../../data/local-ledger.ts';
import { useActiveProfile } from '../../data/settings.ts';
import { useAppAction } from '../../ui/app-action.ts';
import { ErrorMessage } from '../../ui/error-message.tsx';
import { useTimeZone } from '../../ui/time-zone.ts';
import { useUiStore } from '../../ui-store.ts';
import { CounterpartiesView } from './counterparties/counterparties-view.tsx';
import { FlowsView } from './flows/flows-view.tsx';
import { PartyChoice } from './party-choice.tsx';
import { ProvenanceLine } from './provenance-line.tsx';
import { SqlView } from './sql/sql-view.tsx';
import { SyncOptions } from './sync-options.tsx';
import { SyncPanel } from './sync-panel.tsx';
import { LocalTransfers } from './table/local-transfers.tsx';
import { emptyRange, parseRange, type RangeDraft, rangeDraftOf } from './time-range-draft.ts';
import './local-ledger.css';

const TABS = [
  { id: 'transfers', label: 'Transfers' },
  { id: 'counterparties', label: 'Counterparties' },
  { id: 'flows', label: 'Flows' },
  { id: 'sql', label: 'SQL' },
] as const;
type TabId = (typeof TABS)[number]['id'];

export function LocalLedgerScreen() {
  const profile = useActiveProfile();
  return (
    <div className="local-ledger-screen">
      <h1 className="screen-title">Local ledger</h1>
      {profile ? <LocalLedger key={profile.id} profileId={profile.id} /> : <p className="muted">Loading settings…</p>}
    </div>
  );
}

function LocalLedger({ profileId }: { profileId: string }) {
  const [party, setParty] = useState<string | null>(null);
  const [tab, setTab] = useState<TabId>('transfers');
  const [nodeId, setNodeId] = useState<string | null>(null);
  const [range, setRange] = useState<RangeDraft>(emptyRange);
  const zone = useTimeZone();
  const [rangeIssues, setRangeIssues] = useState<Partial<RangeDraft>>({});
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useSyncStatus(jobId);
  const jobActive = job.data?.state === 'running' || job.data?.state === 'waiting';
  const status = useLocalStatus(profileId, party, jobActive);
  const start = useStartSync();
  const cancel = useCancelSync();
  // A link (docs/links.md) asks for a party with its node and time range: set up, not synced.
  const localTarget = useUiStore((s) => s.localTarget);
  useEffect(() => {
    if (!localTarget || localTarget.profile !== profileId) return;
    setParty(localTarget.party);
    setNodeId(localTarget.nodeId);
    setRange(rangeDraftOf(localTarget, zone));
    setTab('transfers');
    // Again once the settings have loaded: the range is spelled in the zone shown beside it.
  }, [localTarget, profileId, zone]);

  // A sync already running for the party (started before this screen opened): follow it.
  const runningJob = status.data?.job?.jobId ?? null;
  useEffect(() => {
    if (runningJob) setJobId(runningJob);
  }, [runningJob]);

  const choose = (next: string) => {
    setParty(next);
    setJobId(null);
    start.reset();
    cancel.reset();
  };
  const sync = () => {
    if (!party) return;
    const parsed = parseRange(range, zone);
    setRangeIssues(parsed.issues ?? {});
    if (!parsed.range) return;
    cancel.reset();
    start.mutate({ profileId, party, nodeId, range: parsed.range }, { onSuccess: (s) => setJobId(s.jobId) });
  };
  const shown = job.data && job.data.party === party ? job.data : null;
  const syncing = start.isPending || shown?.state === 'running' || shown?.state === 'waiting';
  // The palette's and the menu's Sync: the Sync button's job, for the party chosen here.
  // With no party chosen yet there is nothing to sync: say so where the party is chosen.
  const [syncAsked, setSyncAsked] = useState(false);
  useAppAction('local:sync', () => {
    if (!party) setSyncAsked(true);
    else if (!syncing) sync();
  });

  return (
    <>
      <section className="panel local-setup">
        <PartyChoice profileId={profileId} party={party} onChoose={choose} />
        <SyncOptions
          profileId={profileId}
          nodeId={nodeId}
          onNode={setNodeId}
          range={range}
          onRange={setRange}
          issues={rangeIssues}
          zone={zone}
        />
      </section>
      {party === null ? (
        <p className={syncAsked ? 'banner banner-warning' : 'muted'} role={syncAsked ? 'status' : undefined}>
          {syncAsked ? 'Sync needs a party: choose one above, then Sync now. ' : ''}
          Choose a party to sync it to this computer and read it offline.
        </p>
      ) : (
        <>
          <ProvenanceLine status={status.data} syncing={syncing} onSync={sync} />
          {status.error && <ErrorMessage error={status.error} title="The local store could not be read." />}
          {start.error && <ErrorMessage error={start.error} title="The sync could not start." />}
          {shown && (
            <SyncPanel
              status={shown}
              onCancel={() => cancel.mutate(shown.jobId)}
              cancelling={cancel.isPending}
              cancelError={cancel.error}
            />
          )}
          <div className="local-tabs" role="tablist" aria-label="Local views">
            {TABS.map((t) => (
              <button
                key={t.id}
                type="button"
                role="tab"
                aria-selected={tab === t.id}
                className="local-tab"
                onClick={() => setTab(t.id)}
              >
                {t.label}
              </button>
            ))}
          </div>
          <div role="tabpanel" className="local-tab-panel">
            {tab === 'transfers' && <LocalTransfers profileId={profileId} party={party} />}
            {tab === 'counterparties' && <CounterpartiesView profileId={profileId} party={party} />}
            {tab === 'flows' && <FlowsView profileId={profileId} party={party} />}
            {tab === 'sql' && <SqlView profileId={profileId} party={party} />}
          </div>
        </>
      )}
    </>
  );
}
