// The palette's actions: what the menu and the screens' buttons do (asked of their owners through
// the UI store), the theme and profile switches (straight to main), dialogs and sections.
import { useActiveProfile, useSavePreferences, useSetActiveProfile, useSettings } from '../data/settings.ts';
import { type SectionId, useUiStore } from '../ui-store.ts';
import type { PaletteItem } from './palette-item.ts';

const SECTION_ITEMS: { section: SectionId; label: string }[] = [
  { section: 'transfers', label: 'Go to Transfers' },
  { section: 'local', label: 'Go to Local ledger' },
  { section: 'chains', label: 'Go to Chains' },
  { section: 'rpc', label: 'Go to RPC console' },
  { section: 'settings', label: 'Go to Settings' },
];

export function useActionItems(): PaletteItem[] {
  const settings = useSettings();
  const profile = useActiveProfile();
  const setActive = useSetActiveProfile();
  const savePreferences = useSavePreferences();
  const ui = useUiStore.getState();
  const theme = settings.data?.settings.preferences.theme ?? 'system';
  const dark =
    theme === 'dark' ||
    (theme === 'system' && typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches);
  const otherProfiles = (settings.data?.settings.profiles ?? []).filter((p) => p.id !== profile?.id);
  return [
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
}

function action(id: string, label: string, keywords: string[], run: () => void): PaletteItem {
  return { id: `action:${id}`, group: 'Actions', label, keywords, run };
}
