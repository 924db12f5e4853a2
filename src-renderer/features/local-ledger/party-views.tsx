// What the Local ledger shows under its header for the chosen party: what Sync now will do while
// nothing of it is stored (or, with a lake open, that the lake has none of it), else its tabs. The
// notebook's panel sits apart from the tabs' (see below).
import { useState } from 'react';
import type { LakeInfo } from '../../../src-shared/contract/lake.ts';
import type { LocalPartyStatus } from '../../../src-shared/contract/local-ledger.ts';
import type { NodeChoices } from '../../../src-shared/contract/transfers.ts';
import { FirstSync } from './first-sync.tsx';
import { useLocalScreenStore } from './local-screen-store.ts';
import { LocalTabs } from './local-tabs.tsx';
import type { ViewScope } from './scope/scope-state.ts';
import { SqlView } from './sql/sql-view.tsx';
import { syncNodeOf } from './sync-options.tsx';

/** Whether anything of the party is stored (a sync finished, or one left legs behind): its views have data. */
const hasStored = (status: LocalPartyStatus | undefined) =>
  status !== undefined && (status.legs > 0 || status.lastSyncAt !== null);

/** The open tab (in the screen's store: a visit elsewhere and a reload come back to it, docs/links.md). */
function useLocalTab() {
  const tab = useLocalScreenStore((s) => s.tab);
  const setTab = useLocalScreenStore((s) => s.setTab);
  // The notebook stays mounted (hidden) once opened: its unsaved text, undo history and result
  // survive a trip to another tab (Pin to dashboard sends the user to Dashboard).
  const [sqlOpened, setSqlOpened] = useState(false);
  if (tab === 'sql' && !sqlOpened) setSqlOpened(true);
  return { tab, setTab, sqlOpened };
}

export function PartyViews({
  profileId,
  party,
  status,
  syncing,
  lake,
  nodeId,
  nodes,
  views,
}: {
  profileId: string;
  party: string;
  status: LocalPartyStatus | undefined;
  syncing: boolean;
  lake: LakeInfo | null;
  /** The node chosen for the next sync (null: the profile's default). */
  nodeId: string | null;
  nodes: NodeChoices | undefined;
  views: ViewScope;
}) {
  const { tab, setTab, sqlOpened } = useLocalTab();
  return (
    <>
      {status && !hasStored(status) && !syncing && !lake && (
        <FirstSync party={party} node={syncNodeOf(nodeId, nodes)} chosen={nodeId !== null} />
      )}
      {status && !hasStored(status) && lake && (
        <p className="banner banner-warning" role="status">
          The lake has no legs of this party: choose one of its parties above, or add this one with npm run cli -- lake
          sync.
        </p>
      )}
      {hasStored(status) && <LocalTabs profileId={profileId} party={party} tab={tab} onTab={setTab} views={views} />}
      {/* Outside the views above, at one place in the tree: choosing another party (whose views
          unmount while its status loads, or which has nothing stored) keeps the notebook's
          unsaved text, undo history and result. It reads the whole store, not the party. */}
      {sqlOpened && (
        <div role="tabpanel" className="local-tab-panel" hidden={tab !== 'sql' || !hasStored(status)}>
          <h2 className="visually-hidden">SQL</h2>
          <SqlView profileId={profileId} party={party} />
        </div>
      )}
    </>
  );
}
