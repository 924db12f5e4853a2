// The Transfers screen: filters, where the user is (page or Load all, drill-down trail), the
// summary, the table and the selected leg's detail, and export.
import { useEffect, useMemo, useState } from 'react';
import type { TransferFilters, TransferLeg, TransferPage } from '../../../src-shared/contract/transfers.ts';
import { useLastNodeComparison } from '../../data/node-compare.ts';
import { usePartyBook } from '../../data/party-book.ts';
import { useLedgerCredential } from '../../data/secrets.ts';
import { useActiveProfile, useSavePreferences, useSettings } from '../../data/settings.ts';
import { useKnownParties, useNodeChoices, useTransferPage } from '../../data/transfers.ts';
import { CopyLinkButton } from '../../ui/copy-link-button.tsx';
import { shortenParty } from '../../ui/party-format.ts';
import { PartyId, partyText } from '../../ui/party-id.tsx';
import { useNow } from '../../ui/use-now.ts';
import { useUiStore } from '../../ui-store.ts';
import { TransferProblem } from './cards/transfer-problem.tsx';
import { UnknownFieldsNotice } from './cards/unknown-fields-notice.tsx';
import { CompareNodesButton } from './compare/compare-nodes-button.tsx';
import { NodeComparePanel } from './compare/node-compare-panel.tsx';
import { ExportPanel } from './export/export-panel.tsx';
import { draftToFilters } from './filters/filter-draft.ts';
import { FilterForm } from './filters/filter-form.tsx';
import { otherFiltersLine } from './filters/filters-text.ts';
import { CaseReportButton } from './report/case-report-button.tsx';
import { SummaryPanel } from './summary/summary-panel.tsx';
import { currentCursor, pageNumber } from './table/cursor-history.ts';
import { LegDetail } from './table/leg-detail.tsx';
import { LoadAllBar, PagingBar } from './table/paging-bar.tsx';
import { useTableLayout } from './table/table-layout.ts';
import { TransfersTable } from './table/transfers-table.tsx';
import { useLoadAll } from './table/use-load-all.ts';
import { useTransfersStore } from './transfers-store.ts';
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

/**
 * The last page that was on screen for these filters and this JWT (not a placeholder), so that a
 * page that then fails to load does not blank the table.
 */
function useKeptPage(
  credential: string | undefined,
  view: { filters: unknown } | null,
  pageNo: number,
  data: TransferPage | undefined,
  placeholder: boolean,
): { listing: string; page: number; data: TransferPage } | null {
  const listing = JSON.stringify([credential ?? '', view?.filters ?? null]);
  const [kept, setKept] = useState<{ listing: string; page: number; data: TransferPage } | null>(null);
  useEffect(() => {
    if (data && !placeholder) setKept({ listing, page: pageNo, data });
  }, [data, placeholder, listing, pageNo]);
  return kept?.listing === listing ? kept : null;
}

/**
 * Before the first query, the first action on the screen: on the sandbox a new user has no party
 * id at hand, so one click, above the form, fills in one of the sandbox's parties and shows its
 * transfers.
 */
function SamplePartyOffer({ profileId }: { profileId: string }) {
  const known = useKnownParties(profileId).data;
  const sample = known?.source === 'sandbox' ? known.parties[0] : undefined;
  if (!sample) return null;
  const trySample = (party: string) => {
    const { setDraft, search } = useTransfersStore.getState();
    setDraft({ party });
    // The rest of the form as it stands; a field the form would refuse keeps its message for Show transfers.
    const result = draftToFilters(useTransfersStore.getState().draft);
    if (result.ok) search(result.filters);
  };
  return (
    <p className="sample-party-offer">
      <button type="button" className="primary" onClick={() => trySample(sample.party)}>
        Try a sample party
      </button>{' '}
      <span className="muted">
        shows the transfers of the sandbox’s “{sample.name}” ({shortenParty(sample.party)}); or choose a party below
      </span>
    </p>
  );
}

function TransfersExplorer({ profileId }: { profileId: string }) {
  const view = useTransfersStore((s) => s.view);
  const trail = useTransfersStore((s) => s.trail);
  const { drillInto, returnFromDrill, search, setDraft, rememberInstruments } = useTransfersStore.getState();
  // The party on screen, for the Local ledger to open on (features meet in the app's UI store).
  const shownParty = view?.filters.party;
  const shownNode = view?.filters.nodeId ?? null;
  useEffect(() => {
    if (shownParty)
      useUiStore.getState().showParty({ profile: profileId, party: shownParty, nodeId: shownNode, from: 'transfers' });
  }, [profileId, shownParty, shownNode]);
  const credential = useLedgerCredential(profileId);
  const page = useTransferPage(profileId, credential, {
    filters: view?.filters ?? null,
    cursor: view ? currentCursor(view.cursors) : null,
    active: view?.mode === 'pages',
  });
  const all = useLoadAll(profileId, credential, view);
  const nodes = useNodeChoices(profileId);
  const preferences = useSettings().data?.settings.preferences;
  const savePreferences = useSavePreferences();
  const { layout, update } = useTableLayout();
  const [selected, setSelected] = useState<TransferLeg | null>(null);
  const now = useNow(30_000);
  // The filters on screen when the form last refused a submit: until another query runs, the
  // results are marked as the last query's, not the form's.
  const [refusedOver, setRefusedOver] = useState<TransferFilters | null>(null);
  const stale = view !== null && refusedOver === view.filters;

  const loadingAll = view?.mode === 'all';
  const query = loadingAll ? all.query : page;
  const pageNo = view ? pageNumber(view.cursors) : 0;
  const kept = useKeptPage(credential, view, pageNo, page.data, page.isPlaceholderData);
  // A page that failed to load (next page, a retry) leaves the page that was on screen there,
  // marked as such, instead of an empty table: nothing the user was reading is lost.
  const keptShown = !loadingAll && !page.data && page.isError && kept !== null && kept.page !== pageNo ? kept : null;
  const pageLegs = page.data?.legs ?? keptShown?.data.legs;
  const legs: readonly TransferLeg[] = loadingAll ? all.legs : (pageLegs ?? []);
  const chunks = useMemo(
    () => (loadingAll ? all.chunks : pageLegs ? [pageLegs] : []),
    [loadingAll, all.chunks, pageLegs],
  );
  const unknownFields = loadingAll ? all.unknownFields : (page.data?.unknownFields ?? []);
  // While a start-up 503 is retried the query has no error yet, only a failure reason: show it.
  const retrying = !query.error && query.failureReason != null && query.isFetching;
  const problem = query.error ?? (retrying ? query.failureReason : null);

  const resetKey = view ? `${JSON.stringify(view.filters)}|${view.mode}|${pageNumber(view.cursors)}` : '';
  useEffect(() => {
    if (resetKey) setSelected(null);
  }, [resetKey]);
  // The instrument picker offers what was seen; a page of Load all is at most 1000 legs to scan.
  const lastPage = loadingAll ? all.query.data?.pages.at(-1) : page.data;
  useEffect(() => {
    if (lastPage) rememberInstruments(lastPage.legs);
  }, [lastPage, rememberInstruments]);

  const meta = useMemo(
    () => ({
      timeFormat: preferences?.timeFormat ?? 'relative',
      timeZone: preferences?.timeZone ?? 'local',
      now,
      onDrill: (party: string) => drillInto(party),
    }),
    [preferences?.timeFormat, preferences?.timeZone, now, drillInto],
  );
  const previous = trail.at(-1);
  const book = usePartyBook(); // the drill bar names a saved party by its label
  // The case report: the legs on screen, when they were read, and the last comparison for these filters.
  const lastComparison = useLastNodeComparison(profileId, view?.filters ?? null);
  const queryTime = query.dataUpdatedAt > 0 && !(page.isPlaceholderData && !loadingAll) ? query.dataUpdatedAt : null;

  return (
    <>
      {previous && (
        <nav className="drill-bar" aria-label="Drill-down">
          <button type="button" onClick={returnFromDrill}>
            ← Back to {partyText(book, previous.filters.party)}
          </button>
          <span className="muted">
            Counterparty opened from {partyText(book, previous.filters.party)}, same filters
          </span>
        </nav>
      )}
      {!view && <SamplePartyOffer profileId={profileId} />}
      <FilterForm profileId={profileId} onRefused={() => setRefusedOver(view?.filters ?? null)} />
      {!view ? (
        <div className="empty-state">
          <p className="muted">Choose a party and press “Show transfers”.</p>
        </div>
      ) : (
        <>
          <div className="screen-header view-header">
            <h2>
              Transfers of <PartyId party={view.filters.party} />
            </h2>
            <button
              type="button"
              aria-pressed={meta.timeFormat === 'relative'}
              onClick={() =>
                savePreferences.mutate({ timeFormat: meta.timeFormat === 'relative' ? 'absolute' : 'relative' })
              }
            >
              {meta.timeFormat === 'relative' ? 'Show absolute times' : 'Show relative times'}
            </button>
            <CopyLinkButton
              target={{ kind: 'transfers', profile: profileId, filters: view.filters, source: 'live' }}
              what="this transfers view"
              action="transfers:copy-link"
            />
            <CompareNodesButton profileId={profileId} filters={view.filters} />
            <CaseReportButton
              profileId={profileId}
              filters={view.filters}
              view={{ mode: loadingAll ? 'all' : 'page', page: Math.max(1, pageNo) }}
              legs={legs}
              queryTime={queryTime}
              comparison={lastComparison}
            />
          </div>
          <NodeComparePanel profileId={profileId} filters={view.filters} />
          {loadingAll ? (
            <LoadAllBar
              legs={all.loadedLegs}
              pages={all.pages}
              running={all.running}
              done={all.done}
              failed={all.failed}
              canContinue={all.query.hasNextPage || all.pages === 0}
              onStop={all.stop}
              onContinue={all.resume}
            />
          ) : (
            <PagingBar
              count={page.isPlaceholderData ? null : (page.data?.count ?? null)}
              next={page.isPlaceholderData ? null : (page.data?.next ?? null)}
              loading={page.isFetching}
              failed={!page.data && page.isError ? { showing: keptShown?.page ?? null } : null}
            />
          )}
          {problem && (
            <TransferProblem
              error={problem}
              retrying={retrying}
              party={view.filters.party}
              nodes={nodes.data}
              onUseNode={(nodeId) => {
                setDraft({ nodeId });
                search({ ...view.filters, nodeId });
              }}
              onRetry={() => void query.refetch()}
            />
          )}
          {stale && (
            <p className="banner banner-warning" role="status" data-testid="stale-results">
              Showing results for the last query that ran: {shortenParty(view.filters.party)},{' '}
              {otherFiltersLine(view.filters, meta.timeZone)}; fix the form to run a new one.
            </p>
          )}
          <div className="view-results" style={stale ? { opacity: 0.55 } : undefined} data-stale={stale || undefined}>
            <UnknownFieldsNotice fields={unknownFields} />
            <div className={selected ? 'table-with-detail' : undefined}>
              <TransfersTable
                legs={legs}
                meta={meta}
                layout={layout}
                updateLayout={update}
                selected={selected}
                onSelect={setSelected}
                resetKey={resetKey}
              />
              {selected && <LegDetail leg={selected} onClose={() => setSelected(null)} />}
            </div>
            {/* Below the table: the rows are what a query is run for, so they start high on the first
                screen; the totals and the chart follow. */}
            <SummaryPanel chunks={chunks} zone={meta.timeZone} />
          </div>
          <ExportPanel profileId={profileId} filters={view.filters} />
        </>
      )}
    </>
  );
}
