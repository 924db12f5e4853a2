// What main pushes to the renderer: a ledger-explorer:// link the OS handed to the app (first start,
// a second instance, macOS open-url), a command from the application menu, or word that another
// program (a scheduled `npm run cli -- sync`) changed a local store. The renderer pulls them with
// app:nextEvent (a long poll), so both transports (IPC and the test bridge) carry them the same way
// and the preload stays small.

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

/** Another program changed a profile's local store: what the renderer read from it is stale (docs/local-ledger.md). */
export interface LocalStoreChanged {
  kind: 'local-changed';
  profileId: string;
  /** The party whose legs changed; null: any of the profile's. */
  party: string | null;
  /** Who changed it, in words ("npm run cli -- sync (PID 4242)"); null when it cannot be told. */
  by: string | null;
}

/** What the user or the OS asked for (the link router carries these out). */
export type ShellRequest = { kind: 'link'; url: string } | { kind: 'command'; command: ShellCommand };

export type ShellEvent = ShellRequest | LocalStoreChanged;
