// The Local ledger's tabs over a party with something stored, and the panel of every tab but SQL
// (party-views.tsx keeps the notebook's panel apart, so it outlives a change of party).
import { CounterpartiesView } from './counterparties/counterparties-view.tsx';
import { DashboardView } from './dashboard/dashboard-view.tsx';
import { FlowsView } from './flows/flows-view.tsx';
import { LOCAL_TABS, type LocalTabId } from './local-screen-store.ts';
import { ReconcileView } from './reconcile/reconcile-view.tsx';
import { ScopePicker } from './scope/scope-picker.tsx';
import type { ViewScope } from './scope/scope-state.ts';
import { LocalTransfers } from './table/local-transfers.tsx';

/** The tabs that read the views' scope (one party, a set, a portfolio, all): the SQL tab has its own. */
const SCOPED_TABS: ReadonlySet<LocalTabId> = new Set(['transfers', 'counterparties', 'flows']);

export function LocalTabs({
  profileId,
  party,
  tab,
  onTab,
  views,
}: {
  profileId: string;
  party: string;
  tab: LocalTabId;
  onTab: (tab: LocalTabId) => void;
  /** The views' scope (useViewScope). */
  views: ViewScope;
}) {
  return (
    <>
      <div className="local-tabs" role="tablist" aria-label="Local views">
        {LOCAL_TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            className="local-tab"
            onClick={() => onTab(t.id)}
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
        {tab === 'counterparties' && <CounterpartiesView profileId={profileId} party={party} scope={views.request} />}
        {tab === 'flows' && <FlowsView profileId={profileId} party={party} scope={views.request} />}
        {tab === 'dashboard' && <DashboardView profileId={profileId} party={party} />}
        {tab === 'reconcile' && <ReconcileView profileId={profileId} party={party} />}
      </div>
    </>
  );
}
