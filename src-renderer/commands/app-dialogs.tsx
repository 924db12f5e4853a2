// The app's own dialogs, one at a time, as the UI store says (the palette, the menu and links ask
// for them there). The About dialog is mounted by the app shell next to these.
import { useUiStore } from '../ui-store.ts';
import { CommandPalette } from './command-palette.tsx';
import { ShortcutsSheet } from './shortcuts-sheet.tsx';

export function CommandDialogs() {
  const dialog = useUiStore((s) => s.dialog);
  // keyed by mode: Mod+E then Mod+K starts a fresh, empty search on the full list.
  if (dialog === 'palette' || dialog === 'recent')
    return <CommandPalette key={dialog} mode={dialog === 'recent' ? 'recent' : 'all'} />;
  if (dialog === 'shortcuts') return <ShortcutsSheet />;
  return null;
}
