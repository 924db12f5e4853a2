// "Sync all my parties" (docs/notebook.md, "Parties, sets and portfolios"): every party the
// profile's ledger JWT can read (its readAs and actAs; for the sandbox, the network's parties),
// synced one after another into the profile's store, one combined progress, each party resumable.
import { z } from 'zod';
import type { BridgeErrorShape } from './errors.ts';
import { TimeRange } from './local-ledger.ts';
import { SCOPE_MAX_PARTIES } from './party-scope.ts';
import { NodeIdText, PartyId, ProfileIdText } from './transfers.ts';

export const SyncAllRequest = z.strictObject({
  profileId: ProfileIdText,
  /** `all-readable`: the parties the profile's JWT names (or the sandbox's); else exactly these. */
  parties: z.union([z.literal('all-readable'), z.array(PartyId).min(1).max(SCOPE_MAX_PARTIES)], {
    message: '"all-readable" or a list of party ids',
  }),
  nodeId: NodeIdText.nullable(),
  range: TimeRange,
});
export type SyncAllRequest = z.input<typeof SyncAllRequest>;

export type SyncAllPartyState = 'pending' | 'running' | 'waiting' | 'done' | 'failed' | 'cancelled' | 'skipped';

export interface SyncAllParty {
  party: string;
  /** `skipped`: finished by the interrupted run this one resumes (not fetched again). */
  state: SyncAllPartyState;
  legs: number;
  /** The party's own sync job while it runs (local:syncStatus reads it too). */
  jobId: string | null;
  /** This party's sync continued an interrupted one. */
  resumed: boolean;
  error: BridgeErrorShape | null;
}

export interface SyncAllStatus {
  jobId: string;
  profileId: string;
  /** Where the parties came from: the JWT's claims, the sandbox's list, or the request. */
  source: 'token' | 'sandbox' | 'request';
  /** `done`: every party was tried (some may have failed: `failed` counts them). */
  state: 'running' | 'done' | 'cancelled' | 'failed';
  /** This run skipped the parties an interrupted run of the same request had finished. */
  resumed: boolean;
  total: number;
  /** Parties finished (done or skipped). */
  done: number;
  failed: number;
  /** Legs fetched by this run, all parties. */
  legs: number;
  legsPerSecond: number;
  current: string | null;
  parties: SyncAllParty[];
  startedAt: string;
  finishedAt: string | null;
  /** Why the whole run could not start or stopped (no parties to read, the store). */
  error: BridgeErrorShape | null;
}
