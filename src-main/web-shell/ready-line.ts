// What `npm run dev:web` prints on stdout once it serves the app. A person at a terminal gets one
// short line with the URL to open; a script gets one JSON line it can parse. Neither carries a
// secret unless asked for: the sandbox's API key, partner token and JWTs (and its full party list)
// would otherwise land in terminal scrollback and CI logs. The bridge key stays in the URL's
// fragment: without it the page cannot talk to main (docs/security.md, "The browser version's key").
import type { SandboxDescription } from '../../src-sandbox/index.ts';

export interface ReadyFacts {
  /** The app's address, with the bridge token in the fragment. */
  url: string;
  userDataDir: string;
  /** shared: the desktop app's and the CLI's folder; chosen: --user-data-dir; temporary: removed when it stops. */
  userDataKind: 'shared' | 'chosen' | 'temporary';
  /** Where secrets live: `keychain` or `session` (memory until quit). */
  secretStorage: 'keychain' | 'session';
  exportDir: string;
  /** The in-process sandbox network, or null with --no-sandbox. */
  sandbox: SandboxDescription | null;
}

export interface ReadyLineOptions {
  /** stdout is a terminal: a person reads it. */
  terminal: boolean;
  /** `--print-credentials`: the JSON line carries the sandbox's full description, credentials included. */
  printCredentials: boolean;
}

/** The sandbox without its secrets: addresses and counts, enough to know what runs where. */
export type SandboxSummary = Pick<
  SandboxDescription,
  'baseUrl' | 'translateUrl' | 'partnerUrl' | 'rpcUrl' | 'faultsUrl'
> & {
  partyCount: number;
  instrumentCount: number;
  chains: string[];
};

export function summarizeSandbox(sandbox: SandboxDescription): SandboxSummary {
  return {
    baseUrl: sandbox.baseUrl,
    translateUrl: sandbox.translateUrl,
    partnerUrl: sandbox.partnerUrl,
    rpcUrl: sandbox.rpcUrl,
    ...(sandbox.faultsUrl ? { faultsUrl: sandbox.faultsUrl } : {}),
    partyCount: sandbox.parties.length,
    instrumentCount: sandbox.instruments.length,
    chains: sandbox.chains,
  };
}

/** The one line (newline included) to write on stdout when the app is ready. */
export function readyLine(facts: ReadyFacts, options: ReadyLineOptions): string {
  // Asking for credentials is asking for the machine-readable line, terminal or not.
  if (options.terminal && !options.printCredentials) {
    return `Ledger Explorer is running at ${facts.url}  (${folderWords(facts)}; Ctrl+C to stop)\n`;
  }
  const sandbox = facts.sandbox && (options.printCredentials ? facts.sandbox : summarizeSandbox(facts.sandbox));
  return `${JSON.stringify({
    url: facts.url,
    userDataDir: facts.userDataDir,
    userDataKind: facts.userDataKind,
    secretStorage: facts.secretStorage,
    exportDir: facts.exportDir,
    sandbox,
  })}\n`;
}

function folderWords(facts: Pick<ReadyFacts, 'userDataDir' | 'userDataKind'>): string {
  if (facts.userDataKind === 'shared')
    return `user data: ${facts.userDataDir}, shared with the desktop app and the CLI`;
  if (facts.userDataKind === 'temporary') return `throwaway user data: ${facts.userDataDir}, removed when it stops`;
  return `user data: ${facts.userDataDir}`;
}

/**
 * What a second start on a folder whose server already runs prints before it exits 0: where the
 * first one is (its address, with the key, so opening it works), in the same two forms.
 */
export function alreadyRunningLine(
  facts: { url: string; userDataDir: string; userDataKind: ReadyFacts['userDataKind']; pid: number },
  options: Pick<ReadyLineOptions, 'terminal'>,
): string {
  if (options.terminal) {
    return `Ledger Explorer is already running at ${facts.url}  (${folderWords(facts)}; process ${facts.pid}). One server per folder: open that address, or stop it first.\n`;
  }
  return `${JSON.stringify({ alreadyRunning: true, url: facts.url, userDataDir: facts.userDataDir, pid: facts.pid })}\n`;
}
