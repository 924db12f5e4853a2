// The Transfers screen: filters, where the user is (page or Load all, drill-down trail), the
// summary, the table and the selected leg's detail, and export.
import { useEffect, useState } from 'react';
import type { TransferFilters } from '../../../src-shared/contract/transfers.ts';
import { useLedgerCredential } from '../../data/secrets.ts';
import { useActiveProfile } from '../../data/settings.ts';
import { useNodeChoices } from '../../data/transfers.ts';
import { useUiStore } from '../../ui-store.ts';
import { TransferProblem } from './cards/transfer-problem.tsx';
import { NodeComparePanel } from './compare/node-compare-panel.tsx';
import { DrillBar } from './drill-bar.tsx';
import { ExportPanel } from './export/export-panel.tsx';
import { FilterForm } from './filters/filter-form.tsx';
import { SamplePartyOffer } from './sample-party-offer.tsx';
import { useTableLayout } from './table/table-layout.ts';
import { useLegTableMeta } from './table/use-leg-table-meta.ts';
import { useTransfersStore } from './transfers-store.ts';
import { useShownTransfers } from './use-shown-transfers.ts';
import { ViewHeader } from './view-header.tsx';
import { ViewPaging } from './view-paging.tsx';
import { ViewResults } from './view-results.tsx';
import './transfers.css';

export function TransfersScreen() {
  const profile = useActiveProfile();
  return (
    <div className="transfers-screen">
      <h1 className="screen-title">Transfers</h1>
      {profile ? <TransfersExplorer profileId={profile.id} /> : <p className="muted">Loading settings…</p>}
    </div>
  );
}

function TransfersExplorer({ profileId }: { profileId: string }) {
  const view = useTransfersStore((s) => s.view);
  const { search, setDraft } = useTransfersStore.getState();
  // The party on screen, for the Local ledger to open on (features meet in the app's UI store).
  const shownParty = view?.filters.party;
  const shownNode = view?.filters.nodeId ?? null;
  useEffect(() => {
    if (shownParty)
      useUiStore.getState().showParty({ profile: profileId, party: shownParty, nodeId: shownNode, from: 'transfers' });
  }, [profileId, shownParty, shownNode]);
  const credential = useLedgerCredential(profileId);
  const shown = useShownTransfers(profileId, credential, view);
  const nodes = useNodeChoices(profileId);
  const { layout, update } = useTableLayout();
  const meta = useLegTableMeta();
  // The filters on screen when the form last refused a submit: until another query runs, the
  // results are marked as the last query's, not the form's.
  const [refusedOver, setRefusedOver] = useState<TransferFilters | null>(null);
  const stale = view !== null && refusedOver === view.filters;

  return (
    <>
      <DrillBar />
      {!view && <SamplePartyOffer profileId={profileId} />}
      <FilterForm profileId={profileId} onRefused={() => setRefusedOver(view?.filters ?? null)} />
      {!view ? (
        <div className="empty-state">
          <p className="muted">Choose a party and press “Show transfers”.</p>
        </div>
      ) : (
        <>
          <ViewHeader
            profileId={profileId}
            filters={view.filters}
            timeFormat={meta.timeFormat}
            view={{ mode: shown.loadingAll ? 'all' : 'page', page: Math.max(1, shown.pageNo) }}
            legs={shown.legs}
            queryTime={shown.queryTime}
          />
          <NodeComparePanel profileId={profileId} filters={view.filters} />
          <ViewPaging shown={shown} />
          {shown.problem && (
            <TransferProblem
              error={shown.problem}
              retrying={shown.retrying}
              party={view.filters.party}
              nodes={nodes.data}
              onUseNode={(nodeId) => {
                setDraft({ nodeId });
                search({ ...view.filters, nodeId });
              }}
              onRetry={() => void shown.query.refetch()}
            />
          )}
          <ViewResults
            shown={shown}
            filters={view.filters}
            stale={stale}
            meta={meta}
            layout={layout}
            updateLayout={update}
          />
          <ExportPanel profileId={profileId} filters={view.filters} />
        </>
      )}
    </>
  );
}
