// The Local ledger's party and its next sync, for one profile: the party chosen (and whether it
// came from Transfers), the node and Sync range the sync reads, a link that sets these up, the
// sync itself (use-sync-job.ts) and the palette's Sync. local-ledger-screen.tsx lays them out.
import { useEffect, useRef, useState } from 'react';
import type { TimeZoneChoice } from '../../../src-shared/time/time-text.ts';
import { useLake } from '../../data/local-ledger.ts';
import { useNodeChoices } from '../../data/transfers.ts';
import { useAppAction } from '../../ui/app-action.ts';
import { useTimeZone } from '../../ui/time-zone.ts';
import { useUiStore } from '../../ui-store.ts';
import type { NextSync } from './local-header.tsx';
import { useLocalScreenStore } from './local-screen-store.ts';
import { useSyncAll } from './sync-all-panel.tsx';
import { emptyRange, parseRange, type RangeDraft, rangeDraftOf } from './time-range-draft.ts';
import { useSyncJob } from './use-sync-job.ts';

function usePartyChoice(profileId: string) {
  // Opens on the party last on screen (Transfers' view, or the one chosen here before). The node is
  // the profile's default unless one was chosen on this screen: Transfers' node is not carried over,
  // as a sync from a node Transfers happened to read (one that lags) would silently miss legs.
  const onScreen = useUiStore((s) => s.partyOnScreen);
  const opened = onScreen?.profile === profileId ? onScreen : null;
  const [party, setParty] = useState<string | null>(opened?.party ?? null);
  const [carried, setCarried] = useState(opened?.from === 'transfers');
  const [nodeId, setNodeId] = useState<string | null>(opened?.from === 'local' ? opened.nodeId : null);
  return { party, setParty, carried, setCarried, nodeId, setNodeId };
}

function useSyncRange() {
  const [range, setRange] = useState<RangeDraft>(emptyRange);
  const zone = useTimeZone();
  const [rangeIssues, setRangeIssues] = useState<Partial<RangeDraft>>({});
  const [optionsOpen, setOptionsOpen] = useState(false);
  /** The range fields as the sync reads them; a wrong one says so at its field. */
  const readRange = () => {
    const parsed = parseRange(range, zone);
    setRangeIssues(parsed.issues ?? {});
    // The field that says what is wrong must be on screen: unfold the options it sits in.
    if (!parsed.range) setOptionsOpen(true);
    return parsed.range;
  };
  return { range, setRange, zone, rangeIssues, optionsOpen, setOptionsOpen, readRange };
}

/**
 * A link (docs/links.md) asks for a party with its node and time range: set up, not synced. Once
 * per link: coming back to the screen later keeps what the user chose since (party, tab).
 */
function useLinkTarget(
  profileId: string,
  zone: TimeZoneChoice,
  { setParty, setCarried, setNodeId }: ReturnType<typeof usePartyChoice>,
  setRange: (range: RangeDraft) => void,
) {
  const localTarget = useUiStore((s) => s.localTarget);
  const setTab = useLocalScreenStore((s) => s.setTab);
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
  }, [localTarget, profileId, zone, setTab, setParty, setCarried, setNodeId, setRange]);
}

export function usePartySync(profileId: string) {
  const choice = usePartyChoice(profileId);
  const { party, carried, nodeId } = choice;
  const nodes = useNodeChoices(profileId);
  const range = useSyncRange();
  useLinkTarget(profileId, range.zone, choice, range.setRange);
  const job = useSyncJob(profileId, party, nodeId, range.readRange);
  // A lake opened instead of the store (docs/lake.md): the views read it; syncing is the CLI's.
  const lake = useLake(profileId).data ?? null;

  // What is chosen here is the party on screen now (the next visit opens on it too).
  const showParty = useUiStore((s) => s.showParty);
  useEffect(() => {
    if (party) showParty({ profile: profileId, party, nodeId, from: carried ? 'transfers' : 'local' });
  }, [party, nodeId, carried, profileId, showParty]);

  const choose = (next: string) => {
    choice.setParty(next);
    choice.setCarried(false);
    job.forget();
  };
  const syncAll = useSyncAll({ profileId, nodeId, readRange: range.readRange });
  // The palette's and the menu's Sync: the Sync button's job, for the party chosen here.
  // With no party chosen yet there is nothing to sync: say so where the party is chosen.
  const [syncAsked, setSyncAsked] = useState(false);
  useAppAction('local:sync', () => {
    if (lake) return;
    if (!party) setSyncAsked(true);
    else if (!job.syncing) job.sync();
  });

  const next: NextSync = {
    nodeId,
    onNode: choice.setNodeId,
    nodes: nodes.data,
    range: range.range,
    onRange: range.setRange,
    issues: range.rangeIssues,
    zone: range.zone,
    readRange: range.readRange,
  };
  return {
    ...job,
    party,
    carried,
    nodeId,
    nodes: nodes.data,
    choose,
    lake,
    next,
    syncAll,
    syncAsked,
    optionsOpen: range.optionsOpen,
    setOptionsOpen: range.setOptionsOpen,
  };
}
