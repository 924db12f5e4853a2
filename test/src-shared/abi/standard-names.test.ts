// Every built-in ABI names its parameters as the token standards do: no "argument 1" in the contract form or
// "#0" in the decoded output for a parameter a standard names. The expected names are written out here from
// the EIPs (OpenZeppelin's spelling for inputs, the EIP's output names without the leading underscore).
import { describe, expect, it } from 'vitest';
import { builtinEntries } from '../../../src-main/services/rpc/abi-library.ts';
import type { AbiJsonItem } from '../../../src-shared/abi/abi-json.ts';
import { BUILTIN_ABIS } from '../../../src-shared/abi/builtin-abis.ts';
import { SANDBOX_CHECKS, SANDBOX_TOKEN } from '../../../src-shared/abi/sandbox-contracts.ts';
import { withStandardNames } from '../../../src-shared/abi/standard-names.ts';

type Named = { inputs: string[]; outputs?: string[] };
const ERC20: Record<string, Named> = {
  'balanceOf(address)': { inputs: ['account'], outputs: ['balance'] },
  'allowance(address,address)': { inputs: ['owner', 'spender'], outputs: ['remaining'] },
  'transfer(address,uint256)': { inputs: ['to', 'value'], outputs: ['success'] },
  'approve(address,uint256)': { inputs: ['spender', 'value'], outputs: ['success'] },
  'transferFrom(address,address,uint256)': { inputs: ['from', 'to', 'value'], outputs: ['success'] },
  'Transfer(address,address,uint256)': { inputs: ['from', 'to', 'value'] },
  'Approval(address,address,uint256)': { inputs: ['owner', 'spender', 'value'] },
};

const signature = (entry: AbiJsonItem) => `${entry.name}(${(entry.inputs ?? []).map((p) => p.type).join(',')})`;
const names = (entry: AbiJsonItem, side: 'inputs' | 'outputs') => (entry[side] ?? []).map((p) => p.name ?? '');

/** The library's built-in entries as the sandbox profile lists them (standards, then the sandbox's contracts). */
const sandboxLibrary = builtinEntries({ kind: 'sandbox' } as Parameters<typeof builtinEntries>[0]);

describe('the built-in ABIs name their parameters', () => {
  it('lists the standards and the two sandbox contracts', () => {
    expect(sandboxLibrary.map((e) => e.name)).toEqual([
      ...BUILTIN_ABIS.map((b) => b.name),
      SANDBOX_TOKEN.name,
      SANDBOX_CHECKS.name,
    ]);
  });

  for (const entry of sandboxLibrary) {
    it(`${entry.name}: every input of every function, event and error has a name`, () => {
      const unnamed = (entry.abi as AbiJsonItem[])
        .filter((item) => item.type === 'function' || item.type === 'event' || item.type === 'error')
        .flatMap((item) => names(item, 'inputs').flatMap((n, i) => (n ? [] : [`${signature(item)} input ${i + 1}`])));
      expect(unnamed).toEqual([]);
    });
  }

  for (const entry of sandboxLibrary.filter((e) => e.name === 'ERC-20' || e.name === SANDBOX_TOKEN.name)) {
    it(`${entry.name}: ERC-20's functions and events carry the standard's names, outputs too`, () => {
      const abi = entry.abi as AbiJsonItem[];
      for (const [sig, expected] of Object.entries(ERC20)) {
        const item = abi.find((i) => signature(i) === sig);
        expect(item, sig).toBeDefined();
        if (!item) continue;
        expect(names(item, 'inputs'), sig).toEqual(expected.inputs);
        if (expected.outputs) expect(names(item, 'outputs'), sig).toEqual(expected.outputs);
      }
    });
  }

  it("ERC-721's metadata outputs are named as EIP-721 names them", () => {
    const abi = BUILTIN_ABIS[1].abi as readonly AbiJsonItem[];
    expect(names(abi.find((i) => i.name === 'name') as AbiJsonItem, 'outputs')).toEqual(['name']);
    expect(names(abi.find((i) => i.name === 'symbol') as AbiJsonItem, 'outputs')).toEqual(['symbol']);
  });
});

describe('withStandardNames', () => {
  const unnamed = (name: string, types: string[], outputs: string[] = []): AbiJsonItem => ({
    type: 'function',
    name,
    inputs: types.map((type) => ({ type, name: '' })),
    outputs: outputs.map((type) => ({ type, name: '' })),
    stateMutability: 'view',
  });

  it('keeps a name the ABI gives', () => {
    const [own] = withStandardNames([
      { type: 'function', name: 'balanceOf', inputs: [{ type: 'address', name: 'who' }], outputs: [] },
    ] as AbiJsonItem[]);
    expect(own?.inputs?.[0]?.name).toBe('who');
  });

  it('lends ERC-721 names to an ABI that looks like ERC-721 (approve: to, tokenId)', () => {
    const abi = withStandardNames([
      unnamed('ownerOf', ['uint256'], ['address']),
      unnamed('getApproved', ['uint256'], ['address']),
      unnamed('approve', ['address', 'uint256']),
    ]);
    expect(abi[2]?.inputs?.map((p) => p.name)).toEqual(['to', 'tokenId']);
  });

  it('lends ERC-20 names to an ABI that looks like ERC-20 (approve: spender, value)', () => {
    const abi = withStandardNames([
      unnamed('decimals', [], ['uint8']),
      unnamed('totalSupply', [], ['uint256']),
      unnamed('approve', ['address', 'uint256'], ['bool']),
    ]);
    expect(abi[2]?.inputs?.map((p) => p.name)).toEqual(['spender', 'value']);
    expect(abi[2]?.outputs?.map((p) => p.name)).toEqual(['success']);
  });

  it('leaves a function no standard has, and an event whose indexing differs, as they are', () => {
    const event: AbiJsonItem = {
      type: 'event',
      name: 'Transfer',
      inputs: [
        { type: 'address', name: '', indexed: false },
        { type: 'address', name: '', indexed: false },
        { type: 'uint256', name: '', indexed: false },
      ],
      anonymous: false,
    };
    const [fn, ev] = withStandardNames([unnamed('mint', ['address']), event]);
    expect(fn?.inputs?.[0]?.name).toBe('');
    expect(ev?.inputs?.map((p) => p.name)).toEqual(['', '', '']);
  });
});
