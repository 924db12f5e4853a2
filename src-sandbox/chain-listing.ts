// The chain listing (spec 4.2): GET {translate_url}/evm/chains with the apiKey header, and the
// same path at {partner_url} with a marketplace-partner bearer token.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from './http-replies.ts';
import { SANDBOX_CHAINS } from './sandbox-chains.ts';
import { sameSecret } from './secret-compare.ts';

export function serveChainListing(
  req: IncomingMessage,
  res: ServerResponse,
  credentials: { apiKey: string; partnerToken: string },
  partner: boolean,
): void {
  if (req.method !== 'GET') {
    sendJson(res, 405, { error: 'method not allowed: use GET' }, { allow: 'GET' });
    return;
  }
  // The auth scheme is case-insensitive (RFC 9110); the token itself is not.
  const given = partner ? /^bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1] : req.headers.apikey;
  const expected = partner ? credentials.partnerToken : credentials.apiKey;
  if (typeof given !== 'string' || !sameSecret(given, expected)) {
    const what = partner ? 'partner bearer token (Authorization: Bearer <token>)' : 'apiKey header';
    sendJson(res, 401, { error: given ? `invalid ${what}` : `missing ${what}` });
    return;
  }
  sendJson(res, 200, SANDBOX_CHAINS);
}
