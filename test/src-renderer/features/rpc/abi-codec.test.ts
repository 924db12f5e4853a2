// The contract codec: what each kind of typed input becomes (or the message at its field), the
// eth_call params built from the form, and decoding matched against the whole library: outputs,
// reverts (custom, Error(string), Panic with its meaning), logs and transaction input.
import { encodeAbiParameters, encodeErrorResult, encodeEventTopics, encodeFunctionData, parseAbi } from 'viem';
import { describe, expect, it } from 'vitest';
import { indexAbis } from '../../../../src-renderer/features/rpc/abi/abi-index.ts';
import { buildCall, functionsOf, parseBlockTag } from '../../../../src-renderer/features/rpc/abi/call-request.ts';
import { decodeInput, decodeOutputs } from '../../../../src-renderer/features/rpc/abi/decode-call.ts';
import { decodeLog, decodeLogs, MAX_DECODED_LOGS } from '../../../../src-renderer/features/rpc/abi/decode-logs.ts';
import { decodeRevert, revertDataOf } from '../../../../src-renderer/features/rpc/abi/decode-revert.ts';
import { parseInput, parseScalar } from '../../../../src-renderer/features/rpc/abi/input-parse.ts';

const ERC20 = parseAbi([
  'function balanceOf(address owner) view returns (uint256)',
  'function transfer(address to, uint256 amount) returns (bool)',
  'function decimals() view returns (uint8)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
]);
const ERC721 = parseAbi(['event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)']);
const CHECKS = parseAbi([
  'error InsufficientBalance(address account, uint256 needed, uint256 available)',
  'function checkBalance(uint256 needed) view',
]);
const index = indexAbis([
  { name: 'ERC-20', address: null, abi: ERC20 },
  { name: 'ERC-721', address: null, abi: ERC721 },
  { name: 'Checks', address: null, abi: CHECKS },
]);
const HOLDER = '0x52908400098527886E0F7030069857D2E4169EE7'; // EIP-55's own example
const [balanceOf, transfer] = ERC20 as unknown as [never, never];

describe('typed inputs', () => {
  it('accepts a checksummed, all-lowercase or all-uppercase address and refuses a wrong checksum', () => {
    expect(parseScalar('address', HOLDER)).toEqual({ ok: true, value: HOLDER });
    expect(parseScalar('address', HOLDER.toLowerCase())).toEqual({ ok: true, value: HOLDER });
    expect(parseScalar('address', `0x${HOLDER.slice(2).toUpperCase()}`)).toEqual({ ok: true, value: HOLDER });
    const wrong = parseScalar('address', HOLDER.replace('E0F', 'e0F'));
    expect(wrong).toMatchObject({ ok: false, message: expect.stringContaining('checksum') });
    expect(parseScalar('address', '0x1234')).toMatchObject({ ok: false, message: expect.stringContaining('40 hex') });
  });

  it('takes integers in decimal or hex as bigint, inside the type range', () => {
    expect(parseScalar('uint256', '1000000')).toEqual({ ok: true, value: 1_000_000n });
    expect(parseScalar('uint256', '0xff')).toEqual({ ok: true, value: 255n });
    expect(parseScalar('uint256', (2n ** 256n - 1n).toString())).toEqual({ ok: true, value: 2n ** 256n - 1n });
    expect(parseScalar('uint256', (2n ** 256n).toString())).toEqual({
      ok: false,
      message: 'must be between 0 and 2^256-1',
    });
    expect(parseScalar('uint256', '-1')).toEqual({ ok: false, message: 'must be between 0 and 2^256-1' });
    expect(parseScalar('int8', '-128')).toEqual({ ok: true, value: -128n });
    expect(parseScalar('int8', '128')).toEqual({ ok: false, message: 'must be between -2^7 and 2^7-1' });
    expect(parseScalar('uint8', '1.5')).toMatchObject({ ok: false, message: expect.stringContaining('whole number') });
  });

  it('checks bool, bytes and bytesN', () => {
    expect(parseScalar('bool', 'true')).toEqual({ ok: true, value: true });
    expect(parseScalar('bool', 'yes')).toEqual({ ok: false, message: 'enter true or false' });
    expect(parseScalar('bytes', '0x12345')).toMatchObject({ ok: false, message: expect.stringContaining('even') });
    expect(parseScalar('bytes', 'zz')).toMatchObject({ ok: false, message: expect.stringContaining('0x') });
    expect(parseScalar('bytes32', `0x${'ab'.repeat(31)}`)).toEqual({ ok: false, message: 'needs 32 bytes, got 31' });
    expect(parseScalar('bytes4', '0xa9059cbb')).toEqual({ ok: true, value: '0xa9059cbb' });
    expect(parseScalar('string', 'hello')).toEqual({ ok: true, value: 'hello' });
  });

  it('reads arrays as JSON, checking length and each element', () => {
    const fixed = { name: 'ids', type: 'uint256[2]' };
    expect(parseInput(fixed, '["1", 2]')).toEqual({ ok: true, value: [1n, 2n] });
    expect(parseInput(fixed, '["1"]')).toEqual({ ok: false, message: 'needs exactly 2 elements, got 1' });
    expect(parseInput({ name: 'xs', type: 'address[]' }, '["0x12"]')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^element 1: an address/),
    });
    expect(parseInput({ name: 'xs', type: 'uint8[]' }, 'nope')).toMatchObject({ ok: false });
    expect(parseInput({ name: 'xs', type: 'uint8[]' }, '[]')).toEqual({ ok: true, value: [] });
  });

  it('reads a tuple field by field, naming the component at fault', () => {
    const order = {
      name: 'order',
      type: 'tuple',
      components: [
        { name: 'maker', type: 'address' },
        { name: 'amount', type: 'uint96' },
      ],
    };
    expect(parseInput(order, [HOLDER, '7'])).toEqual({ ok: true, value: { maker: HOLDER, amount: 7n } });
    expect(parseInput(order, [HOLDER, '-7'])).toEqual({ ok: false, message: 'amount: must be between 0 and 2^96-1' });
  });
});

describe('the call', () => {
  const form = { to: HOLDER, inputs: [HOLDER.toLowerCase()], blockTag: 'latest', from: '', value: '' };

  it('builds eth_call params with viem calldata', () => {
    const built = buildCall(balanceOf, form, 'eth_call');
    expect(built).toEqual({
      ok: true,
      method: 'eth_call',
      data: `0x70a08231000000000000000000000000${HOLDER.slice(2).toLowerCase()}`,
      params: [{ to: HOLDER, data: `0x70a08231000000000000000000000000${HOLDER.slice(2).toLowerCase()}` }, 'latest'],
    });
  });

  it('adds from and value, turns a block number into a quantity, and keys problems by field', () => {
    const built = buildCall(
      transfer,
      { ...form, inputs: [HOLDER, '5'], from: HOLDER, value: '16', blockTag: '100' },
      'eth_estimateGas',
    );
    expect(built.ok && built.params).toEqual([
      { to: HOLDER, from: HOLDER, value: '0x10', data: expect.stringMatching(/^0xa9059cbb/) },
      '0x64',
    ]);
    const bad = buildCall(transfer, { ...form, inputs: ['0x1', '-5'], blockTag: 'newest', value: 'x' }, 'eth_call');
    expect(bad.ok).toBe(false);
    expect(!bad.ok && Object.keys(bad.problems).sort()).toEqual(['blockTag', 'input-0', 'input-1', 'value']);
    expect(parseBlockTag('finalized')).toEqual({ ok: true, tag: 'finalized' });
    expect(parseBlockTag('0x10')).toEqual({ ok: true, tag: '0x10' });
  });

  it('lists read functions before the ones that write', () => {
    const { reads, writes } = functionsOf(ERC20);
    expect(reads.map((f) => f.name)).toEqual(['balanceOf', 'decimals']);
    expect(writes.map((f) => f.name)).toEqual(['transfer']);
  });
});

describe('decoding', () => {
  it('names the outputs next to their types, and says when no contract answered', () => {
    const data = encodeAbiParameters([{ type: 'uint256' }], [5_000_000n]);
    expect(decodeOutputs(balanceOf, data)).toEqual({
      ok: true,
      values: [{ name: '#0', type: 'uint256', text: '5000000' }],
    });
    expect(decodeOutputs(balanceOf, '0x')).toMatchObject({ ok: false, message: expect.stringContaining('no data') });
  });

  it('decodes a custom error from any ABI in the library, Error(string), and Panic with its meaning', () => {
    const custom = encodeErrorResult({ abi: CHECKS, errorName: 'InsufficientBalance', args: [HOLDER, 10n, 3n] });
    expect(decodeRevert(custom, index)).toEqual({
      kind: 'custom',
      name: 'InsufficientBalance',
      signature: 'InsufficientBalance(address,uint256,uint256)',
      source: 'Checks',
      args: [
        { name: 'account', type: 'address', text: HOLDER },
        { name: 'needed', type: 'uint256', text: '10' },
        { name: 'available', type: 'uint256', text: '3' },
      ],
    });
    const message = `0x08c379a0${encodeAbiParameters([{ type: 'string' }], ['not enough']).slice(2)}`;
    expect(decodeRevert(message, index)).toEqual({ kind: 'error-string', message: 'not enough' });
    const panic = (code: bigint) => `0x4e487b71${encodeAbiParameters([{ type: 'uint256' }], [code]).slice(2)}`;
    expect(decodeRevert(panic(0x11n), index)).toMatchObject({
      kind: 'panic',
      code: 0x11n,
      meaning: expect.stringContaining('overflow'),
    });
    expect(decodeRevert(panic(0x12n), index)).toMatchObject({ meaning: expect.stringContaining('division') });
    expect(decodeRevert(panic(0x32n), index)).toMatchObject({ meaning: expect.stringContaining('out of bounds') });
    expect(decodeRevert(panic(0x01n), index)).toMatchObject({ meaning: expect.stringContaining('assert') });
    expect(decodeRevert('0xdeadbeef00', index)).toEqual({
      kind: 'unknown',
      selector: '0xdeadbeef',
      data: '0xdeadbeef00',
    });
    expect(decodeRevert('0x', index)).toEqual({ kind: 'empty' });
    expect(revertDataOf({ data: { data: custom } })).toBe(custom);
    expect(revertDataOf({ data: 'execution reverted' })).toBeNull();
  });

  it('says an indexed string is only its hash in the topic', () => {
    const named = parseAbi(['event Named(string indexed label, uint256 value)']);
    const topics = encodeEventTopics({ abi: named, eventName: 'Named', args: { label: 'sandbox' } });
    const log = { address: HOLDER, topics, data: encodeAbiParameters([{ type: 'uint256' }], [1n]) };
    expect(decodeLog(log, indexAbis([{ name: 'Named', address: null, abi: named }]))).toMatchObject({
      args: [
        { name: 'label', type: 'keccak256 of string (indexed)', text: topics[1] },
        { name: 'value', type: 'uint256', text: '1' },
      ],
    });
  });

  it('names logs by topic0, telling ERC-20 from ERC-721 Transfer by the indexed topics', () => {
    const erc20Topics = encodeEventTopics({ abi: ERC20, eventName: 'Transfer', args: { from: HOLDER, to: HOLDER } });
    const log = { address: HOLDER, topics: erc20Topics, data: encodeAbiParameters([{ type: 'uint256' }], [42n]) };
    expect(decodeLog(log, index)).toMatchObject({
      kind: 'event',
      name: 'Transfer',
      source: 'ERC-20',
      args: [
        { name: 'from', text: HOLDER },
        { name: 'to', text: HOLDER },
        { name: 'value', type: 'uint256', text: '42' },
      ],
    });
    const nft = { address: HOLDER, topics: [...erc20Topics, `0x${'0'.repeat(63)}7`], data: '0x' };
    expect(decodeLog(nft, index)).toMatchObject({ source: 'ERC-721', args: [{}, {}, { name: 'tokenId', text: '7' }] });
    expect(decodeLog({ address: HOLDER, topics: [`0x${'1'.repeat(64)}`], data: '0x' }, index)).toMatchObject({
      kind: 'unknown',
      topic0: `0x${'1'.repeat(64)}`,
    });
    const many = decodeLogs(
      Array.from({ length: MAX_DECODED_LOGS + 5 }, () => log),
      index,
    );
    expect([many.logs.length, many.total]).toEqual([MAX_DECODED_LOGS, MAX_DECODED_LOGS + 5]);
  });

  it('decodes a transaction input as a call, or calls out an unknown selector', () => {
    const input = encodeFunctionData({ abi: ERC20, functionName: 'transfer', args: [HOLDER, 5n] });
    expect(decodeInput(input, index)).toEqual({
      kind: 'call',
      name: 'transfer',
      signature: 'transfer(address,uint256)',
      source: 'ERC-20',
      args: [
        { name: 'to', type: 'address', text: HOLDER },
        { name: 'amount', type: 'uint256', text: '5' },
      ],
    });
    expect(decodeInput('0x12345678aa', index)).toEqual({
      kind: 'unknown',
      selector: '0x12345678',
      data: '0x12345678aa',
    });
    expect(decodeInput('0x', index)).toEqual({ kind: 'none' });
  });
});
