// Everything the palette can jump to or do, as one flat list: parties (saved, then recent), recent
// views, chains, RPC methods and saved requests, settings panels and app actions. Each item carries
// the words it is found by (label, full id, the kind of thing) and what it does; the palette only
// filters and runs them.
import type { SavedParty } from '../../src-shared/contract/schemas.ts';
import { shortParty } from '../../src-shared/links/view-title.ts';
import { useChainListing } from '../data/chains.ts';
import { useCollections } from '../data/rpc-workspace.ts';
import { useActiveProfile, useSettings } from '../data/settings.ts';
import { useKnownParties } from '../data/transfers.ts';
import { METHOD_CATALOG, paramsTemplate } from '../features/rpc/method-catalog.ts';
import { useRpcConsoleStore } from '../features/rpc/rpc-console-store.ts';
import { draftToFilters } from '../features/transfers/filters/filter-draft.ts';
import { useTransfersStore } from '../features/transfers/transfers-store.ts';
import { shortenParty } from '../ui/party-format.ts';
import { useUiStore } from '../ui-store.ts';
import { useActionItems } from './palette-actions.ts';
import type { PaletteItem } from './palette-item.ts';
import { openRecentView, partyOfRecent, useRecentViewList } from './recent-source.ts';
import { revealSettingsPanel, SETTINGS_PANELS } from './settings-panels.ts';

/** Opens the Transfers screen on a party, keeping the other filters as they are in the form. */
export function openPartyTransfers(party: string): void {
  const transfers = useTransfersStore.getState();
  transfers.setDraft({ party });
  const result = draftToFilters(useTransfersStore.getState().draft);
  // A form with another field wrong keeps its message there; the party is filled in either way.
  if (result.ok) transfers.search(result.filters);
  useUiStore.getState().showSection('transfers');
}

const partyColour = ({ colour }: SavedParty): string | undefined => (colour !== 'none' ? colour : undefined);

export function usePaletteItems(mode: 'all' | 'recent'): PaletteItem[] {
  const settings = useSettings();
  const profile = useActiveProfile();
  const chains = useChainListing(profile?.id);
  const collections = useCollections();
  const recent = useRecentViewList();
  const known = useKnownParties(profile?.id ?? '');
  const actionItems = useActionItems();
  const ui = useUiStore.getState();

  const saved = settings.data?.settings.savedParties ?? [];
  const recentItems: PaletteItem[] = recent.map((view) => ({
    id: `recent:${view.link}`,
    group: 'Recent views',
    label: titleWithLabel(view.title, partyOfRecent(view), saved),
    detail: localMinute(view.at),
    keywords: [view.kind, 'recent'],
    run: () => openRecentView(view),
  }));
  if (mode === 'recent') return recentItems;

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
    // The profile's own parties by name (the sandbox's 60): found by "alice" before anything is saved.
    ...(known.data?.parties ?? [])
      .filter((p) => !savedIds.has(p.party))
      .map((p) => ({
        id: `party:${p.party}`,
        group: 'Parties' as const,
        label: p.name,
        detail: p.party,
        keywords: [p.party, 'party'],
        run: () => openPartyTransfers(p.party),
      })),
    ...recentParties
      .filter((party) => !known.data?.parties.some((p) => p.party === party))
      .map((party) => ({
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

  return [...parties, ...recentItems, ...actionItems, ...chainItems, ...requestItems, ...methodItems, ...settingItems];
}

/** A recent view's title with the party's saved label in place of its short id, when it has one. */
function titleWithLabel(title: string, party: string | null, saved: readonly SavedParty[]): string {
  const label = party ? saved.find((p) => p.party === party)?.label : undefined;
  if (!party || !label) return title;
  return title.replace(shortParty(party), label);
}

/** 2026-11-24 10:59, local time: the app's own date style (ISO order, 24-hour). */
function localMinute(iso: string): string {
  const d = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}
