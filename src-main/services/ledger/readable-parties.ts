// The parties a profile's ledger JWT can read, for "sync all" (local-ledger/sync/sync-all.ts). Main
// only: it reads the JWT (token-info.ts) and may ask the sandbox (known-parties.ts).
import { ServiceError } from '../errors.ts';
import type { ServiceContext } from '../service-context.ts';
import { knownParties } from './known-parties.ts';
import { tokenInfoOf } from './token-info.ts';

/** The parties a profile's ledger JWT can read: its readAs and actAs; a sandbox token that names none, the network's parties. */
export async function readableParties(
  ctx: ServiceContext,
  profileId: string,
): Promise<{ source: 'token' | 'sandbox'; parties: string[] }> {
  const profile = ctx.profile(profileId);
  const info = await tokenInfoOf(ctx, profileId);
  const named = [...new Set([...info.readAs, ...info.actAs])];
  if (named.length > 0) return { source: 'token', parties: named };
  if (profile.kind === 'sandbox') {
    const known = await knownParties(ctx, profileId);
    if (known.parties.length > 0) return { source: 'sandbox', parties: known.parties.map((p) => p.party) };
  }
  throw new ServiceError(
    'invalid_argument',
    info.present
      ? `The ledger JWT of "${profile.name}" names no party (no readAs or actAs claim): choose the parties to sync.`
      : `No ledger JWT saved for "${profile.name}": add it in Settings, or choose the parties to sync.`,
  );
}
