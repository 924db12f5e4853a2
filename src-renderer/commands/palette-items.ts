// Everything the palette can jump to or do, as one flat list: parties (saved, then recent), recent
// views, chains, RPC methods and saved requests, settings panels and app actions. Each item carries
// the words it is found by (label, full id, the kind of thing) and what it does; the palette only
// filters and runs them.
import { useChainListing } from '../data/chains.ts';
import { useCollections } from '../data/rpc-workspace.ts';
import { useActiveProfile, useSettings } from '../data/settings.ts';
import { useKnownParties } from '../data/transfers.ts';
import { useUiStore } from '../ui-store.ts';
import { useActionItems } from './palette-actions.ts';
import type { PaletteItem } from './palette-item.ts';
import { partyItems } from './palette-parties.ts';
import { recentItems } from './palette-recent.ts';
import { chainItems, methodItems, requestItems } from './palette-rpc.ts';
import { useRecentViewList } from './recent-source.ts';
import { revealSettingsPanel, SETTINGS_PANELS } from './settings-panels.ts';

export function usePaletteItems(mode: 'all' | 'recent'): PaletteItem[] {
  const settings = useSettings();
  const profile = useActiveProfile();
  const chains = useChainListing(profile?.id);
  const collections = useCollections();
  const recent = useRecentViewList();
  const known = useKnownParties(profile?.id ?? '');
  const actionItems = useActionItems();

  const saved = settings.data?.settings.savedParties ?? [];
  const recentViews = recentItems(recent, saved);
  if (mode === 'recent') return recentViews;
  const chainNames = (chains.data?.chains ?? []).map((c) => c.name);
  return [
    ...partyItems(saved, known.data, recent),
    ...recentViews,
    ...actionItems,
    ...chainItems(chainNames),
    ...requestItems(collections.data?.collections ?? []),
    ...methodItems(chainNames),
    ...settingItems(),
  ];
}

/** The Settings panels, and the address book (which answers its own action). */
function settingItems(): PaletteItem[] {
  const ui = useUiStore.getState();
  return [
    ...SETTINGS_PANELS.map((panel) => ({
      id: `setting:${panel.id}`,
      group: 'Settings' as const,
      label: `Settings: ${panel.label}`,
      keywords: ['settings', ...panel.keywords],
      run: () => revealSettingsPanel(panel.id),
    })),
    {
      id: 'setting:address-book',
      group: 'Settings',
      label: 'Settings: Address book',
      keywords: ['settings', 'address book', 'labels', 'parties', 'import csv', 'export csv'],
      run: () => ui.requestAction('settings:address-book'),
    },
  ];
}
