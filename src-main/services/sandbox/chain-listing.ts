// The chain listing (spec 4.2): GET {translate_url}/evm/chains with the apiKey header, and the
// same path at {partner_url} with a marketplace-partner bearer token.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from './http-replies.ts';
import { SANDBOX_CHAINS } from './sandbox-chains.ts';

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
  const given = partner ? req.headers.authorization : req.headers.apikey;
  const expected = partner ? `Bearer ${credentials.partnerToken}` : credentials.apiKey;
  if (given !== expected) {
    const what = partner ? 'partner bearer token' : 'apiKey header';
    sendJson(res, 401, { error: given ? `invalid ${what}` : `missing ${what}` });
    return;
  }
  sendJson(res, 200, SANDBOX_CHAINS);
}
