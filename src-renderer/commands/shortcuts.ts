// Every keyboard shortcut of the app, for the shortcuts sheet (`?`). Keys are written with `Mod`
// for Ctrl (Cmd on macOS). The first group is handled by use-global-keys.ts in every tier; the
// others belong to the parts named: a part that adds a key adds it here. The renderer cannot import
// main's menu template, so its accelerators are repeated in the last group.

export interface Shortcut {
  keys: string[];
  does: string;
}
export interface ShortcutGroup {
  title: string;
  shortcuts: Shortcut[];
}

export const SHORTCUT_GROUPS: ShortcutGroup[] = [
  {
    title: 'Anywhere',
    shortcuts: [
      { keys: ['Mod+K'], does: 'Command palette: parties, chains, RPC methods, settings, actions' },
      { keys: ['Mod+E'], does: 'Recent views' },
      { keys: ['?'], does: 'This list of shortcuts (not while typing in a field)' },
      {
        keys: ['Mod+1', 'Mod+2', 'Mod+3', 'Mod+4', 'Mod+5'],
        does: 'Transfers, Local ledger, Chains, RPC console, Settings',
      },
      { keys: ['Escape'], does: 'Close the dialog, menu or detail panel' },
      { keys: ['Tab', 'Shift+Tab'], does: 'Move between controls' },
    ],
  },
  {
    // The desktop app's menu (src-main/services/desktop/menu-template.ts; a Node test keeps the two in
    // step). The browser tier has no menu.
    title: 'Desktop app menu',
    shortcuts: [
      { keys: ['Mod+Shift+E'], does: 'Export transfers' },
      { keys: ['Mod+Shift+S'], does: 'Save case report' },
      { keys: ['Mod+Shift+L'], does: 'Copy link to this view' },
      { keys: ['Mod+Shift+Y'], does: 'Sync the local ledger' },
      { keys: ['Mod+Shift+D'], does: 'Compare nodes' },
      { keys: ['Mod+Shift+T'], does: 'Toggle dark theme' },
      { keys: ['Mod+,'], does: 'Settings' },
      { keys: ['Mod+/'], does: 'This list of shortcuts' },
    ],
  },
  {
    title: 'Command palette',
    shortcuts: [
      { keys: ['Up', 'Down'], does: 'Move through the results' },
      { keys: ['Home', 'End'], does: 'First or last result' },
      { keys: ['Enter'], does: 'Run the result' },
    ],
  },
  {
    title: 'Transfers and local ledger tables',
    shortcuts: [
      { keys: ['Enter', 'Space'], does: 'Open the focused row’s detail' },
      { keys: ['Escape'], does: 'Close the detail panel' },
    ],
  },
  {
    title: 'RPC console',
    shortcuts: [
      { keys: ['Mod+Enter'], does: 'Send the request (from the form or the params/batch editor)' },
      { keys: ['Enter'], does: 'In the Method field: take the method and fill in its params template' },
      { keys: ['Alt+Up', 'Alt+Down'], does: 'Move the focused saved request up or down its collection' },
      { keys: ['Up', 'Down', 'J', 'K', 'Home', 'End'], does: 'Side by side: move through the differences' },
    ],
  },
  {
    title: 'Local ledger SQL',
    shortcuts: [{ keys: ['Mod+Enter'], does: 'Run the query' }],
  },
];

/** A key as the platform writes it: Mod is Cmd (⌘) on macOS, Ctrl elsewhere. */
export function keyLabel(key: string, mac: boolean): string {
  return key
    .replace('Mod+', mac ? '⌘' : 'Ctrl+')
    .replace('Shift+', mac ? '⇧' : 'Shift+')
    .replace('Alt+', mac ? '⌥' : 'Alt+')
    .replace('Up', '↑')
    .replace('Down', '↓');
}

export const isMac = (): boolean => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
