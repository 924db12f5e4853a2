// Where the user is on the Transfers screen: the form as typed, the filters on screen, the page
// (cursor history), Load-all mode, and the trail of drill-downs that Back returns along. UI state
// only: the legs themselves live in the TanStack Query cache, keyed by these filters and cursors.
// Kept in zustand (not component state) so a visit to Settings and back, or a drill-down and
// Back, returns to exactly the same place.
import { create } from 'zustand';
import type { TransferFilters, TransferLeg } from '../../../src-shared/contract/transfers.ts';
import { emptyDraft, type FilterDraft, filtersToDraft } from './filters/filter-draft.ts';
import { type InstrumentRef, instrumentKey } from './summary/transfer-summary.ts';
import { back, type CursorHistory, firstPage, forward } from './table/cursor-history.ts';

export interface TransfersView {
  filters: TransferFilters;
  cursors: CursorHistory;
  /** 'pages': one page at a time; 'all': every page pulled into one table. */
  mode: 'pages' | 'all';
  /** Load all was stopped by the user (the loaded pages stay). */
  allStopped: boolean;
}

interface TransfersState {
  draft: FilterDraft;
  view: TransfersView | null;
  /** Views the user drilled down from, most recent last. */
  trail: TransfersView[];
  /** Instruments seen in any loaded page, offered by the instrument picker. */
  seenInstruments: InstrumentRef[];
  /**
   * The profile whose filter form has everything it is built from (filters/form-sources.ts): until
   * then the form takes no input (inert) and the app does not say it is ready.
   */
  restoredProfile: string | null;
  markRestored: (profileId: string) => void;
  setDraft: (patch: Partial<FilterDraft>) => void;
  /** Shows the first page for these filters (from the form, or a node picked on the quarantine card). */
  search: (filters: TransferFilters) => void;
  nextPage: (next: string) => void;
  /** Shows again a page reached before (a reload): the view on screen at that place in its history. */
  showPages: (cursors: CursorHistory) => void;
  previousPage: () => void;
  setMode: (mode: TransfersView['mode']) => void;
  setAllStopped: (stopped: boolean) => void;
  /** Opens a counterparty's transfers with the same filters; Back returns here. */
  drillInto: (party: string) => void;
  /** Back from a drill-down, to exactly the view it started from. */
  returnFromDrill: () => void;
  rememberInstruments: (legs: readonly TransferLeg[]) => void;
}

const freshView = (filters: TransferFilters): TransfersView => ({
  filters,
  cursors: firstPage(),
  mode: 'pages',
  allStopped: false,
});

export const useTransfersStore = create<TransfersState>((set, get) => {
  const updateView = (change: (view: TransfersView) => TransfersView) =>
    set(({ view }) => (view ? { view: change(view) } : {}));
  return {
    draft: emptyDraft(),
    view: null,
    trail: [],
    seenInstruments: [],
    restoredProfile: null,
    markRestored: (profileId) => {
      if (get().restoredProfile !== profileId) set({ restoredProfile: profileId });
    },
    setDraft: (patch) => set(({ draft }) => ({ draft: { ...draft, ...patch } })),
    search: (filters) => set({ view: freshView(filters) }),
    nextPage: (next) => updateView((v) => ({ ...v, cursors: forward(v.cursors, next) })),
    previousPage: () => updateView((v) => ({ ...v, cursors: back(v.cursors) })),
    showPages: (cursors) => updateView((v) => ({ ...v, cursors })),
    setMode: (mode) => updateView((v) => ({ ...v, mode, allStopped: false })),
    setAllStopped: (allStopped) => updateView((v) => ({ ...v, allStopped })),
    drillInto: (party) => {
      const { view, trail, draft } = get();
      if (!view) return;
      const filters = { ...view.filters, party };
      set({ view: freshView(filters), trail: [...trail, view], draft: filtersToDraft(filters, draft.zone) });
    },
    returnFromDrill: () => {
      const { trail, draft } = get();
      const previous = trail.at(-1);
      if (!previous) return;
      set({ view: previous, trail: trail.slice(0, -1), draft: filtersToDraft(previous.filters, draft.zone) });
    },
    rememberInstruments: (legs) => {
      const known = get().seenInstruments;
      const keys = new Set(known.map((i) => instrumentKey(i.admin, i.id)));
      const added: InstrumentRef[] = [];
      for (const leg of legs) {
        if (leg.instrumentAdmin === null || leg.instrumentId === null) continue;
        const key = instrumentKey(leg.instrumentAdmin, leg.instrumentId);
        if (keys.has(key)) continue;
        keys.add(key);
        added.push({ admin: leg.instrumentAdmin, id: leg.instrumentId, symbol: leg.symbol, decimals: leg.decimals });
      }
      if (added.length) set({ seenInstruments: [...known, ...added] });
    },
  };
});
