// Which decoding an answer gets, from the call that was sent and the answer alone (no form state):
// a hand-typed eth_call's outputs, a revert in the error's data, a receipt's logs, a tx's input.
import { encodeAbiParameters, encodeErrorResult, encodeFunctionData, parseAbi } from 'viem';
import { describe, expect, it } from 'vitest';
import { indexAbis } from '../../../../src-renderer/features/rpc/abi/abi-index.ts';
import { decodeAnswer } from '../../../../src-renderer/features/rpc/abi/answer-decoding.ts';
import { wantsDecoding } from '../../../../src-renderer/features/rpc/abi/decode-wanted.ts';

const TOKEN = parseAbi([
  'function balanceOf(address account) view returns (uint256 balance)',
  'function transfer(address to, uint256 value) returns (bool)',
  'error InsufficientBalance(address account, uint256 balance, uint256 needed)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
]);
const index = indexAbis([{ name: 'Token', address: null, abi: TOKEN }]);
const HOLDER = '0x52908400098527886E0F7030069857D2E4169EE7';
const call = (method: string, params: unknown[]) => ({ jsonrpc: '2.0' as const, id: 1, method, params });
const balanceCall = call('eth_call', [
  { to: HOLDER, data: encodeFunctionData({ abi: TOKEN, functionName: 'balanceOf', args: [HOLDER] }) },
  'latest',
]);

describe('decoding an answer', () => {
  it('names a typed-by-hand eth_call result by the selector of its data', () => {
    const raw = encodeAbiParameters([{ type: 'uint256' }], [1_000_000_000_000n]);
    expect(decodeAnswer(balanceCall, { result: raw }, index)).toEqual({
      kind: 'outputs',
      signature: 'balanceOf(address)',
      source: 'Token',
      // An ERC-20 amount of the token called: Decoded also shows it scaled by that token's decimals().
      values: [{ name: 'balance', type: 'uint256', text: '1000000000000', tokenAmountOf: HOLDER }],
      raw,
    });
    const unknown = call('eth_call', [{ to: HOLDER, data: '0xabcdef0100' }, 'latest']);
    expect(decodeAnswer(unknown, { result: '0x01' }, index)).toMatchObject({
      kind: 'unknown-call',
      selector: '0xabcdef01',
    });
  });

  it('names the contract saved at the called address, not a standard sharing its selectors', () => {
    const both = indexAbis([
      { name: 'ERC-20', address: null, abi: TOKEN },
      { name: 'Sandbox Dollar', address: HOLDER, abi: TOKEN },
    ]);
    const raw = encodeAbiParameters([{ type: 'uint256' }], [5n]);
    expect(decodeAnswer(balanceCall, { result: raw }, both)).toMatchObject({ source: 'Sandbox Dollar' });
    const data = encodeErrorResult({ abi: TOKEN, errorName: 'InsufficientBalance', args: [HOLDER, 1n, 2n] });
    expect(decodeAnswer(balanceCall, { error: { code: 3, message: 'execution reverted', data } }, both)).toMatchObject({
      revert: { source: 'Sandbox Dollar' },
    });
    const input = encodeFunctionData({ abi: TOKEN, functionName: 'transfer', args: [HOLDER, 1n] });
    const tx = call('eth_getTransactionByHash', ['0x01']);
    expect(decodeAnswer(tx, { result: { to: HOLDER.toLowerCase(), input } }, both)).toMatchObject({
      input: { source: 'Sandbox Dollar' },
    });
    // Elsewhere the first match stands.
    expect(decodeAnswer(tx, { result: { to: null, input } }, both)).toMatchObject({ input: { source: 'ERC-20' } });
  });

  it('decodes a revert from the JSON-RPC error data', () => {
    const data = encodeErrorResult({ abi: TOKEN, errorName: 'InsufficientBalance', args: [HOLDER, 1n, 2n] });
    const answer = { error: { code: 3, message: 'execution reverted', data } };
    expect(wantsDecoding(balanceCall, answer)).toBe(true);
    expect(decodeAnswer(balanceCall, answer, index)).toMatchObject({ kind: 'revert', revert: { kind: 'custom' } });
  });

  it("reads a receipt's logs and a transaction's input, and leaves other answers alone", () => {
    const receipt = call('eth_getTransactionReceipt', ['0x01']);
    const log = {
      address: HOLDER,
      topics: [
        '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef',
        `0x000000000000000000000000${HOLDER.slice(2)}`,
        `0x000000000000000000000000${HOLDER.slice(2)}`,
      ],
      data: encodeAbiParameters([{ type: 'uint256' }], [9n]),
    };
    expect(decodeAnswer(receipt, { result: { logs: [log] } }, index)).toMatchObject({
      kind: 'logs',
      total: 1,
      logs: [{ kind: 'event', name: 'Transfer' }],
    });
    const input = encodeFunctionData({ abi: TOKEN, functionName: 'transfer', args: [HOLDER, 3n] });
    expect(decodeAnswer(call('eth_getTransactionByHash', ['0x01']), { result: { input } }, index)).toMatchObject({
      kind: 'input',
      input: { kind: 'call', name: 'transfer' },
    });
    expect(wantsDecoding(call('eth_getBlockByNumber', ['latest', true]), { result: {} })).toBe(false);
    expect(wantsDecoding([balanceCall], [{ result: '0x' }])).toBe(false);
    expect(wantsDecoding(balanceCall, { result: null })).toBe(false);
  });
});
