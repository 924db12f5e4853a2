// Whether an answer has anything the ABI decoder could read: checked on the first screen's bundle
// (no viem), so the decoder is loaded only for answers that need it, never for a 10 MB block.
import type { RpcBody } from '../../../../src-shared/contract/rpc.ts';

/** Methods whose answers carry calldata, return data or logs. */
export const DECODED_METHODS = new Set([
  'eth_call',
  'eth_estimateGas',
  'eth_getLogs',
  'eth_getTransactionReceipt',
  'eth_getTransactionByHash',
]);

export function wantsDecoding(body: RpcBody, json: unknown): boolean {
  if (Array.isArray(body) || !DECODED_METHODS.has(body.method)) return false;
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return false;
  const reply = json as { result?: unknown; error?: { data?: unknown } };
  if (reply.error) return reply.error.data !== undefined;
  return reply.result !== null && reply.result !== undefined;
}
