// What `npm run dev:web` prints on stdout once it serves the app. A person at a terminal gets one
// short line with the URL to open; a script gets one JSON line it can parse. Neither carries a
// secret unless asked for: the sandbox's API key, partner token and JWTs (and its full party list)
// would otherwise land in terminal scrollback and CI logs. The bridge token stays in the URL's
// fragment: without it the page cannot talk to main, and it dies with the process.
import type { SandboxDescription } from '../../src-sandbox/index.ts';

export interface ReadyFacts {
  /** The app's address, with the bridge token in the fragment. */
  url: string;
  userDataDir: string;
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
    return `Ledger Explorer is running at ${facts.url}  (user data: ${facts.userDataDir}; Ctrl+C to stop)\n`;
  }
  const sandbox = facts.sandbox && (options.printCredentials ? facts.sandbox : summarizeSandbox(facts.sandbox));
  return `${JSON.stringify({
    url: facts.url,
    userDataDir: facts.userDataDir,
    secretStorage: facts.secretStorage,
    exportDir: facts.exportDir,
    sandbox,
  })}\n`;
}
