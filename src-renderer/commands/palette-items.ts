// Everything the palette can jump to or do, as one flat list: parties (saved, then recent), recent
// views, chains, RPC methods and saved requests, settings panels and app actions. Each item carries
// the words it is found by (label, full id, the kind of thing) and what it does; the palette only
// filters and runs them.
import type { SavedParty } from '../../src-shared/contract/schemas.ts';
import { useChainListing } from '../data/chains.ts';
import { useCollections } from '../data/rpc-workspace.ts';
import { useActiveProfile, useSavePreferences, useSetActiveProfile, useSettings } from '../data/settings.ts';
import { METHOD_CATALOG, paramsTemplate } from '../features/rpc/method-catalog.ts';
import { useRpcConsoleStore } from '../features/rpc/rpc-console-store.ts';
import { draftToFilters } from '../features/transfers/filters/filter-draft.ts';
import { useTransfersStore } from '../features/transfers/transfers-store.ts';
import { shortenParty } from '../ui/party-format.ts';
import { type SectionId, useUiStore } from '../ui-store.ts';
import { openRecentView, partyOfRecent, useRecentViewList } from './recent-source.ts';
import { revealSettingsPanel, SETTINGS_PANELS } from './settings-panels.ts';

export type PaletteGroup = 'Parties' | 'Recent views' | 'Actions' | 'Chains' | 'RPC' | 'Settings';

export interface PaletteItem {
  /** Unique in the list (cmdk's value). */
  id: string;
  group: PaletteGroup;
  label: string;
  /** A second, quieter line: the full party id, the method's description… */
  detail?: string;
  /** A party's colour tag (address book), shown as a dot. */
  colour?: string;
  /** Words it is found by besides the label. */
  keywords: string[];
  run: () => void;
}

/** Opens the Transfers screen on a party, keeping the other filters as they are in the form. */
export function openPartyTransfers(party: string): void {
  const transfers = useTransfersStore.getState();
  transfers.setDraft({ party });
  const result = draftToFilters(useTransfersStore.getState().draft);
  // A form with another field wrong keeps its message there; the party is filled in either way.
  if (result.ok) transfers.search(result.filters);
  useUiStore.getState().showSection('transfers');
}

const partyColour = (party: SavedParty): string | undefined => {
  const colour = (party as SavedParty & { colour?: string }).colour;
  return colour && colour !== 'none' ? colour : undefined;
};

const SECTION_ITEMS: { section: SectionId; label: string }[] = [
  { section: 'transfers', label: 'Go to Transfers' },
  { section: 'local', label: 'Go to Local ledger' },
  { section: 'chains', label: 'Go to Chains' },
  { section: 'rpc', label: 'Go to RPC console' },
  { section: 'settings', label: 'Go to Settings' },
];

export function usePaletteItems(mode: 'all' | 'recent'): PaletteItem[] {
  const settings = useSettings();
  const profile = useActiveProfile();
  const chains = useChainListing(profile?.id);
  const collections = useCollections();
  const recent = useRecentViewList();
  const setActive = useSetActiveProfile();
  const savePreferences = useSavePreferences();
  const ui = useUiStore.getState();

  const recentItems: PaletteItem[] = recent.map((view) => ({
    id: `recent:${view.link}`,
    group: 'Recent views',
    label: view.title,
    detail: new Date(view.at).toLocaleString(),
    keywords: [view.kind, 'recent'],
    run: () => openRecentView(view),
  }));
  if (mode === 'recent') return recentItems;

  const saved = settings.data?.settings.savedParties ?? [];
  const savedIds = new Set(saved.map((p) => p.party));
  const recentParties = [
    ...new Set(recent.map(partyOfRecent).filter((p): p is string => p !== null && !savedIds.has(p))),
  ];
  const parties: PaletteItem[] = [
    ...saved.map((p) => ({
      id: `party:${p.party}`,
      group: 'Parties' as const,
      label: p.label || shortenParty(p.party),
      detail: p.party,
      colour: partyColour(p),
      keywords: [p.party, 'party', 'saved'],
      run: () => openPartyTransfers(p.party),
    })),
    ...recentParties.map((party) => ({
      id: `party:${party}`,
      group: 'Parties' as const,
      label: shortenParty(party),
      detail: `${party} · recent`,
      keywords: [party, 'party', 'recent'],
      run: () => openPartyTransfers(party),
    })),
  ];

  const chainNames = (chains.data?.chains ?? []).map((c) => c.name);
  const chainItems: PaletteItem[] = chainNames.map((name) => ({
    id: `chain:${name}`,
    group: 'Chains',
    label: name,
    detail: 'Show on the Chains screen',
    keywords: ['chain'],
    run: () => useUiStore.getState().focusChain(name),
  }));

  // A method opens the console on the chain it shows (or the first listed); nothing is sent.
  const consoleChain = useRpcConsoleStore.getState().chain || chainNames[0];
  const methodItems: PaletteItem[] = consoleChain
    ? METHOD_CATALOG.map((m) => ({
        id: `method:${m.method}`,
        group: 'RPC' as const,
        label: m.method,
        detail: m.description,
        keywords: ['rpc', 'method'],
        run: () => ui.openConsoleOn(consoleChain, { method: m.method, params: paramsTemplate(m.params) }),
      }))
    : [];
  const requestItems: PaletteItem[] = (collections.data?.collections ?? []).flatMap((c) =>
    c.requests.map((r) => ({
      id: `request:${c.id}:${r.id}`,
      group: 'RPC' as const,
      label: `${c.name} › ${r.name}`,
      detail: r.method ? `${r.method} on ${r.chain}` : `batch on ${r.chain}`,
      keywords: ['saved request', 'collection', r.method ?? 'batch', r.chain],
      run: () =>
        ui.openConsoleOn(
          r.chain,
          r.method === null
            ? { nodeType: r.nodeType, batch: r.text }
            : { nodeType: r.nodeType, method: r.method, params: r.text },
        ),
    })),
  );

  const settingItems: PaletteItem[] = SETTINGS_PANELS.map((panel) => ({
    id: `setting:${panel.id}`,
    group: 'Settings',
    label: `Settings: ${panel.label}`,
    keywords: ['settings', ...panel.keywords],
    run: () => revealSettingsPanel(panel.id),
  }));
  settingItems.push({
    id: 'setting:address-book',
    group: 'Settings',
    label: 'Settings: Address book',
    keywords: ['settings', 'address book', 'labels', 'parties', 'import csv', 'export csv'],
    run: () => ui.requestAction('settings:address-book'),
  });

  const theme = settings.data?.settings.preferences.theme ?? 'system';
  const dark =
    theme === 'dark' ||
    (theme === 'system' && typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches);
  const otherProfiles = (settings.data?.settings.profiles ?? []).filter((p) => p.id !== profile?.id);
  const actionItems: PaletteItem[] = [
    action('sync', 'Sync the local ledger', ['local', 'download', 'offline'], () => ui.requestAction('local:sync')),
    action('export', 'Export transfers (CSV)', ['download', 'file', 'save'], () =>
      ui.requestAction('transfers:export'),
    ),
    action('compare', 'Compare nodes', ['validator', 'lag', 'quarantine'], () =>
      ui.requestAction('transfers:compare-nodes'),
    ),
    action('report', 'Save case report', ['html', 'pdf', 'support'], () => ui.requestAction('transfers:case-report')),
    action('copy-link', 'Copy link to this view', ['share', 'url'], () => ui.requestAction('transfers:copy-link')),
    action('theme', `Switch to ${dark ? 'light' : 'dark'} theme`, ['toggle theme', 'appearance', 'dark', 'light'], () =>
      savePreferences.mutate({ theme: dark ? 'light' : 'dark' }),
    ),
    ...otherProfiles.map((p) =>
      action(`profile:${p.id}`, `Switch profile to ${p.name}`, ['profile', 'connection'], () => setActive.mutate(p.id)),
    ),
    action('recent', 'Recent views', ['history', 'back'], () => ui.openDialog('recent')),
    action('shortcuts', 'Keyboard shortcuts', ['keys', 'help'], () => ui.openDialog('shortcuts')),
    action('about', 'About Ledger Explorer', ['version', 'help'], () => ui.openDialog('about')),
    ...SECTION_ITEMS.map((s) =>
      action(`go:${s.section}`, s.label, ['section', 'screen'], () => ui.showSection(s.section)),
    ),
  ];

  return [...parties, ...recentItems, ...actionItems, ...chainItems, ...requestItems, ...methodItems, ...settingItems];
}

function action(id: string, label: string, keywords: string[], run: () => void): PaletteItem {
  return { id: `action:${id}`, group: 'Actions', label, keywords, run };
}
