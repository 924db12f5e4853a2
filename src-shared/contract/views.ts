// A view the user can return to: what a ledger-explorer:// link opens and what "recent views" lists.
// A view names its profile by id and never carries a secret or a profile's URLs.
import type { TransferFilters } from './transfers.ts';

export type ViewTarget =
  | {
      kind: 'transfers';
      profile: string;
      filters: TransferFilters;
      /** live: the service (Transfers screen); local: the profile's local ledger (Local ledger screen). */
      source: 'live' | 'local';
    }
  | { kind: 'chain'; profile: string; chain: string }
  | {
      kind: 'rpc';
      profile: string;
      chain: string;
      nodeType: 'full' | 'archive';
      /** A single call: the method and its params as JSON text. */
      method?: string;
      params?: string;
      /** A batch as JSON text (instead of method/params). */
      batch?: string;
    };

export interface RecentView {
  /** The ledger-explorer:// link that opens it. */
  link: string;
  /** One line a person reads in a list ("Transfers of alice::1220… · Canton Coin · validator-2"). */
  title: string;
  kind: ViewTarget['kind'];
  profile: string;
  /** ISO time it was last opened. */
  at: string;
}
