// The one accessor for the bridge the preload (Electron) or the browser test bridge installs.
// Only data/ calls it: components get data from the hooks beside this file.
import type { LedgerApi } from '../../src-shared/contract/channels.ts';

declare global {
  interface Window {
    /** Installed by the preload (Electron) or the browser test bridge. */
    readonly ledger: LedgerApi;
  }
}

export const ledger = (): LedgerApi => window.ledger;
