// Whether the node comparison panel is shown. The run itself lives in the query cache
// (data/node-compare.ts), so hiding the panel keeps the result for a case report.
import { create } from 'zustand';

export const useCompareOpen = create<{ open: boolean; setOpen: (open: boolean) => void }>((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}));
