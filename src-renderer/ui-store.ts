// UI state only (which section is open). Server data lives in TanStack Query, never here.
import { create } from 'zustand';

export const SECTIONS = [
  { id: 'transfers', label: 'Transfers' },
  { id: 'chains', label: 'Chains' },
  { id: 'rpc', label: 'RPC console' },
  { id: 'settings', label: 'Settings' },
] as const;
export type SectionId = (typeof SECTIONS)[number]['id'];

interface UiState {
  section: SectionId;
  showSection: (section: SectionId) => void;
}

export const useUiStore = create<UiState>((set) => ({
  section: 'transfers',
  showSection: (section) => set({ section }),
}));
