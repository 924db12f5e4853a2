// How a part of the app answers an action the palette, the menu or a link asked for
// (ui-store.ts requestAction). An action is for what is on screen when it is asked: its owner acts
// in the render that shows it (the section switch and the action arrive in one update), and an
// action nobody took by then is dropped, so a panel that mounts later (an export panel after the
// next search) never runs a stale request by surprise.
import { useEffect, useRef, useState } from 'react';
import { type AppActionId, useUiStore } from '../ui-store.ts';

/** Every action up to this one was taken or dropped. */
let settledSeq = 0;
/** The last action an owner took (an action settled but not taken was dropped). */
let takenSeq = 0;

/** What the user is told when nothing on screen could take the action they asked for. */
const DROPPED: Record<AppActionId, string> = {
  'transfers:export': 'Export works on the transfers on screen: show a party’s transfers first, then export.',
  'transfers:compare-nodes': 'Compare nodes runs the filters on screen: show a party’s transfers first.',
  'transfers:case-report': 'A case report records the transfers on screen: show a party’s transfers first.',
  'transfers:copy-link': 'Copy link copies the view on screen: show a party’s transfers first.',
  'local:sync': 'Sync needs a party: choose one on the Local ledger screen.',
  'settings:address-book': 'The address book is in Settings.',
};

/** Runs `run` once for each new request of action `id` while the calling component is mounted. */
export function useAppAction(id: AppActionId, run: () => void): void {
  const action = useUiStore((s) => s.action);
  const latest = useRef(run);
  useEffect(() => {
    latest.current = run;
  });
  useEffect(() => {
    if (!action || action.id !== id || action.seq <= settledSeq) return;
    settledSeq = action.seq;
    takenSeq = action.seq;
    latest.current();
  }, [action, id]);
}

/**
 * Drops an action no owner took, and answers what the user is told about it (null: nothing to say).
 * Called once, by the app shell: React runs a parent's effects after its children's, so every owner
 * on screen has had its turn by then. The note goes when the section changes or another action comes.
 * `screenShown`: the section's screen is on the page (a screen loaded on demand, lazy-screens.tsx, is
 * not until its chunk is in); until then nothing is dropped, as its owners have not had their turn.
 */
export function useSettleActions(screenShown: boolean): string | null {
  const action = useUiStore((s) => s.action);
  const section = useUiStore((s) => s.section);
  const [dropped, setDropped] = useState<{ seq: number; section: string } | null>(null);
  useEffect(() => {
    if (!screenShown || !action || action.seq <= settledSeq) return;
    settledSeq = action.seq;
    if (takenSeq < action.seq) setDropped({ seq: action.seq, section });
  }, [action, section, screenShown]);
  if (!dropped || !action || action.seq !== dropped.seq || section !== dropped.section) return null;
  return DROPPED[action.id];
}
