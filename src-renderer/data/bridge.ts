// The one accessor for the bridge the preload (Electron) or the browser test bridge installs.
// Only data/ calls it: components get data from the hooks beside this file. It is `bridge()`, not
// `ledger()`: "ledger" already names the ledger-data service, the store and the local ledger; the
// window property keeps its published name, `window.ledger`.
import type { LedgerApi } from '../../src-shared/contract/channels.ts';

declare global {
  interface Window {
    /** Installed by the preload (Electron) or the browser test bridge. */
    readonly ledger: LedgerApi;
  }
}

export const bridge = (): LedgerApi => window.ledger;
