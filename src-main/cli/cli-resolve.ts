// The arguments that need the user's settings, checked against them with the valid values listed
// (a scheduler's log is read by someone who did not write the command): the profile must exist, the
// party may be given by a name the profile knows (src-shared/party-names.ts, the names the app shows),
// and on the sandbox profile the node must be one of its nodes. A remote profile's nodes cannot be
// listed (the spec has none), so any well-formed id is taken there.
import type { Profile } from '../../src-shared/contract/schemas.ts';
import { PartyId } from '../../src-shared/contract/transfers.ts';
import { findParty, namedParties } from '../../src-shared/party-names.ts';
import { UsageError } from './cli-args.ts';
import type { CliServices } from './cli-services.ts';

/** The profiles as `profiles` prints them and a wrong --profile lists them. */
export function profileTable(profiles: readonly Profile[]): string {
  const width = Math.max(2, ...profiles.map((p) => p.id.length));
  const kindWidth = Math.max(4, ...profiles.map((p) => p.kind.length));
  return [
    `${'id'.padEnd(width)}  ${'kind'.padEnd(kindWidth)}  name`,
    ...profiles.map((p) => `${p.id.padEnd(width)}  ${p.kind.padEnd(kindWidth)}  ${p.name}`),
  ].join('\n');
}

/** The profile named by --profile, or a UsageError listing the profiles there are. */
export function resolveProfile(profiles: readonly Profile[], id: string, userDataDir: string): Profile {
  const profile = profiles.find((p) => p.id === id);
  if (profile) return profile;
  throw new UsageError(
    `--profile: no connection profile "${id}" in ${userDataDir}; the profiles there:\n${indent(profileTable(profiles))}`,
  );
}

/** --party as a full, well-formed id: a name is looked up among the names the profile knows. */
export async function resolveParty(
  services: CliServices,
  profile: Profile,
  text: string,
  option = '--party',
): Promise<string> {
  const known = await services.api.transfers.knownParties(profile.id);
  const parties = namedParties(services.context.settings.settings.savedParties, known.parties);
  const where = `profile "${profile.id}" (its address book${profile.kind === 'sandbox' ? ' and the sandbox parties' : ''})`;
  const found = findParty(text, parties, where);
  if (!found.ok) throw new UsageError(`${option}: ${found.message}`);
  const checked = PartyId.safeParse(found.party);
  if (!checked.success) throw new UsageError(`${option}: ${checked.error.issues[0]?.message ?? 'not a party id'}`);
  return checked.data;
}

/** --node on a profile that lists its nodes (the sandbox) must be one of them. */
export async function resolveNode(
  services: CliServices,
  profile: Profile,
  node: string | null,
): Promise<string | null> {
  if (node === null || profile.kind !== 'sandbox') return node;
  const choices = await services.api.transfers.nodes(profile.id);
  if (choices.known.some((n) => n.id === node)) return node;
  const listed = choices.known.map((n) => `  ${n.id}${n.note ? `  (${n.note})` : ''}`).join('\n');
  throw new UsageError(`--node: the ${profile.id} profile has no node "${node}"; its nodes:\n${listed}`);
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');
}
