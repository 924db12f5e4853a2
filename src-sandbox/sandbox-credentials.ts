import { createHash, createHmac } from 'node:crypto';

/**
 * Sandbox credentials, derived from the seed so a support case can be reproduced with the same keys.
 * The partner token is a JWT (HS256), as the spec's `Authorization: Bearer <JWT_TOKEN>` expects.
 */
export function sandboxCredentials(seed: number): { apiKey: string; partnerToken: string } {
  const derive = (label: string) => createHash('sha256').update(`ledger-sandbox:${seed}:${label}`).digest('hex');
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: 'sandbox-marketplace-partner', iss: 'ledger-explorer-sandbox', iat: 1767225600 })}`;
  const signature = createHmac('sha256', derive('partner-key')).update(unsigned).digest('base64url');
  return { apiKey: `sbx_key_${derive('apiKey').slice(0, 32)}`, partnerToken: `${unsigned}.${signature}` };
}
