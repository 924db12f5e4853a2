// What main pushes to the renderer: a ledger-explorer:// link the OS handed to the app (first start,
// a second instance, macOS open-url), or a command from the application menu. The renderer pulls
// them with app:nextEvent (a long poll), so both transports (IPC and the test bridge) carry them
// the same way and the preload stays small.

/** Menu commands the renderer carries out (the rest of the menu is Electron's standard roles). */
export const SHELL_COMMANDS = [
  'palette',
  'recent',
  'shortcuts',
  'about',
  'toggle-theme',
  'copy-link',
  'export',
  'case-report',
  'compare-nodes',
  'sync',
  'show-transfers',
  'show-local',
  'show-chains',
  'show-rpc',
  'show-settings',
] as const;
export type ShellCommand = (typeof SHELL_COMMANDS)[number];

export type ShellEvent = { kind: 'link'; url: string } | { kind: 'command'; command: ShellCommand };
