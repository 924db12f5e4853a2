// Links waiting to be opened: from the URL fragment (browser tier), the OS (a click on a
// ledger-explorer:// link, through main's inbox), the palette's recent views or a paste. Anyone may
// ask; the LinkRouter (mounted once by the app shell) opens them, one at a time, in order.
import { create } from 'zustand';

interface LinkRequests {
  queue: string[];
  /** Why the last link could not be opened, until dismissed or another opens. */
  problem: string | null;
  setProblem: (problem: string | null) => void;
  /** Takes the oldest waiting link. */
  take: () => string | null;
}

export const useLinkRequests = create<LinkRequests>((set, get) => ({
  queue: [],
  problem: null,
  setProblem: (problem) => set({ problem }),
  take: () => {
    const [first, ...rest] = get().queue;
    if (first === undefined) return null;
    set({ queue: rest });
    return first;
  },
}));

/** Asks the app to open a ledger-explorer:// link (checked strictly before anything happens). */
export function openLink(link: string): void {
  useLinkRequests.setState((s) => ({ queue: [...s.queue, link].slice(-20) }));
}
