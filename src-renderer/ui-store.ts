// App-level UI state: which section is open, which app dialog is up, and where the user asked to go
// next. Server data lives in TanStack Query, never here. Features meet here instead of importing
// one another: the palette, the menu and links ask for an action, the feature that owns it acts.
import { create } from 'zustand';

export const SECTIONS = [
  { id: 'transfers', label: 'Transfers' },
  { id: 'local', label: 'Local ledger' },
  { id: 'chains', label: 'Chains' },
  { id: 'rpc', label: 'RPC console' },
  { id: 'settings', label: 'Settings' },
] as const;
export type SectionId = (typeof SECTIONS)[number]['id'];

/** The app's own dialogs (a feature's dialogs stay in the feature). */
export type AppDialog = 'palette' | 'recent' | 'shortcuts' | 'about';

/**
 * Actions one part of the app asks another to do. The owner watches `action` and acts when its
 * `seq` changes (a new object per request, so asking twice is seen twice).
 */
export type AppActionId =
  | 'transfers:export'
  | 'transfers:compare-nodes'
  | 'transfers:case-report'
  | 'transfers:copy-link'
  | 'local:sync'
  | 'settings:address-book';

/** What an RPC console request carries when opened from a link or the palette (never a key). */
export interface ConsoleTarget {
  chain: string;
  nodeType?: 'full' | 'archive';
  /** A method to put in the editor (not sent). */
  method?: string;
  /** Params as JSON text (not sent). */
  params?: string;
  /** A whole batch as JSON text (not sent); wins over method/params. */
  batch?: string;
}

/** A local ledger view a link asks for; a new seq per request, so asking twice is seen twice. */
export interface LocalTarget {
  profile: string;
  party: string;
  nodeId: string | null;
  after: string | null;
  before: string | null;
  seq: number;
}

/**
 * The party the user has on screen: the Transfers view's, or the one chosen on the Local ledger,
 * whichever came last. The Local ledger opens on it (docs/local-ledger.md, "Screens").
 */
export interface PartyOnScreen {
  profile: string;
  party: string;
  /** The validator node it was read from; null: the profile's default. */
  nodeId: string | null;
  /** Where it was put on screen. */
  from: 'transfers' | 'local';
}

interface UiState {
  section: SectionId;
  showSection: (section: SectionId) => void;
  /**
   * The chain the user last asked the RPC console to open on (from the Chains screen, a link or the
   * palette). A new object per request, so asking twice for the same chain is seen twice; the
   * console follows it.
   */
  consoleTarget: ConsoleTarget | null;
  /** Opens the RPC console on a chain (and, from a link, a request to look at before sending). */
  openConsoleOn: (chain: string, request?: Omit<ConsoleTarget, 'chain'>) => void;
  /** The chain the Chains screen should bring into view and mark (from a link or the palette). */
  chainFocus: { chain: string } | null;
  focusChain: (chain: string) => void;
  /** What the Local ledger screen should open (from a link): a party, its node and time range. */
  localTarget: LocalTarget | null;
  openLocal: (target: Omit<LocalTarget, 'seq'>) => void;
  partyOnScreen: PartyOnScreen | null;
  /** Says which party is on screen now (the same one again changes nothing). */
  showParty: (party: PartyOnScreen) => void;
  dialog: AppDialog | null;
  openDialog: (dialog: AppDialog) => void;
  closeDialog: () => void;
  action: { id: AppActionId; seq: number } | null;
  /** Shows the section that owns the action and asks it to act. */
  requestAction: (id: AppActionId) => void;
}

let actionSeq = 0;
const OWNER: Record<AppActionId, SectionId> = {
  'transfers:export': 'transfers',
  'transfers:compare-nodes': 'transfers',
  'transfers:case-report': 'transfers',
  'transfers:copy-link': 'transfers',
  'local:sync': 'local',
  'settings:address-book': 'settings',
};

export const useUiStore = create<UiState>((set) => ({
  section: 'transfers',
  showSection: (section) => set({ section }),
  consoleTarget: null,
  openConsoleOn: (chain, request) => set({ consoleTarget: { chain, ...request }, section: 'rpc' }),
  chainFocus: null,
  focusChain: (chain) => set({ chainFocus: { chain }, section: 'chains' }),
  localTarget: null,
  openLocal: (target) => set({ localTarget: { ...target, seq: ++actionSeq }, section: 'local' }),
  partyOnScreen: null,
  showParty: (party) =>
    set(({ partyOnScreen: last }) =>
      last &&
      last.profile === party.profile &&
      last.party === party.party &&
      last.nodeId === party.nodeId &&
      last.from === party.from
        ? {}
        : { partyOnScreen: { ...party } },
    ),
  dialog: null,
  openDialog: (dialog) => set({ dialog }),
  closeDialog: () => set({ dialog: null }),
  action: null,
  requestAction: (id) => set({ action: { id, seq: ++actionSeq }, section: OWNER[id] }),
}));
