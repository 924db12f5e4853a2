// The dashboard's own state beside its file: each panel's last state (what a report waits for and
// holds), and a change to the layout written to dashboard.json, refused with a note when the file
// could not be read whole or changed on disk since it was read.
import { useCallback, useReducer, useRef, useState } from 'react';
import { type Dashboard, writeDashboard } from '../../../../src-shared/notebook/dashboard-file.ts';
import { type useDashboardFile, useSaveDashboard, writeRefusal } from '../../../data/dashboard.ts';
import type { PanelState } from './report-panels.ts';

export function usePanelStates() {
  const states = useRef(new Map<string, PanelState>());
  // Each panel's state changes the toolbar (what a report would wait for): a render per change.
  const [, statesChanged] = useReducer((n: number) => n + 1, 0);
  const onState = useCallback((id: string, state: PanelState) => {
    states.current.set(id, state);
    statesChanged();
  }, []);
  return { states: states.current, onState };
}

export function useDashboardChange(profileId: string, file: ReturnType<typeof useDashboardFile>) {
  const save = useSaveDashboard(profileId);
  const [note, setNote] = useState<string | null>(null);
  const read = file.read;
  const change = async (next: Dashboard) => {
    if (!file.data || !read) return;
    const refusal = writeRefusal(read);
    if (refusal) {
      setNote(`${refusal} Nothing was changed.`);
      return;
    }
    setNote(null);
    const answer = await save.mutateAsync({ text: writeDashboard(next), expect: file.data.version });
    if (!answer.ok) setNote(`${answer.message} The dashboard was read again; make the change once more.`);
  };
  return { note, change };
}
