// The local ledger: choose a party, sync it into this computer's store, and read it from there
// (transfers, counterparties, flows, SQL). Every tab shows where its data came from. It opens on
// the party the user last had on screen (Transfers' or its own, from the app's UI store), and
// shows no view, empty box or table of a party before anything of it is stored: the first
// screen says what Sync now will do instead. One compact header (local-header.tsx) keeps the tabs
// and the first rows on screen (docs/local-ledger.md, "Screens").
import { useEffect, useRef, useState } from 'react';
import type { LocalPartyStatus } from '../../../src-shared/contract/local-ledger.ts';
import { useCancelSync, useLake, useLocalStatus, useStartSync, useSyncStatus } from '../../data/local-ledger.ts';
import { useActiveProfile } from '../../data/settings.ts';
import { useNodeChoices } from '../../data/transfers.ts';
import { useAppAction } from '../../ui/app-action.ts';
import { ErrorMessage } from '../../ui/error-message.tsx';
import { PartyName } from '../../ui/party-id.tsx';
import { useTimeZone } from '../../ui/time-zone.ts';
import { useUiStore } from '../../ui-store.ts';
import { CounterpartiesView } from './counterparties/counterparties-view.tsx';
import { DashboardView } from './dashboard/dashboard-view.tsx';
import { FlowsView } from './flows/flows-view.tsx';
import { LocalHeader } from './local-header.tsx';
import { LOCAL_TABS, type LocalTabId, useLocalScreenStore } from './local-screen-store.ts';
import { ReconcileView } from './reconcile/reconcile-view.tsx';
import { ScopePicker, useViewScope } from './scope/scope-picker.tsx';
import { SqlView } from './sql/sql-view.tsx';
import { useSyncAll } from './sync-all-panel.tsx';
import { syncNodeOf } from './sync-options.tsx';
import { SyncPanel } from './sync-panel.tsx';
import { LocalTransfers } from './table/local-transfers.tsx';
import { emptyRange, parseRange, type RangeDraft, rangeDraftOf } from './time-range-draft.ts';
import './local-ledger.css';

/** The tabs that read the views' scope (one party, a set, a portfolio, all): the SQL tab has its own. */
const SCOPED_TABS: ReadonlySet<LocalTabId> = new Set(['transfers', 'counterparties', 'flows']);

export function LocalLedgerScreen() {
  const profile = useActiveProfile();
  return (
    <div className="local-ledger-screen">
      <h1 className="screen-title">Local ledger</h1>
      {profile ? <LocalLedger key={profile.id} profileId={profile.id} /> : <p className="muted">Loading settings…</p>}
    </div>
  );
}

/** Whether anything of the party is stored (a sync finished, or one left legs behind): its views have data. */
const hasStored = (status: LocalPartyStatus | undefined) =>
  status !== undefined && (status.legs > 0 || status.lastSyncAt !== null);

function LocalLedger({ profileId }: { profileId: string }) {
  // Opens on the party last on screen (Transfers' view, or the one chosen here before). The node is
  // the profile's default unless one was chosen on this screen: Transfers' node is not carried over,
  // as a sync from a node Transfers happened to read (one that lags) would silently miss legs.
  const onScreen = useUiStore((s) => s.partyOnScreen);
  const showParty = useUiStore((s) => s.showParty);
  const opened = onScreen?.profile === profileId ? onScreen : null;
  const [party, setParty] = useState<string | null>(opened?.party ?? null);
  const [carried, setCarried] = useState(opened?.from === 'transfers');
  // In the screen's store: a visit elsewhere and a reload come back to it (docs/links.md).
  const tab = useLocalScreenStore((s) => s.tab);
  const setTab = useLocalScreenStore((s) => s.setTab);
  // The notebook stays mounted (hidden) once opened: its unsaved text, undo history and result
  // survive a trip to another tab (Pin to dashboard sends the user to Dashboard).
  const [sqlOpened, setSqlOpened] = useState(false);
  if (tab === 'sql' && !sqlOpened) setSqlOpened(true);
  const [nodeId, setNodeId] = useState<string | null>(opened?.from === 'local' ? opened.nodeId : null);
  const nodes = useNodeChoices(profileId);
  const [range, setRange] = useState<RangeDraft>(emptyRange);
  const zone = useTimeZone();
  const [rangeIssues, setRangeIssues] = useState<Partial<RangeDraft>>({});
  const [optionsOpen, setOptionsOpen] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useSyncStatus(jobId);
  const jobActive = job.data?.state === 'running' || job.data?.state === 'waiting';
  const status = useLocalStatus(profileId, party, jobActive);
  // A lake opened instead of the store (docs/lake.md): the views read it; syncing is the CLI's.
  const lake = useLake(profileId).data ?? null;
  const start = useStartSync();
  const cancel = useCancelSync();
  // A link (docs/links.md) asks for a party with its node and time range: set up, not synced. Once
  // per link: coming back to the screen later keeps what the user chose since (party, tab).
  const localTarget = useUiStore((s) => s.localTarget);
  const appliedLink = useRef<number | null>(null);
  useEffect(() => {
    if (!localTarget || localTarget.profile !== profileId) return;
    const { linkSeq, markLink } = useLocalScreenStore.getState();
    if (localTarget.seq !== linkSeq) {
      markLink(localTarget.seq);
      appliedLink.current = localTarget.seq;
      setParty(localTarget.party);
      setCarried(false);
      setNodeId(localTarget.nodeId);
      setTab('transfers');
    }
    // Again once the settings have loaded: the range is spelled in the zone shown beside it.
    if (appliedLink.current === localTarget.seq) setRange(rangeDraftOf(localTarget, zone));
  }, [localTarget, profileId, zone, setTab]);

  // A sync already running for the party (started before this screen opened): follow it.
  const runningJob = status.data?.job?.jobId ?? null;
  useEffect(() => {
    if (runningJob) setJobId(runningJob);
  }, [runningJob]);

  // What is chosen here is the party on screen now (the next visit opens on it too).
  useEffect(() => {
    if (party) showParty({ profile: profileId, party, nodeId, from: carried ? 'transfers' : 'local' });
  }, [party, nodeId, carried, profileId, showParty]);

  const choose = (next: string) => {
    setParty(next);
    setCarried(false);
    setJobId(null);
    start.reset();
    cancel.reset();
  };
  const views = useViewScope(profileId, party ?? '', choose);
  /** The range fields as the sync reads them; a wrong one says so at its field. */
  const readRange = () => {
    const parsed = parseRange(range, zone);
    setRangeIssues(parsed.issues ?? {});
    // The field that says what is wrong must be on screen: unfold the options it sits in.
    if (!parsed.range) setOptionsOpen(true);
    return parsed.range;
  };
  const syncAll = useSyncAll({ profileId, nodeId, readRange });
  const sync = () => {
    if (!party) return;
    const checked = readRange();
    if (!checked) return;
    cancel.reset();
    start.mutate({ profileId, party, nodeId, range: checked }, { onSuccess: (s) => setJobId(s.jobId) });
  };
  const shown = job.data && job.data.party === party ? job.data : null;
  const syncing = start.isPending || shown?.state === 'running' || shown?.state === 'waiting';
  // The palette's and the menu's Sync: the Sync button's job, for the party chosen here.
  // With no party chosen yet there is nothing to sync: say so where the party is chosen.
  const [syncAsked, setSyncAsked] = useState(false);
  useAppAction('local:sync', () => {
    if (lake) return;
    if (!party) setSyncAsked(true);
    else if (!syncing) sync();
  });

  return (
    <>
      <LocalHeader
        profileId={profileId}
        party={party}
        onChoose={choose}
        carried={carried}
        lake={lake}
        status={status.data}
        syncing={syncing}
        onSync={sync}
        syncAsked={syncAsked}
        next={{
          nodeId,
          onNode: setNodeId,
          nodes: nodes.data,
          range,
          onRange: setRange,
          issues: rangeIssues,
          zone,
          readRange,
        }}
        syncAll={syncAll}
        optionsOpen={optionsOpen}
        onOptions={setOptionsOpen}
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
        <>
          {status.data && !hasStored(status.data) && !syncing && !lake && (
            <FirstSync party={party} node={syncNodeOf(nodeId, nodes.data)} chosen={nodeId !== null} />
          )}
          {status.data && !hasStored(status.data) && lake && (
            <p className="banner banner-warning" role="status">
              The lake has no legs of this party: choose one of its parties above, or add this one with npm run cli --
              lake sync.
            </p>
          )}
          {hasStored(status.data) && (
            <>
              <div className="local-tabs" role="tablist" aria-label="Local views">
                {LOCAL_TABS.map((t) => (
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
              <div role="tabpanel" className="local-tab-panel" hidden={tab === 'sql'}>
                <h2 className="visually-hidden">{LOCAL_TABS.find((t) => t.id === tab)?.label}</h2>
                {SCOPED_TABS.has(tab) && (
                  <ScopePicker profileId={profileId} value={views.shown} onChange={views.set} use="view" home={party} />
                )}
                {tab === 'transfers' && <LocalTransfers profileId={profileId} party={party} scope={views.request} />}
                {tab === 'counterparties' && (
                  <CounterpartiesView profileId={profileId} party={party} scope={views.request} />
                )}
                {tab === 'flows' && <FlowsView profileId={profileId} party={party} scope={views.request} />}
                {tab === 'dashboard' && <DashboardView profileId={profileId} party={party} />}
                {tab === 'reconcile' && <ReconcileView profileId={profileId} party={party} />}
              </div>
            </>
          )}
          {/* Outside the views above, at one place in the tree: choosing another party (whose views
              unmount while its status loads, or which has nothing stored) keeps the notebook's
              unsaved text, undo history and result. It reads the whole store, not the party. */}
          {sqlOpened && (
            <div role="tabpanel" className="local-tab-panel" hidden={tab !== 'sql' || !hasStored(status.data)}>
              <h2 className="visually-hidden">SQL</h2>
              <SqlView profileId={profileId} party={party} />
            </div>
          )}
        </>
      )}
    </>
  );
}

/**
 * Before anything of the party is stored: what Sync now does, instead of views with nothing in
 * them (no empty filter boxes, no empty table, no chart of nothing).
 */
function FirstSync({ party, node, chosen }: { party: string; node: string | null; chosen: boolean }) {
  const from = chosen ? `node ${node}` : `the default node${node ? ` (${node})` : ''}`;
  return (
    <section className="panel local-first-sync" aria-label="Not synced yet">
      <p>
        Nothing of <PartyName party={party} /> is on this computer yet. <strong>Sync now</strong> copies its legs from{' '}
        {from} into the local store (the whole history, or only the Sync range under Options). Then Transfers,
        Counterparties, Flows and SQL read them here, offline and in milliseconds.
      </p>
    </section>
  );
}
