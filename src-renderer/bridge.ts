import type { LedgerApi } from '../src-shared/contract/channels.ts';

declare global {
  interface Window {
    /** Installed by the preload (Electron) or the browser test bridge. */
    readonly ledger: LedgerApi;
  }
}

export const ledger = (): LedgerApi => window.ledger;
