import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_ABI_ENTRIES, MAX_ABI_TEXT_BYTES, parseAbiText } from '../../../src-shared/abi/abi-json.ts';
import { typeProblem } from '../../../src-shared/abi/abi-param.ts';
import { BUILTIN_ABIS } from '../../../src-shared/abi/builtin-abis.ts';
import { SANDBOX_CONTRACTS } from '../../../src-shared/abi/sandbox-contracts.ts';

const transfer = (amountType = 'uint256') => ({
  type: 'function',
  name: 'transfer',
  inputs: [
    { name: 'to', type: 'address', internalType: 'address' },
    { name: 'amount', type: amountType },
  ],
  outputs: [{ name: '', type: 'bool' }],
  stateMutability: 'nonpayable',
});
const transferEvent = {
  type: 'event',
  name: 'Transfer',
  inputs: [
    { name: 'from', type: 'address', indexed: true },
    { name: 'to', type: 'address', indexed: true },
    { name: 'value', type: 'uint256', indexed: false },
  ],
  anonymous: false,
};

const refusal = (value: unknown) => {
  const result = parseAbiText(typeof value === 'string' ? value : JSON.stringify(value));
  if (result.ok) throw new Error('expected a refusal');
  return result.message;
};

describe('parseAbiText', () => {
  it('names the first bad entry, its kind and name, and the bad input', () => {
    const abi = [
      transferEvent,
      { type: 'constructor', inputs: [], stateMutability: 'nonpayable' },
      transfer('uint257'),
    ];
    expect(refusal(abi)).toBe(
      'entry 3 (function "transfer"): input 2 ("amount") has type "uint257", which is not a Solidity type',
    );
    // Only the first: a later bad entry is not mentioned.
    expect(refusal([transfer('uint7'), transfer('bytes33')])).toMatch(/^entry 1 .*"uint7"/);
  });

  it('accepts a plain ABI array, a Foundry artifact and a Hardhat artifact alike', () => {
    const abi = [transfer(), transferEvent];
    const foundry = {
      abi,
      bytecode: { object: '0x6080' },
      methodIdentifiers: { 'transfer(address,uint256)': 'a9059cbb' },
    };
    const hardhat = {
      _format: 'hh-sol-artifact-1',
      contractName: 'Token',
      sourceName: 'Token.sol',
      abi,
      bytecode: '0x',
    };
    for (const text of [abi, foundry, hardhat].map((v) => JSON.stringify(v, null, 2))) {
      const result = parseAbiText(text);
      expect(result.ok && result.abi.map((e) => e.name)).toEqual(['transfer', 'Transfer']);
    }
  });

  it('keeps only the ABI fields and fills in what old compilers left out', () => {
    const old = {
      type: 'function',
      name: 'balanceOf',
      constant: true,
      payable: false,
      gas: 1234,
      inputs: [{ name: 'who', type: 'address' }],
      outputs: [{ name: '', type: 'uint' }],
    };
    const result = parseAbiText(JSON.stringify([old]));
    expect(result).toEqual({
      ok: true,
      abi: [
        {
          type: 'function',
          name: 'balanceOf',
          inputs: [{ name: 'who', type: 'address' }],
          outputs: [{ name: '', type: 'uint256' }],
          stateMutability: 'view',
        },
      ],
    });
  });

  it.each([
    ['not JSON', '[{"type":', /^not valid JSON: /],
    ['an empty text', '   ', /^paste an ABI/],
    ['an object without abi', '{"contractName":"Token"}', /^expected a JSON array of ABI entries/],
    ['an empty ABI', '[]', /^the ABI has no entries$/],
    ['an entry that is a string', '["transfer(address,uint256)"]', /^entry 1: expected an object$/],
    [
      "a human-readable ABI (viem's parseAbi form)",
      '["function balanceOf(address) view returns (uint256)"]',
      /^entry 1: is a human-readable signature; paste the JSON ABI instead \(`forge inspect/,
    ],
    ['no type', '[{"name":"x"}]', /^entry 1: has no "type"/],
    [
      'an unknown type',
      '[{"type":"modifier","name":"onlyOwner"}]',
      /^entry 1 \(modifier "onlyOwner"\): has type "modifier"/,
    ],
    [
      'a function without a name',
      '[{"type":"function","inputs":[],"outputs":[],"stateMutability":"view"}]',
      /^entry 1 \(function\): name is missing$/,
    ],
    [
      'a name with a space',
      '[{"type":"error","name":"Not owner","inputs":[]}]',
      /name "Not owner" is not an identifier$/,
    ],
    [
      'a bad stateMutability',
      '[{"type":"function","name":"f","stateMutability":"constant"}]',
      /stateMutability "constant" is not pure, view/,
    ],
    [
      'a view constructor',
      '[{"type":"constructor","stateMutability":"view"}]',
      /a constructor is nonpayable or payable, not view/,
    ],
    ['a receive that is not payable', '[{"type":"receive","stateMutability":"nonpayable"}]', /receive must be payable/],
    [
      'indexed outside an event',
      JSON.stringify([{ ...transfer(), inputs: [{ name: 'to', type: 'address', indexed: true }] }]),
      /input 1 \("to"\) is marked "indexed", which only event inputs can be/,
    ],
    [
      'four indexed inputs',
      JSON.stringify([
        { ...transferEvent, inputs: [1, 2, 3, 4].map((n) => ({ name: `a${n}`, type: 'address', indexed: true })) },
      ]),
      /has 4 indexed inputs; an event has at most 3/,
    ],
    [
      'a tuple without components',
      JSON.stringify([{ ...transfer(), inputs: [{ name: 'order', type: 'tuple' }] }]),
      /input 1 \("order"\) is a tuple without "components"/,
    ],
    [
      'a bad component',
      JSON.stringify([
        {
          ...transfer(),
          inputs: [{ name: 'order', type: 'tuple[]', components: [{ name: 'maker', type: 'adress' }] }],
        },
      ]),
      /input 1 \("order"\) component 1 \("maker"\) has type "adress", which is not a Solidity type/,
    ],
    [
      'two components with one name',
      JSON.stringify([
        {
          ...transfer(),
          inputs: [
            {
              name: 'pair',
              type: 'tuple',
              components: [
                { name: 'a', type: 'uint256' },
                { name: '', type: 'bool' },
                { name: 'a', type: 'address' },
              ],
            },
          ],
        },
      ]),
      /input 1 \("pair"\) component 3 repeats the name "a"/,
    ],
    [
      'components on an address',
      JSON.stringify([{ ...transfer(), inputs: [{ name: 'a', type: 'address', components: [] }] }]),
      /has components, but type "address" is not a tuple/,
    ],
    ['an array of length 0', JSON.stringify([transfer('uint256[0]')]), /array length 0 is not 1 to/],
    ['a fixed-point type', JSON.stringify([transfer('fixed128x18')]), /cannot encode \(fixed-point and function types/],
    [
      'outputs that are not an array',
      '[{"type":"function","name":"f","outputs":{},"stateMutability":"view"}]',
      /"outputs" must be an array/,
    ],
    [
      'a duplicate function',
      JSON.stringify([transfer(), transferEvent, transfer()]),
      /^entry 3 \(function "transfer"\): same signature as entry 1$/,
    ],
    [
      'two constructors',
      '[{"type":"constructor"},{"type":"constructor"}]',
      /^entry 2 \(constructor\): same kind as entry 1$/,
    ],
  ])('refuses %s', (_what, text, message) => {
    expect(refusal(text)).toMatch(message);
  });

  it('accepts overloads that differ by their input types', () => {
    const withData = { ...transfer(), inputs: [...transfer().inputs, { name: 'data', type: 'bytes' }] };
    expect(parseAbiText(JSON.stringify([transfer(), withData])).ok).toBe(true);
  });

  it('refuses tuples nested past 16 levels instead of walking them', () => {
    let param: Record<string, unknown> = { name: 'leaf', type: 'uint8' };
    for (let i = 0; i < 40; i++) param = { name: `t${i}`, type: 'tuple', components: [param] };
    expect(refusal([{ ...transfer(), inputs: [param] }])).toMatch(/nests tuples more than 16 deep/);
  });

  it('refuses an ABI over the size and entry limits', () => {
    expect(refusal(`[${' '.repeat(MAX_ABI_TEXT_BYTES)}]`)).toMatch(/^the ABI is over 1 MB/);
    const many = Array.from({ length: MAX_ABI_ENTRIES + 1 }, (_, i) => ({ type: 'error', name: `E${i}`, inputs: [] }));
    expect(refusal(many)).toBe(`the ABI has ${MAX_ABI_ENTRIES + 1} entries; at most ${MAX_ABI_ENTRIES}`);
  });

  it('accepts the built-in standards and the sandbox contracts', () => {
    for (const { abi } of [...BUILTIN_ABIS, ...SANDBOX_CONTRACTS]) {
      expect(parseAbiText(JSON.stringify(abi))).toMatchObject({ ok: true, abi: { length: abi.length } });
    }
  });
});

describe('Solidity types', () => {
  const sized = (base: string, max: number, step: number) =>
    Array.from({ length: max / step }, (_, i) => `${base}${(i + 1) * step}`);
  const elementary = [
    'address',
    'bool',
    'string',
    'bytes',
    'uint',
    'int',
    ...sized('uint', 256, 8),
    ...sized('int', 256, 8),
    ...sized('bytes', 32, 1),
  ];
  const suffix = fc.array(
    fc.oneof(
      fc.constant('[]'),
      fc.integer({ min: 1, max: 10_000 }).map((n) => `[${n}]`),
    ),
    { maxLength: 3 },
  );

  it('accepts every elementary type, with any array suffixes', () => {
    fc.assert(
      fc.property(fc.constantFrom(...elementary), suffix, (base, dims) => {
        expect(typeProblem(base + dims.join(''))).toBeNull();
      }),
    );
  });

  it('refuses sizes that are not a multiple of 8 bits, over 256 bits, or over 32 bytes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2000 }), suffix, (n, dims) => {
        const ints = n > 0 && n % 8 === 0 && n <= 256;
        expect(typeProblem(`uint${n}${dims.join('')}`) === null).toBe(ints);
        expect(typeProblem(`int${n}${dims.join('')}`) === null).toBe(ints);
        expect(typeProblem(`bytes${n}${dims.join('')}`) === null).toBe(n > 0 && n <= 32);
      }),
    );
  });

  it('never throws on arbitrary text, and refuses anything outside the grammar', () => {
    const grammar = /^(address|bool|string|tuple|bytes([1-9]\d*)?|u?int([1-9]\d*)?)(\[([1-9]\d*)?\])*$/;
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (text) => {
        if (!grammar.test(text)) expect(typeProblem(text)).not.toBeNull();
      }),
    );
  });

  it('never throws on arbitrary JSON, and answers a message or an ABI', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => {
        const result = parseAbiText(JSON.stringify(value));
        expect(result.ok ? Array.isArray(result.abi) : result.message.length > 0).toBe(true);
      }),
    );
  });
});
