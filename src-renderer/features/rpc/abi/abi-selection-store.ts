// Which library entry the user picked in the Contracts panel: the contract form (function-form.tsx)
// reads it. UI state only; the entries themselves come from main (data/abi.ts).
import { create } from 'zustand';

interface AbiSelection {
  selectedAbiId: string | null;
  select: (id: string | null) => void;
}

export const useAbiSelection = create<AbiSelection>((set) => ({
  selectedAbiId: null,
  select: (selectedAbiId) => set({ selectedAbiId }),
}));
