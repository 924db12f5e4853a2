import { createHash } from 'node:crypto';

/** Sandbox credentials, derived from the seed so a support case can be reproduced with the same keys. */
export function sandboxCredentials(seed: number): { apiKey: string; partnerToken: string } {
  const derive = (label: string) => createHash('sha256').update(`ledger-sandbox:${seed}:${label}`).digest('hex');
  return {
    apiKey: `sbx_key_${derive('apiKey').slice(0, 32)}`,
    partnerToken: `sbx_partner_${derive('partner').slice(0, 40)}`,
  };
}
