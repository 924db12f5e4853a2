// What the "Decoded" section shows for one answer: the call's outputs by name (the function found
// by the selector of the call's own data, in any ABI of the library), a revert's error, the logs as
// events, a transaction's input as a call. Driven by selectors and topics, not by the form, so a
// hand-typed eth_call decodes too.
import type { AbiFunction } from 'viem';
import type { RpcBody } from '../../../../src-shared/contract/rpc.ts';
import { type AbiIndex, matchesAt, signatureOf } from './abi-index.ts';
import { type DecodedInput, decodeInput, decodeOutputs } from './decode-call.ts';
import { type DecodedLog, decodeLogs, type RawLog } from './decode-logs.ts';
import { type DecodedRevert, decodeRevert, revertDataOf } from './decode-revert.ts';
import { markTokenAmounts, type NamedValue } from './format-value.ts';

export type AnswerDecoding =
  | { kind: 'outputs'; signature: string; source: string; values: NamedValue[]; raw: string }
  | { kind: 'outputs-failed'; signature: string; message: string; raw: string }
  | { kind: 'unknown-call'; selector: string | null; raw: string }
  | { kind: 'revert'; revert: DecodedRevert }
  | { kind: 'logs'; logs: DecodedLog[]; total: number }
  | { kind: 'input'; input: DecodedInput }
  | { kind: 'none' };

export function decodeAnswer(body: RpcBody, json: unknown, index: AbiIndex): AnswerDecoding {
  if (Array.isArray(body)) return { kind: 'none' };
  const callTo = Array.isArray(body.params) ? (body.params[0] as { to?: unknown } | null)?.to : undefined;
  const reply = json as { result?: unknown; error?: { data?: unknown } };
  if (reply.error) {
    const data = revertDataOf(reply.error);
    return data ? { kind: 'revert', revert: decodeRevert(data, index, callTo) } : { kind: 'none' };
  }
  const result = reply.result;
  switch (body.method) {
    case 'eth_call':
      return typeof result === 'string' ? decodeCallResult(body.params, result, index) : { kind: 'none' };
    case 'eth_getLogs':
      return Array.isArray(result) ? { kind: 'logs', ...decodeLogs(result as RawLog[], index) } : { kind: 'none' };
    case 'eth_getTransactionReceipt': {
      const logs = (result as { logs?: unknown } | null)?.logs;
      return Array.isArray(logs) ? { kind: 'logs', ...decodeLogs(logs as RawLog[], index) } : { kind: 'none' };
    }
    case 'eth_getTransactionByHash': {
      const tx = result as { input?: unknown; to?: unknown } | null;
      return typeof tx?.input === 'string'
        ? { kind: 'input', input: decodeInput(tx.input, index, tx.to) }
        : { kind: 'none' };
    }
    default:
      return { kind: 'none' };
  }
}

function decodeCallResult(params: unknown, raw: string, index: AbiIndex): AnswerDecoding {
  const call = Array.isArray(params)
    ? (params[0] as { data?: unknown; input?: unknown; to?: unknown } | undefined)
    : undefined;
  const data = typeof call?.data === 'string' ? call.data : typeof call?.input === 'string' ? call.input : '';
  const selector = data.length >= 10 ? data.slice(0, 10).toLowerCase() : null;
  const candidates: { item: AbiFunction; source: string }[] = selector
    ? matchesAt(index.functions.get(selector), call?.to)
    : [];
  if (candidates.length === 0) return { kind: 'unknown-call', selector, raw };
  let failure: AnswerDecoding | null = null;
  for (const { item, source } of candidates) {
    const decoded = decodeOutputs(item, raw);
    if (decoded.ok) {
      const signature = signatureOf(item);
      const values = markTokenAmounts(signature, decoded.values, call?.to, 'outputs');
      return { kind: 'outputs', signature, source, values, raw };
    }
    failure ??= { kind: 'outputs-failed', signature: signatureOf(item), message: decoded.message, raw };
  }
  return failure as AnswerDecoding;
}
