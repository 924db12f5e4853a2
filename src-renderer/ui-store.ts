// App-level UI state: which section is open, and where the user asked to go next. Server data
// lives in TanStack Query, never here. Features meet here instead of importing one another.
import { create } from 'zustand';

export const SECTIONS = [
  { id: 'transfers', label: 'Transfers' },
  { id: 'local', label: 'Local ledger' },
  { id: 'chains', label: 'Chains' },
  { id: 'rpc', label: 'RPC console' },
  { id: 'settings', label: 'Settings' },
] as const;
export type SectionId = (typeof SECTIONS)[number]['id'];

interface UiState {
  section: SectionId;
  showSection: (section: SectionId) => void;
  /**
   * The chain the user last asked the RPC console to open on (from the Chains screen). A new
   * object per request, so asking twice for the same chain is seen twice; the console follows it.
   */
  consoleTarget: { chain: string } | null;
  /** Opens the RPC console on a chain. */
  openConsoleOn: (chain: string) => void;
}

export const useUiStore = create<UiState>((set) => ({
  section: 'transfers',
  showSection: (section) => set({ section }),
  consoleTarget: null,
  openConsoleOn: (chain) => set({ consoleTarget: { chain }, section: 'rpc' }),
}));
