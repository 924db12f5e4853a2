// The contract form -> the JSON-RPC call: calldata from viem's encodeFunctionData, then
// eth_call's / eth_estimateGas's params `[{ to, data, from?, value? }, blockTag]`. Each field's
// problem is keyed by the field, so the form shows it where it was typed.
import type { AbiFunction } from 'viem';
import { encodeFunctionData } from 'viem';
import type { ContractMethod } from './contract-store.ts';
import { type FormValue, parseInput, parseScalar } from './input-parse.ts';

export const BLOCK_TAGS = ['latest', 'safe', 'finalized', 'earliest', 'pending'] as const;

export type CallMethod = ContractMethod;

export interface CallForm {
  to: string;
  /** One value per function input, in order. */
  inputs: FormValue[];
  blockTag: string;
  /** Optional: the caller (msg.sender). */
  from: string;
  /** Optional: wei sent with the call, decimal or 0x hex. */
  value: string;
}

export type CallProblems = Partial<Record<'to' | 'from' | 'value' | 'blockTag' | `input-${number}`, string>>;

export type BuiltCall =
  | { ok: true; method: CallMethod; params: [Record<string, string>, string]; data: `0x${string}` }
  | { ok: false; problems: CallProblems };

/** A block tag, or a block number (decimal or 0x hex) as the node wants it: a 0x quantity. */
export function parseBlockTag(text: string): { ok: true; tag: string } | { ok: false; message: string } {
  const tag = text.trim();
  if ((BLOCK_TAGS as readonly string[]).includes(tag)) return { ok: true, tag };
  const parsed = parseScalar('uint64', tag);
  if (!parsed.ok) {
    return { ok: false, message: `enter ${BLOCK_TAGS.join(', ')} or a block number (decimal or 0x hex)` };
  }
  return { ok: true, tag: `0x${(parsed.value as bigint).toString(16)}` };
}

export function buildCall(fn: AbiFunction, form: CallForm, method: CallMethod): BuiltCall {
  const problems: CallProblems = {};
  const args: unknown[] = [];
  for (const [index, input] of fn.inputs.entries()) {
    const parsed = parseInput(input, form.inputs[index] ?? '');
    if (parsed.ok) args.push(parsed.value);
    else problems[`input-${index}`] = parsed.message;
  }
  const to = parseScalar('address', form.to.trim());
  if (!to.ok) problems.to = to.message;
  const from = form.from.trim() ? parseScalar('address', form.from.trim()) : null;
  if (from && !from.ok) problems.from = from.message;
  const value = form.value.trim() ? parseScalar('uint256', form.value.trim()) : null;
  if (value && !value.ok) problems.value = `wei: ${value.message}`;
  const block = parseBlockTag(form.blockTag);
  if (!block.ok) problems.blockTag = block.message;
  if (Object.keys(problems).length > 0 || !to.ok || !block.ok) return { ok: false, problems };

  let data: `0x${string}`;
  try {
    data = encodeFunctionData({ abi: [fn], functionName: fn.name, args } as never);
  } catch (error) {
    return { ok: false, problems: { 'input-0': (error as { shortMessage?: string }).shortMessage ?? String(error) } };
  }
  const call: Record<string, string> = { to: to.value as string, data };
  if (from?.ok) call.from = from.value as string;
  if (value?.ok && (value.value as bigint) > 0n) call.value = `0x${(value.value as bigint).toString(16)}`;
  return { ok: true, method, params: [call, block.tag], data };
}

/** Read functions first (view/pure), then the ones that write (usable with eth_estimateGas). */
export function functionsOf(abi: readonly unknown[]): { reads: AbiFunction[]; writes: AbiFunction[] } {
  const functions = (abi as { type: string }[]).filter((item): item is AbiFunction => item.type === 'function');
  const isRead = (fn: AbiFunction) => fn.stateMutability === 'view' || fn.stateMutability === 'pure';
  return { reads: functions.filter(isRead), writes: functions.filter((fn) => !isRead(fn)) };
}
