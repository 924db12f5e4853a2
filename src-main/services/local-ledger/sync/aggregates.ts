// `local:aggregates` (the CLI's `aggregates`): the kept aggregates checked grain by grain against
// the legs (store/leg-days.ts), after rebuilding every party's from the legs in one transaction when
// asked. A rebuild is a write: it waits for the store like a sync, and other programs' views hear of it.
import type { AggregatesCheck, AggregatesRequest } from '../../../../src-shared/contract/aggregates.ts';
import { checkKeptAggregates, rebuildAllAggregates } from '../store/kept-aggregates.ts';
import type { LegWriter } from '../store/leg-access.ts';
import { inTransaction } from './sync-state.ts';

/** What of the local ledger this needs (LocalLedger is one). */
interface StoreWriters {
  readonly ctx: { profile(profileId: string): unknown };
  writer(profileId: string): Promise<LegWriter>;
}

export async function checkAggregates(ledger: StoreWriters, request: AggregatesRequest): Promise<AggregatesCheck> {
  ledger.ctx.profile(request.profileId);
  const started = performance.now();
  const store = await ledger.writer(request.profileId);
  if (request.rebuild) {
    await store.write((c) => inTransaction(c, () => rebuildAllAggregates(c)));
    await store.announce(null);
  }
  const check = await store.read((c) => checkKeptAggregates(c));
  return { rebuilt: request.rebuild, ...check, elapsedMs: Math.round(performance.now() - started) };
}
