// What a ledger JWT says, read locally WITHOUT verifying it (only the service can verify): the
// parties it names and when it expires, so the user can pick a party and be warned in time.
import type { TokenInfo } from '../../../src-shared/contract/transfers.ts';
import { secretFor } from '../credentials/profile-secrets.ts';
import type { ServiceContext } from '../service-context.ts';

const DAML_CLAIM = 'https://daml.com/ledger-api';

export function readTokenInfo(token: string | null, now = Date.now()): TokenInfo {
  const empty: TokenInfo = {
    present: token !== null,
    form: null,
    readAs: [],
    actAs: [],
    subject: null,
    expiresAt: null,
    expired: false,
    problem: null,
  };
  if (!token) return empty;
  const parts = token.split('.');
  if (parts.length !== 3)
    return { ...empty, form: 'unknown', problem: 'not a JWT (expected three dot-separated parts)' };
  let payload: Record<string, unknown>;
  try {
    payload = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
    if (!payload || typeof payload !== 'object') throw new Error('not an object');
  } catch {
    return { ...empty, form: 'unknown', problem: 'the JWT payload is not readable JSON' };
  }
  const exp = typeof payload.exp === 'number' ? payload.exp * 1000 : null;
  const claim = payload[DAML_CLAIM];
  const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  const base = {
    ...empty,
    subject: typeof payload.sub === 'string' ? payload.sub : null,
    expiresAt: exp !== null ? new Date(exp).toISOString() : null,
    expired: exp !== null && exp <= now,
  };
  if (claim && typeof claim === 'object') {
    const c = claim as Record<string, unknown>;
    return { ...base, form: 'claims', readAs: strings(c.readAs), actAs: strings(c.actAs) };
  }
  return { ...base, form: payload.aud !== undefined && base.subject ? 'audience' : 'unknown' };
}

/** What the profile's ledger JWT says (the user's own, else the sandbox's built-in one); never the token itself. */
export async function tokenInfoOf(ctx: ServiceContext, profileId: string): Promise<TokenInfo> {
  return readTokenInfo(await secretFor(ctx, ctx.profile(profileId), 'ledgerJwt'));
}
