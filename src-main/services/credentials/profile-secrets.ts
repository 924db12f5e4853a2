// The secrets a profile's calls use: the user's own from the keychain, else (sandbox profile only)
// the local sandbox network's built-in ones. The renderer only ever learns their status, except a
// built-in sandbox credential the user asks to see (it protects nothing: docs/security.md).
import {
  type Profile,
  SECRET_LABELS,
  type SecretKind,
  type SecretStatus,
} from '../../../src-shared/contract/schemas.ts';
import { ServiceError } from '../errors.ts';
import type { ServiceContext } from '../service-context.ts';

const BUILT_IN = { apiKey: 'apiKey', partnerToken: 'partnerToken', ledgerJwt: 'ledgerJwt' } as const;

/** The secret main uses for a call: the user's own, else the sandbox network's built-in one. */
export async function secretFor(ctx: ServiceContext, profile: Profile, kind: SecretKind): Promise<string | null> {
  const stored = await ctx.credentials.get(profile.id, kind);
  if (stored) return stored;
  if (profile.kind !== 'sandbox') return null;
  return (await ctx.sandbox.start())?.credentials[BUILT_IN[kind]] ?? null;
}

export async function requireSecret(
  ctx: ServiceContext,
  profile: Profile,
  kind: SecretKind,
  label: string,
): Promise<string> {
  const secret = await secretFor(ctx, profile, kind);
  if (!secret) throw new ServiceError('unauthorized', `No ${label} saved for "${profile.name}": add it in Settings.`);
  return secret;
}

export async function secretStatus(ctx: ServiceContext, profileId: string): Promise<Record<SecretKind, SecretStatus>> {
  const profile = ctx.profile(profileId);
  const status = await ctx.credentials.status(profile.id);
  if (profile.kind === 'sandbox' && (await ctx.sandbox.start())) {
    for (const kind of ['apiKey', 'partnerToken', 'ledgerJwt'] as const) {
      if (!status[kind].present && status[kind].source !== 'unreadable') {
        status[kind] = { present: true, hint: null, source: 'sandbox' };
      }
    }
  }
  return status;
}

export async function saveSecret(
  ctx: ServiceContext,
  profileId: string,
  kind: SecretKind,
  value: string,
): Promise<Record<SecretKind, SecretStatus>> {
  await ctx.credentials.set(ctx.profile(profileId).id, kind, value);
  return secretStatus(ctx, profileId);
}

export async function clearSecret(
  ctx: ServiceContext,
  profileId: string,
  kind: SecretKind,
): Promise<Record<SecretKind, SecretStatus>> {
  await ctx.credentials.delete(ctx.profile(profileId).id, kind);
  return secretStatus(ctx, profileId);
}

/** Every profile's API key: what must never be written into a file that belongs to no profile. */
export async function everyApiKey(ctx: ServiceContext): Promise<string[]> {
  const keys = await Promise.all(
    ctx.settings.settings.profiles.map((p) => secretFor(ctx, p, 'apiKey').catch(() => null)),
  );
  return keys.filter((k): k is string => typeof k === 'string');
}

/**
 * A built-in sandbox credential, for Settings' "Show" (curl, Postman, a script against the sandbox).
 * Only the sandbox profile's own built-in ones, and only while the user has not saved one of their
 * own in its place: a secret the user saved never leaves main.
 */
export async function sandboxCredential(ctx: ServiceContext, profileId: string, kind: SecretKind): Promise<string> {
  const profile = ctx.profile(profileId);
  const refused = (why: string) =>
    new ServiceError('unsupported', `${why}: a secret you saved never leaves the main process.`);
  if (profile.kind !== 'sandbox') throw refused(`"${profile.name}" is not the sandbox profile`);
  const own = await ctx.credentials.status(profile.id);
  if (own[kind].present)
    throw refused(`"${profile.name}" uses the ${SECRET_LABELS[kind]} you saved, not the built-in one`);
  const network = await ctx.sandbox.start();
  if (!network) throw new ServiceError('network', 'The local sandbox network is not running; see the banner for why.');
  return network.credentials[BUILT_IN[kind]];
}
