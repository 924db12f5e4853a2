// The Settings panels the palette can jump to, found by their headings' ids (the panels are
// Settings' own; the address book answers its own action). Jumping shows Settings, then, once the
// screen is on the page, scrolls the panel into view and puts focus on its first control.
import { useEffect } from 'react';
import { create } from 'zustand';
import { useUiStore } from '../ui-store.ts';

export const SETTINGS_PANELS = [
  { id: 'profiles-heading', label: 'Connection profiles', keywords: ['profile', 'connection', 'url', 'new'] },
  { id: 'secrets-heading', label: 'Secrets', keywords: ['token', 'key', 'jwt', 'keychain', 'password'] },
  { id: 'appearance-heading', label: 'Appearance and time', keywords: ['theme', 'dark', 'time zone', 'utc'] },
  { id: 'local-stores-heading', label: 'Local stores', keywords: ['local', 'duckdb', 'forget', 'disk'] },
  { id: 'folders-heading', label: 'Settings and logs folders', keywords: ['reveal', 'logs', 'folder', 'support'] },
] as const;

const usePanelRequest = create<{ request: { id: string; seq: number } | null }>(() => ({ request: null }));
let seq = 0;

export function revealSettingsPanel(id: string): void {
  usePanelRequest.setState({ request: { id, seq: ++seq } });
  useUiStore.getState().showSection('settings');
}

/**
 * Called by the app shell: its effect runs after Settings (a child) is on the page. `screenShown`:
 * the section's screen is on the page (Settings is loaded on demand: lazy-screens.tsx).
 */
export function useRevealSettingsPanel(screenShown: boolean): void {
  const request = usePanelRequest((s) => s.request);
  const section = useUiStore((s) => s.section);
  useEffect(() => {
    if (!screenShown || !request || section !== 'settings') return;
    usePanelRequest.setState({ request: null });
    const target = document.getElementById(request.id);
    const panel = target?.closest('section') ?? target;
    if (!panel) return;
    panel.scrollIntoView?.({ block: 'start' });
    panel.querySelector<HTMLElement>('button, input, select, textarea, a[href]')?.focus();
  }, [request, section, screenShown]);
}
