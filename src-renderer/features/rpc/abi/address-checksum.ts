// The EIP-55 check of a typed address, in the renderer (main has no keccak without a dependency).
// viem is imported on use, so the side bar does not bring it into the first screen's bundle.
import { loadChunk } from '../../../chunk-gate.ts';

/** Null when the address is all one case (no checksum to check) or its mixed case matches; else why not. */
export async function addressChecksumProblem(address: string): Promise<string | null> {
  const hex = address.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return null;
  const { isAddress } = await loadChunk(() => import('viem'));
  return isAddress(address, { strict: true })
    ? null
    : 'the checksum (EIP-55 mixed case) does not match: a typo? Type it all lowercase to skip the check';
}
