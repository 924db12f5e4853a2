// Where the user is on the Local ledger screen: the open tab. UI state only, kept in zustand (not
// the screen's own state) so a visit to another section and back, and a reload (the app's screen
// memory, docs/links.md "After a reload"), come back to the same tab.
import { create } from 'zustand';

export const LOCAL_TABS = [
  { id: 'transfers', label: 'Transfers' },
  { id: 'counterparties', label: 'Counterparties' },
  { id: 'flows', label: 'Flows' },
  { id: 'sql', label: 'SQL' },
  { id: 'dashboard', label: 'Dashboard' },
  { id: 'reconcile', label: 'Reconcile' },
] as const;
export type LocalTabId = (typeof LOCAL_TABS)[number]['id'];

/** A tab id read from outside (the tab's memory), or null when it names none. */
export const localTabOf = (value: unknown): LocalTabId | null => LOCAL_TABS.find((t) => t.id === value)?.id ?? null;

interface LocalScreenState {
  tab: LocalTabId;
  setTab: (tab: LocalTabId) => void;
  /** The last link (ui-store's localTarget seq) the screen set itself up for: each is applied once. */
  linkSeq: number | null;
  markLink: (seq: number) => void;
}

export const useLocalScreenStore = create<LocalScreenState>((set) => ({
  tab: 'transfers',
  setTab: (tab) => set({ tab }),
  linkSeq: null,
  markLink: (linkSeq) => set({ linkSeq }),
}));
