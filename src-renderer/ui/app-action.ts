// How a part of the app answers an action the palette, the menu or a link asked for
// (ui-store.ts requestAction). An action is for what is on screen when it is asked: its owner acts
// in the render that shows it (the section switch and the action arrive in one update), and an
// action nobody took by then is dropped, so a panel that mounts later (an export panel after the
// next search) never runs a stale request by surprise.
import { useEffect, useRef } from 'react';
import { type AppActionId, useUiStore } from '../ui-store.ts';

/** Every action up to this one was taken or dropped. */
let settledSeq = 0;

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
    latest.current();
  }, [action, id]);
}

/**
 * Drops an action no owner took. Called once, by the app shell: React runs a parent's effects after
 * its children's, so every owner on screen has had its turn by then.
 */
export function useSettleActions(): void {
  const action = useUiStore((s) => s.action);
  useEffect(() => {
    if (action) settledSeq = Math.max(settledSeq, action.seq);
  }, [action]);
}
