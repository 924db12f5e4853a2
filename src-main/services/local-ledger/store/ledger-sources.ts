// What the local ledger reads from the network, given to it by whoever holds the network and the
// credentials: main. In main's own process (the CLI, tests) these are main's HTTP clients
// (local-ledger-host.ts); in the ledger engine they are requests to main over the engine's channel
// (engine/engine-main.ts). Nothing of the local ledger reaches http/, credentials/ or the ledger
// client itself: the engine's import closure is checked (docs/architecture.md, "The ledger engine").
import type { Profile, Settings } from '../../../../src-shared/contract/schemas.ts';
import type { TransferSource } from '../../ledger/transfer-source.ts';
import type { RequestRegistry } from '../../request-registry.ts';
import type { Host } from '../../service-context.ts';

export interface LedgerSources {
  /** A profile's transfers, one page at a time (a sync pulls the next page when it has stored the last). */
  transfers(profileId: string): Promise<TransferSource>;
  /** The parties the profile's ledger JWT can read ("sync all my parties"). */
  readableParties(profileId: string): Promise<{ source: 'token' | 'sandbox'; parties: string[] }>;
}

/**
 * What the local ledger uses of main's ServiceContext: the non-secret settings, the cancellable
 * requests, the host's dialogs and notices, the log. Never the credentials or the sandbox: in the
 * engine these are answered by main (engine/engine-main.ts).
 */
export interface LedgerContext {
  settings: { readonly settings: Pick<Settings, 'profiles' | 'savedParties'> };
  requests: RequestRegistry;
  host: Pick<Host, 'chooseSavePath' | 'startSqlProcess' | 'taskFinished'>;
  /** The browser version: files written for the user, which the page may download. */
  downloads?: { add(path: string): Promise<unknown> };
  log: (line: string) => void;
  profile(id: string): Profile;
}
