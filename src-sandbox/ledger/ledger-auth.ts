// Ledger JWTs, Canton style. Two forms are accepted:
//  - custom claims: {"https://daml.com/ledger-api": {"readAs": [...], "actAs": [...]}}
//  - audience-based: aud = this participant, sub = a user id whose rights come from the user table.
// A caller can read party P when P is in its readAs or actAs.
import { errors, jwtVerify, SignJWT } from 'jose';
import { sha256Hex } from './random.ts';

export const DAML_CLAIM = 'https://daml.com/ledger-api';
export const PARTICIPANT_AUDIENCE = 'https://daml.com/jwt/aud/participant/sandbox-participant';
const ISSUER = 'ledger-explorer-sandbox';

export interface UserRights {
  readAs: string[];
  actAs: string[];
}

export class AuthError extends Error {}

export interface LedgerAuth {
  /** Parties the token may read; throws AuthError (a 401) for a missing, malformed, badly signed or expired token. */
  readableParties(token: string | null): Promise<Set<string>>;
  tokens: { readAll: string; readNone: string; expired: string; byParty: Record<string, string> };
}

export async function createLedgerAuth(seed: number, parties: string[]): Promise<LedgerAuth> {
  // `parties`: every party the ledger knows (traders, the DSO, instrument registrars).
  const key = Buffer.from(sha256Hex(`jwt-key:${seed}`), 'hex');
  const users = new Map<string, UserRights>();
  const now = Math.floor(Date.now() / 1000);
  const year = 365 * 86_400;

  const sign = (payload: Record<string, unknown>, expiresAt: number) =>
    new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setIssuedAt(now)
      .setExpirationTime(expiresAt)
      .sign(key);

  const byParty: Record<string, string> = {};
  for (const [n, party] of parties.entries()) {
    // Alternate the two forms so clients meet both.
    if (n % 2 === 0) {
      const user = `user-${party.split('::')[0]}`;
      users.set(user, { readAs: [], actAs: [party] });
      byParty[party] = await sign({ sub: user, aud: PARTICIPANT_AUDIENCE, scope: 'daml_ledger_api' }, now + year);
    } else {
      byParty[party] = await sign({ sub: `party-${n}`, [DAML_CLAIM]: { readAs: [party], actAs: [] } }, now + year);
    }
  }
  users.set('admin-reader', { readAs: parties, actAs: [] });
  const tokens = {
    readAll: await sign({ sub: 'admin-reader', aud: PARTICIPANT_AUDIENCE, scope: 'daml_ledger_api' }, now + year),
    readNone: await sign({ sub: 'nobody', [DAML_CLAIM]: { readAs: [], actAs: [] } }, now + year),
    expired: await sign({ sub: 'late', [DAML_CLAIM]: { readAs: parties, actAs: [] } }, now - 60),
    byParty,
  };

  // Tokens already verified, with what they grant: a client sends the same token with every page,
  // and checking its HMAC again cost ~0.15 ms and most of a page's garbage. Only the expiry depends
  // on the clock, so a remembered token past its `exp` goes through the full check again (and gets
  // its 401). Only tokens this ledger signed get in, so the map stays small; capped all the same.
  const verified = new Map<string, { exp: number; readable: Set<string> }>();

  return {
    tokens,
    async readableParties(token) {
      if (!token) throw new AuthError('missing ledger JWT: send it in the jwt header or the jwt query parameter');
      const known = verified.get(token);
      if (known && known.exp > Date.now() / 1000) return new Set(known.readable);
      let payload: Record<string, unknown>;
      try {
        ({ payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER, requiredClaims: ['exp'] }));
      } catch (error) {
        if (error instanceof errors.JWTExpired) throw new AuthError('ledger JWT has expired');
        if (error instanceof errors.JWSSignatureVerificationFailed)
          throw new AuthError('ledger JWT signature is invalid');
        if (error instanceof errors.JOSEError) throw new AuthError(`ledger JWT is invalid: ${error.message}`);
        throw new AuthError('ledger JWT is malformed');
      }
      const rights = rightsOf(payload, users);
      if (!rights)
        throw new AuthError('ledger JWT carries neither ledger-api claims nor a known user for this participant');
      const readable = new Set([...rights.readAs, ...rights.actAs]);
      if (verified.size >= 1000) verified.clear();
      if (typeof payload.exp === 'number') verified.set(token, { exp: payload.exp, readable });
      return new Set(readable);
    },
  };
}

function rightsOf(payload: Record<string, unknown>, users: Map<string, UserRights>): UserRights | null {
  const claim = payload[DAML_CLAIM];
  if (claim && typeof claim === 'object') {
    const { readAs, actAs } = claim as { readAs?: unknown; actAs?: unknown };
    return { readAs: strings(readAs), actAs: strings(actAs) };
  }
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (audiences.includes(PARTICIPANT_AUDIENCE) && typeof payload.sub === 'string')
    return users.get(payload.sub) ?? { readAs: [], actAs: [] };
  return null;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
