// The two contracts every sandbox EVM chain has from block 1 on, at the same addresses on every chain and node
// (chain id and seed do not matter): the sandbox's contract deployer (src-sandbox/node-access/evm-accounts.ts) deploys
// them as its first two transactions, so the addresses are CREATE(deployer, nonce 0) and CREATE(deployer, nonce 1).
// Pure data for main (the ABI library's built-ins), the renderer and tests. The ABIs are solc's output for
// src-sandbox/node-access/contracts/*.sol; test/src-sandbox/contracts.test.ts checks them against artifacts.json and
// the addresses against the running chains.

/** Signs the deploys and hands out the supply in block 1; keeps the rest of the supply and sends nothing more. */
export const SANDBOX_DEPLOYER = '0x4cD946b970D864439EC75a3d2e14e38435cB9fb7';

/** The block holding the deploys and the supply handed out; token transfers follow in the blocks with value transfers. */
export const SANDBOX_CONTRACTS_BLOCK = 1;

export const SANDBOX_TOKEN_ADDRESS = '0x9193Ffa116036C8962F97Ce6cdbC7232ECBd7840';
export const SANDBOX_CHECKS_ADDRESS = '0x1cA06A4D4732612e4fcd5DFe06DEf2745e55D97e';

/** Amounts in SBD base units (6 decimals), as exact decimal strings. */
export const SANDBOX_TOKEN_AMOUNTS = {
  /** 100,000,000 SBD, minted to the deployer by the constructor. */
  totalSupply: '100000000000000',
  /** 1,000,000 SBD sent by the deployer in block 1 to each account that moves value (the first eight). */
  handedOut: '1000000000000',
  /** What the deployer holds from block 1 on: 92,000,000 SBD. */
  deployerBalance: '92000000000000',
} as const;

export const SANDBOX_TOKEN = {
  name: 'Sandbox Dollar',
  symbol: 'SBD',
  decimals: 6,
  address: SANDBOX_TOKEN_ADDRESS,
  abi: [
    { inputs: [], stateMutability: 'nonpayable', type: 'constructor' },
    {
      inputs: [
        { internalType: 'address', name: 'owner', type: 'address' },
        { internalType: 'address', name: 'spender', type: 'address' },
        { internalType: 'uint256', name: 'allowance', type: 'uint256' },
        { internalType: 'uint256', name: 'needed', type: 'uint256' },
      ],
      name: 'InsufficientAllowance',
      type: 'error',
    },
    {
      inputs: [
        { internalType: 'address', name: 'account', type: 'address' },
        { internalType: 'uint256', name: 'balance', type: 'uint256' },
        { internalType: 'uint256', name: 'needed', type: 'uint256' },
      ],
      name: 'InsufficientBalance',
      type: 'error',
    },
    {
      anonymous: false,
      inputs: [
        { indexed: true, internalType: 'address', name: 'owner', type: 'address' },
        { indexed: true, internalType: 'address', name: 'spender', type: 'address' },
        { indexed: false, internalType: 'uint256', name: 'value', type: 'uint256' },
      ],
      name: 'Approval',
      type: 'event',
    },
    {
      anonymous: false,
      inputs: [
        { indexed: true, internalType: 'address', name: 'from', type: 'address' },
        { indexed: true, internalType: 'address', name: 'to', type: 'address' },
        { indexed: false, internalType: 'uint256', name: 'value', type: 'uint256' },
      ],
      name: 'Transfer',
      type: 'event',
    },
    {
      inputs: [
        { internalType: 'address', name: '', type: 'address' },
        { internalType: 'address', name: '', type: 'address' },
      ],
      name: 'allowance',
      outputs: [{ internalType: 'uint256', name: '', type: 'uint256' }],
      stateMutability: 'view',
      type: 'function',
    },
    {
      inputs: [
        { internalType: 'address', name: 'spender', type: 'address' },
        { internalType: 'uint256', name: 'value', type: 'uint256' },
      ],
      name: 'approve',
      outputs: [{ internalType: 'bool', name: '', type: 'bool' }],
      stateMutability: 'nonpayable',
      type: 'function',
    },
    {
      inputs: [{ internalType: 'address', name: '', type: 'address' }],
      name: 'balanceOf',
      outputs: [{ internalType: 'uint256', name: '', type: 'uint256' }],
      stateMutability: 'view',
      type: 'function',
    },
    {
      inputs: [],
      name: 'decimals',
      outputs: [{ internalType: 'uint8', name: '', type: 'uint8' }],
      stateMutability: 'view',
      type: 'function',
    },
    {
      inputs: [],
      name: 'name',
      outputs: [{ internalType: 'string', name: '', type: 'string' }],
      stateMutability: 'view',
      type: 'function',
    },
    {
      inputs: [],
      name: 'symbol',
      outputs: [{ internalType: 'string', name: '', type: 'string' }],
      stateMutability: 'view',
      type: 'function',
    },
    {
      inputs: [],
      name: 'totalSupply',
      outputs: [{ internalType: 'uint256', name: '', type: 'uint256' }],
      stateMutability: 'view',
      type: 'function',
    },
    {
      inputs: [
        { internalType: 'address', name: 'to', type: 'address' },
        { internalType: 'uint256', name: 'value', type: 'uint256' },
      ],
      name: 'transfer',
      outputs: [{ internalType: 'bool', name: '', type: 'bool' }],
      stateMutability: 'nonpayable',
      type: 'function',
    },
    {
      inputs: [
        { internalType: 'address', name: 'from', type: 'address' },
        { internalType: 'address', name: 'to', type: 'address' },
        { internalType: 'uint256', name: 'value', type: 'uint256' },
      ],
      name: 'transferFrom',
      outputs: [{ internalType: 'bool', name: '', type: 'bool' }],
      stateMutability: 'nonpayable',
      type: 'function',
    },
  ],
} as const;

/** One function per kind of answer to decode: custom error, Error(string), Panic, named and tuple outputs. */
export const SANDBOX_CHECKS = {
  name: 'Sandbox Checks',
  address: SANDBOX_CHECKS_ADDRESS,
  abi: [
    {
      inputs: [
        { internalType: 'address', name: 'caller', type: 'address' },
        { internalType: 'uint256', name: 'code', type: 'uint256' },
        { internalType: 'string', name: 'reason', type: 'string' },
      ],
      name: 'Unauthorized',
      type: 'error',
    },
    {
      anonymous: false,
      inputs: [
        { indexed: true, internalType: 'address', name: 'caller', type: 'address' },
        { indexed: true, internalType: 'bytes32', name: 'tag', type: 'bytes32' },
        { indexed: false, internalType: 'int256', name: 'delta', type: 'int256' },
        { indexed: false, internalType: 'bytes', name: 'note', type: 'bytes' },
      ],
      name: 'Checked',
      type: 'event',
    },
    {
      inputs: [
        { internalType: 'uint256', name: 'a', type: 'uint256' },
        { internalType: 'uint256', name: 'b', type: 'uint256' },
      ],
      name: 'divide',
      outputs: [{ internalType: 'uint256', name: 'quotient', type: 'uint256' }],
      stateMutability: 'pure',
      type: 'function',
    },
    {
      inputs: [
        {
          components: [
            { internalType: 'address', name: 'owner', type: 'address' },
            { internalType: 'uint256', name: 'amount', type: 'uint256' },
            { internalType: 'bool', name: 'active', type: 'bool' },
          ],
          internalType: 'struct SandboxChecks.Position',
          name: 'position',
          type: 'tuple',
        },
        { internalType: 'bytes32', name: 'tag', type: 'bytes32' },
        { internalType: 'bytes', name: 'note', type: 'bytes' },
        { internalType: 'int256', name: 'delta', type: 'int256' },
      ],
      name: 'echo',
      outputs: [
        { internalType: 'bytes32', name: 'digest', type: 'bytes32' },
        { internalType: 'uint256', name: 'noteLength', type: 'uint256' },
        { internalType: 'int256', name: 'doubled', type: 'int256' },
        { internalType: 'address', name: 'owner', type: 'address' },
      ],
      stateMutability: 'pure',
      type: 'function',
    },
    {
      inputs: [{ internalType: 'bool', name: 'flag', type: 'bool' }],
      name: 'failAssert',
      outputs: [{ internalType: 'bool', name: '', type: 'bool' }],
      stateMutability: 'pure',
      type: 'function',
    },
    {
      inputs: [{ internalType: 'uint256', name: 'code', type: 'uint256' }],
      name: 'failCustom',
      outputs: [{ internalType: 'bool', name: '', type: 'bool' }],
      stateMutability: 'view',
      type: 'function',
    },
    {
      inputs: [],
      name: 'failRequire',
      outputs: [{ internalType: 'bool', name: '', type: 'bool' }],
      stateMutability: 'pure',
      type: 'function',
    },
    {
      inputs: [
        { internalType: 'bytes32', name: 'tag', type: 'bytes32' },
        { internalType: 'int256', name: 'delta', type: 'int256' },
        { internalType: 'bytes', name: 'note', type: 'bytes' },
      ],
      name: 'record',
      outputs: [],
      stateMutability: 'nonpayable',
      type: 'function',
    },
    {
      inputs: [],
      name: 'snapshot',
      outputs: [
        { internalType: 'uint256', name: 'blockNumber', type: 'uint256' },
        {
          components: [
            { internalType: 'address', name: 'owner', type: 'address' },
            { internalType: 'uint256', name: 'amount', type: 'uint256' },
            { internalType: 'bool', name: 'active', type: 'bool' },
          ],
          internalType: 'struct SandboxChecks.Position',
          name: 'position',
          type: 'tuple',
        },
        { internalType: 'uint256[]', name: 'amounts', type: 'uint256[]' },
        { internalType: 'string', name: 'label', type: 'string' },
      ],
      stateMutability: 'view',
      type: 'function',
    },
  ],
} as const;

export const SANDBOX_CONTRACTS = [SANDBOX_TOKEN, SANDBOX_CHECKS] as const;
