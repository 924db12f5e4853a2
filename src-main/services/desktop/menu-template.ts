// The desktop app's menu as plain data (docs/desktop.md): the shell (src-main/shell/desktop-shell.ts)
// turns it into Electron's Menu, and Node tests check it without Electron. An entry is a standard
// Electron role (Electron supplies its label and accelerator), one of our ShellCommands (the
// renderer carries it out, through the shell inbox) or a main action (reveal a folder).
import type { ShellCommand } from '../../../src-shared/contract/shell-events.ts';

export type MenuRole =
  | 'undo'
  | 'redo'
  | 'cut'
  | 'copy'
  | 'paste'
  | 'pasteAndMatchStyle'
  | 'selectAll'
  | 'reload'
  | 'forceReload'
  | 'toggleDevTools'
  | 'resetZoom'
  | 'zoomIn'
  | 'zoomOut'
  | 'togglefullscreen'
  | 'minimize'
  | 'zoom'
  | 'close'
  | 'front'
  | 'quit'
  | 'services'
  | 'hide'
  | 'hideOthers'
  | 'unhide';

export type MainAction = 'reveal-settings' | 'reveal-logs';

export type MenuEntry =
  | { type: 'separator' }
  | { role: MenuRole }
  | { label: string; command: ShellCommand; accelerator?: string }
  | { label: string; action: MainAction }
  | { label: string; submenu: MenuEntry[]; role?: 'windowMenu' | 'help' };

/** The accelerators Electron gives the roles we use (per its docs), so a test can tell ours never clash. */
export const ROLE_ACCELERATORS: Partial<Record<MenuRole, string[]>> = {
  undo: ['CmdOrCtrl+Z'],
  redo: ['Shift+CmdOrCtrl+Z', 'Ctrl+Y'],
  cut: ['CmdOrCtrl+X'],
  copy: ['CmdOrCtrl+C'],
  paste: ['CmdOrCtrl+V'],
  pasteAndMatchStyle: ['Shift+CmdOrCtrl+V'],
  selectAll: ['CmdOrCtrl+A'],
  reload: ['CmdOrCtrl+R'],
  forceReload: ['Shift+CmdOrCtrl+R'],
  toggleDevTools: ['Alt+CmdOrCtrl+I', 'Ctrl+Shift+I'],
  resetZoom: ['CmdOrCtrl+0'],
  zoomIn: ['CmdOrCtrl+Plus'],
  zoomOut: ['CmdOrCtrl+-'],
  togglefullscreen: ['Ctrl+Cmd+F', 'F11'],
  minimize: ['CmdOrCtrl+M'],
  close: ['CmdOrCtrl+W'],
  quit: ['CmdOrCtrl+Q'],
  hide: ['Cmd+H'],
  hideOthers: ['Alt+Cmd+H'],
};

export interface MenuOptions {
  /** process.platform: macOS gets the app menu, Windows and Linux put Settings and Quit in File. */
  platform: string;
  /** Reload and the developer tools only in development, never in a packaged build. */
  dev: boolean;
  appName: string;
}

const sep: MenuEntry = { type: 'separator' };
const r = (role: MenuRole): MenuEntry => ({ role });
const cmd = (label: string, command: ShellCommand, accelerator?: string): MenuEntry =>
  accelerator ? { label, command, accelerator } : { label, command };

export function menuTemplate({ platform, dev, appName }: MenuOptions): MenuEntry[] {
  const mac = platform === 'darwin';
  const settings = cmd(mac ? 'Settings…' : 'Settings', 'show-settings', 'CmdOrCtrl+,');
  const about = cmd(`About ${appName}`, 'about');
  const appMenu: MenuEntry = {
    label: appName,
    submenu: [about, sep, settings, sep, r('services'), sep, r('hide'), r('hideOthers'), r('unhide'), sep, r('quit')],
  };
  const file: MenuEntry = {
    label: 'File',
    submenu: [
      cmd('Export transfers…', 'export', 'CmdOrCtrl+Shift+E'),
      cmd('Save case report…', 'case-report', 'CmdOrCtrl+Shift+S'),
      cmd('Copy link to this view', 'copy-link', 'CmdOrCtrl+Shift+L'),
      sep,
      ...(mac ? [r('close')] : [settings, sep, r('quit')]),
    ],
  };
  const edit: MenuEntry = {
    label: 'Edit',
    submenu: [r('undo'), r('redo'), sep, r('cut'), r('copy'), r('paste')]
      .concat(mac ? [r('pasteAndMatchStyle')] : [])
      .concat([r('selectAll')]),
  };
  const view: MenuEntry = {
    label: 'View',
    submenu: [
      cmd('Command palette…', 'palette', 'CmdOrCtrl+K'),
      cmd('Recent views…', 'recent', 'CmdOrCtrl+E'),
      sep,
      cmd('Transfers', 'show-transfers', 'CmdOrCtrl+1'),
      cmd('Local ledger', 'show-local', 'CmdOrCtrl+2'),
      cmd('Chains', 'show-chains', 'CmdOrCtrl+3'),
      cmd('RPC console', 'show-rpc', 'CmdOrCtrl+4'),
      cmd('Settings', 'show-settings', 'CmdOrCtrl+5'),
      sep,
      cmd('Toggle dark theme', 'toggle-theme', 'CmdOrCtrl+Shift+T'),
      sep,
      ...(dev ? [r('reload'), r('forceReload'), r('toggleDevTools'), sep] : []),
      r('resetZoom'),
      r('zoomIn'),
      r('zoomOut'),
      sep,
      r('togglefullscreen'),
    ],
  };
  const actions: MenuEntry = {
    label: 'Actions',
    submenu: [
      cmd('Sync local ledger', 'sync', 'CmdOrCtrl+Shift+Y'),
      cmd('Compare nodes', 'compare-nodes', 'CmdOrCtrl+Shift+D'),
    ],
  };
  const window: MenuEntry = {
    label: 'Window',
    role: 'windowMenu',
    submenu: [r('minimize'), ...(mac ? [r('zoom'), sep, r('front')] : [r('close')])],
  };
  const help: MenuEntry = {
    label: 'Help',
    role: 'help',
    submenu: [
      cmd('Keyboard shortcuts', 'shortcuts', 'CmdOrCtrl+/'),
      sep,
      { label: 'Reveal settings folder', action: 'reveal-settings' },
      { label: 'Reveal logs folder', action: 'reveal-logs' },
      ...(mac ? [] : [sep, about]),
    ],
  };
  return [...(mac ? [appMenu] : []), file, edit, view, actions, window, help];
}

/** Every entry with no submenu, depth first (tests, and the shortcuts sheet's check). */
export function leafEntries(entries: MenuEntry[]): MenuEntry[] {
  return entries.flatMap((e) => ('submenu' in e ? leafEntries(e.submenu) : [e]));
}
