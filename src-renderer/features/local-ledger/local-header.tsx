// The Local ledger's header (issue 37, item 9): one compact panel above the views. First the party
// (the screen's one party picker), then one line saying where the views' data came from (synced
// when, from which node, how many legs) with Sync now, and the options folded behind "Options":
// the node and Sync range of the next sync, Sync all my parties, Copy CLI command, Open a lake.
// A sync's progress shows inside it while it runs and folds to one line when done, so the tabs
// and the first rows of the data stay on a 1280x800 screen (docs/local-ledger.md, "Screens").
import { type ReactNode, useId } from 'react';
import type { LakeInfo } from '../../../src-shared/contract/lake.ts';
import type { LocalPartyStatus, TimeRange } from '../../../src-shared/contract/local-ledger.ts';
import type { NodeChoices } from '../../../src-shared/contract/transfers.ts';
import type { TimeZoneChoice } from '../../../src-shared/time/time-text.ts';
import { CopyCliCommand } from './copy-cli-command.tsx';
import { LakeSource } from './lake-source.tsx';
import { NodeLagWarning } from './node-lag-warning.tsx';
import { PartyChoice } from './party-choice.tsx';
import { ProvenanceLine } from './provenance-line.tsx';
import { type SyncAll, SyncAllButton, SyncAllProgress } from './sync-all-panel.tsx';
import { SyncOptions } from './sync-options.tsx';
import type { RangeDraft } from './time-range-draft.ts';
import './local-header.css';

export interface NextSync {
  nodeId: string | null;
  onNode: (nodeId: string | null) => void;
  nodes: NodeChoices | undefined;
  range: RangeDraft;
  onRange: (range: RangeDraft) => void;
  issues: Partial<RangeDraft>;
  zone: TimeZoneChoice;
  /** The range as the sync reads it (null: a field is wrong and says so, the options open). */
  readRange: () => TimeRange | null;
}

export function LocalHeader({
  profileId,
  party,
  onChoose,
  carried,
  lake,
  status,
  syncing,
  onSync,
  syncAsked,
  next,
  syncAll,
  optionsOpen,
  onOptions,
  children,
}: {
  profileId: string;
  party: string | null;
  onChoose: (party: string) => void;
  carried: boolean;
  lake: LakeInfo | null;
  status: LocalPartyStatus | undefined;
  syncing: boolean;
  onSync: () => void;
  /** The palette's Sync was asked for with no party chosen. */
  syncAsked: boolean;
  next: NextSync;
  syncAll: SyncAll;
  optionsOpen: boolean;
  onOptions: (open: boolean) => void;
  /** What a sync says (its errors, its progress): under the status line. */
  children?: ReactNode;
}) {
  const optionsId = useId();
  // A lake is only read here: nothing to set for a sync (its Close sits with its folder above).
  const toggle = lake ? null : (
    <>
      <button
        type="button"
        className="local-options-toggle"
        aria-expanded={optionsOpen}
        aria-controls={optionsId}
        onClick={() => onOptions(!optionsOpen)}
      >
        Options
      </button>
      {!optionsOpen && <NextSyncSummary next={next} />}
    </>
  );
  return (
    <section className="panel local-header" aria-label="Party and sync">
      <div className="local-header-party">
        <PartyChoice profileId={profileId} party={party} onChoose={onChoose} carried={carried} lake={lake} />
        {lake && <LakeSource profileId={profileId} />}
      </div>
      <div className="local-header-status">
        {party === null ? (
          <>
            <p className={syncAsked ? 'banner banner-warning' : 'muted'} role={syncAsked ? 'status' : undefined}>
              {syncAsked ? 'Sync needs a party: choose one above, then Sync now. ' : ''}
              Choose a party to sync it to this computer and read it offline.
            </p>
            {toggle}
          </>
        ) : (
          <ProvenanceLine status={status} syncing={syncing} onSync={onSync} lake={lake}>
            {toggle}
          </ProvenanceLine>
        )}
      </div>
      {party !== null && !lake && (
        <NodeLagWarning profileId={profileId} nodeId={next.nodeId} choices={next.nodes} onNode={next.onNode} />
      )}
      {/* Folded, not unmounted: what is typed in the range, a copied command and a lake folder being typed stay. */}
      <div id={optionsId} className="local-header-options" hidden={!optionsOpen || lake !== null}>
        {!lake && (
          <SyncOptions
            profileId={profileId}
            nodeId={next.nodeId}
            onNode={next.onNode}
            range={next.range}
            onRange={next.onRange}
            issues={next.issues}
            zone={next.zone}
          />
        )}
        <div className="local-header-actions">
          {!lake && <SyncAllButton syncAll={syncAll} />}
          {party !== null && !lake && (
            <CopyCliCommand view={{ profileId, party, nodeId: next.nodeId }} readRange={next.readRange} />
          )}
          {!lake && <LakeSource profileId={profileId} />}
        </div>
      </div>
      <SyncAllProgress syncAll={syncAll} />
      {children}
    </section>
  );
}

/** With the options folded: what they set for the next sync, when it is not the default. */
function NextSyncSummary({ next }: { next: NextSync }) {
  const { after, before } = next.range;
  const parts = [
    next.nodeId ? `node ${next.nodeId}` : null,
    after || before ? `from ${after || 'any time'} to ${before || 'any time'}` : null,
  ].filter(Boolean);
  if (parts.length === 0) return null;
  return <span className="muted local-next-sync">Next sync: {parts.join(', ')}</span>;
}
