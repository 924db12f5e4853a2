// The sandbox contracts on the sandbox's real EVM nodes (EDR), through node access over HTTP: deployed at the
// addresses src-shared/abi/sandbox-contracts.ts names on every chain and node type, with SBD transfers in the
// history, and reverts answered with their revert data. viem decodes here, as the console does.
import {
  type Abi,
  decodeErrorResult,
  decodeEventLog,
  decodeFunctionResult,
  encodeFunctionData,
  getAddress,
  getContractAddress,
  toFunctionSelector,
} from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import artifacts from '../../src-sandbox/node-access/contracts/artifacts.json' with { type: 'json' };
import { TRANSFER_SELECTOR } from '../../src-sandbox/node-access/contracts/sandbox-contracts-history.ts';
import { addressesOf } from '../../src-sandbox/node-access/edr-node.ts';
import { CONTRACT_DEPLOYER_KEY } from '../../src-sandbox/node-access/evm-accounts.ts';
import { startEvmNodes } from '../../src-sandbox/node-access/evm-nodes.ts';
import { type SandboxInternals, startSandboxNetwork } from '../../src-sandbox/sandbox-network.ts';
import {
  SANDBOX_CHECKS,
  SANDBOX_CONTRACTS,
  SANDBOX_DEPLOYER,
  SANDBOX_TOKEN,
  SANDBOX_TOKEN_AMOUNTS,
} from '../../src-shared/abi/sandbox-contracts.ts';

let sandbox: SandboxInternals;
beforeAll(async () => {
  sandbox = await startSandboxNetwork({ seed: 7, transfers: 100 });
});
afterAll(() => sandbox.close());

interface Answer<T = unknown> {
  result?: T;
  error?: { code: number; message: string; data?: string };
}

async function rpc<T = string>(address: string, method: string, params: unknown[]): Promise<Answer<T>> {
  const response = await fetch(`${sandbox.urls.rpcUrl}/${address}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apiKey: sandbox.credentials.apiKey },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Answer<T>;
}

async function result<T = string>(address: string, method: string, params: unknown[]): Promise<T> {
  const answer = await rpc<T>(address, method, params);
  expect(answer.error).toBeUndefined();
  return answer.result as T;
}

/** eth_call of a function by name, decoded by the contract's ABI. */
async function read(
  contract: { address: string; abi: Abi },
  functionName: string,
  args: unknown[] = [],
  at = 'latest',
) {
  const data = encodeFunctionData({ abi: contract.abi, functionName, args });
  const hex = await result<`0x${string}`>('ethereum_archive', 'eth_call', [{ to: contract.address, data }, at]);
  return decodeFunctionResult({ abi: contract.abi, functionName, data: hex });
}

const token = SANDBOX_TOKEN as unknown as { address: string; abi: Abi };
const checks = SANDBOX_CHECKS as unknown as { address: string; abi: Abi };
const activeAccounts = () => (sandbox.evm?.accounts ?? []).slice(0, 8).map((a) => a.address);

describe('sandbox contracts: where they are', () => {
  it('are CREATE(deployer, 0) and CREATE(deployer, 1) of the deployer key, checksummed', async () => {
    const [deployer] = await addressesOf([CONTRACT_DEPLOYER_KEY]);
    expect(getAddress(deployer)).toBe(SANDBOX_DEPLOYER);
    expect(SANDBOX_TOKEN.address).toBe(getContractAddress({ from: SANDBOX_DEPLOYER, nonce: 0n }));
    expect(SANDBOX_CHECKS.address).toBe(getContractAddress({ from: SANDBOX_DEPLOYER, nonce: 1n }));
    expect(SANDBOX_CONTRACTS.map((c) => c.name)).toEqual(['Sandbox Dollar', 'Sandbox Checks']);
  });

  it('have the compiled ABIs, and the selector the history uses is transfer(address,uint256)', () => {
    expect(SANDBOX_TOKEN.abi).toEqual(artifacts.SandboxDollar.abi);
    expect(SANDBOX_CHECKS.abi).toEqual(artifacts.SandboxChecks.abi);
    expect(toFunctionSelector('transfer(address,uint256)')).toBe(TRANSFER_SELECTOR);
  });

  it('hold their compiled code on every chain, full and archive', async () => {
    for (const chain of ['ethereum', 'polygon', 'base']) {
      for (const nodeType of ['full', 'archive']) {
        const at = `${chain}_${nodeType}`;
        expect(await result(at, 'eth_getCode', [SANDBOX_TOKEN.address, 'latest']), at).toBe(
          artifacts.SandboxDollar.deployedBytecode,
        );
        expect(await result(at, 'eth_getCode', [SANDBOX_CHECKS.address, 'latest']), at).toBe(
          artifacts.SandboxChecks.deployedBytecode,
        );
      }
    }
  });

  it('are at the same addresses for another seed', async () => {
    const other = await startEvmNodes({ chains: [{ name: 'base', chainId: 8453 }], seed: 1234 });
    try {
      const answer = await fetch(other.nodes[0].url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'eth_getCode',
          params: [SANDBOX_TOKEN.address, 'latest'],
        }),
      });
      expect(((await answer.json()) as Answer).result).toBe(artifacts.SandboxDollar.deployedBytecode);
    } finally {
      await other.close();
    }
  });
});

interface Receipt {
  status: string;
  contractAddress: string | null;
  from: string;
  to: string | null;
}

describe('sandbox contracts: the token history', () => {
  it('block 1 keeps its value transfers first, then the deploys and the supply handed out, all succeeded', async () => {
    const block = await result<{ transactions: Array<{ hash: string; value: string }> }>(
      'polygon_archive',
      'eth_getBlockByNumber',
      ['0x1', true],
    );
    expect(BigInt(block.transactions[0].value)).toBeGreaterThan(0n);
    const receipts = await Promise.all(
      block.transactions.map((tx) => result<Receipt>('polygon_archive', 'eth_getTransactionReceipt', [tx.hash])),
    );
    expect(receipts.every((r) => r.status === '0x1')).toBe(true);
    const deploys = receipts.filter((r) => r.to === null);
    expect(deploys.map((r) => getAddress(r.contractAddress ?? ''))).toEqual([
      SANDBOX_TOKEN.address,
      SANDBOX_CHECKS.address,
    ]);
    expect(receipts.filter((r) => r.to?.toLowerCase() === SANDBOX_TOKEN.address.toLowerCase())).toHaveLength(8);
  });

  it('reads name, symbol, decimals, supply and the deployer balance with eth_call', async () => {
    expect(await read(token, 'name')).toBe('Sandbox Dollar');
    expect(await read(token, 'symbol')).toBe('SBD');
    expect(await read(token, 'decimals')).toBe(6);
    expect(String(await read(token, 'totalSupply'))).toBe(SANDBOX_TOKEN_AMOUNTS.totalSupply);
    expect(String(await read(token, 'balanceOf', [SANDBOX_DEPLOYER]))).toBe(SANDBOX_TOKEN_AMOUNTS.deployerBalance);
    // Accounts that move no value hold no SBD either.
    expect(await read(token, 'balanceOf', [sandbox.evm?.accounts[9].address])).toBe(0n);
  });

  it('has Transfer logs in early and late blocks; replaying them gives every balanceOf', async () => {
    const logs = await result<Array<{ blockNumber: string; topics: `0x${string}`[]; data: `0x${string}` }>>(
      'ethereum_archive',
      'eth_getLogs',
      [{ address: SANDBOX_TOKEN.address, fromBlock: 'earliest', toBlock: 'latest' }],
    );
    // The mint and 8 hand-outs in block 1, then one or two transfers in each later block with value transfers.
    const blocks = [...new Set(logs.map((l) => Number(l.blockNumber)))];
    const early = Array.from({ length: 24 }, (_, i) => i + 1);
    expect(blocks).toEqual([...early, 295, 296, 297, 298, 299, 300]);
    expect(logs.length).toBeGreaterThanOrEqual(9 + 29);
    expect(logs.length).toBeLessThanOrEqual(9 + 2 * 29);
    const balances = new Map<string, bigint>();
    for (const log of logs) {
      const event = decodeEventLog({ abi: token.abi, topics: log.topics as [`0x${string}`], data: log.data });
      expect(event.eventName).toBe('Transfer');
      const { from, to, value } = event.args as unknown as { from: string; to: string; value: bigint };
      balances.set(from, (balances.get(from) ?? 0n) - value);
      balances.set(to, (balances.get(to) ?? 0n) + value);
    }
    for (const account of [SANDBOX_DEPLOYER, ...activeAccounts()]) {
      expect(await read(token, 'balanceOf', [account]), account).toBe(balances.get(getAddress(account)));
    }
  });
});

describe('sandbox contracts: reverts come back with their data (code 3), decodable', () => {
  async function revert(contract: { address: string; abi: Abi }, functionName: string, args: unknown[], from?: string) {
    const data = encodeFunctionData({ abi: contract.abi, functionName, args });
    const answer = await rpc('base_full', 'eth_call', [{ from, to: contract.address, data }, 'latest']);
    expect(answer.error?.code).toBe(3);
    return {
      message: answer.error?.message,
      ...decodeErrorResult({ abi: contract.abi, data: answer.error?.data as `0x${string}` }),
    };
  }

  it('a custom error with its arguments', async () => {
    const caller = activeAccounts()[0];
    const decoded = await revert(checks, 'failCustom', [7n], caller);
    expect(decoded.errorName).toBe('Unauthorized');
    expect(decoded.args).toEqual([getAddress(caller), 7n, 'not the owner']);
  });

  it('Error(string) from require, with the reason in the message too', async () => {
    const decoded = await revert(checks, 'failRequire', []);
    expect(decoded.errorName).toBe('Error');
    expect(decoded.args).toEqual(['amount must be positive']);
    expect(decoded.message).toBe('execution reverted: amount must be positive');
  });

  it('Panic(0x12) for a division by zero and Panic(0x01) for a failed assert', async () => {
    expect(await revert(checks, 'divide', [1n, 0n])).toMatchObject({ errorName: 'Panic', args: [0x12n] });
    expect(await revert(checks, 'failAssert', [false])).toMatchObject({ errorName: 'Panic', args: [0x01n] });
  });

  it('the token refuses a transfer beyond the balance with InsufficientBalance', async () => {
    const poor = sandbox.evm?.accounts[9].address ?? '';
    const decoded = await revert(token, 'transfer', [SANDBOX_DEPLOYER, 5n], poor);
    expect(decoded.errorName).toBe('InsufficientBalance');
    expect(decoded.args).toEqual([getAddress(poor), 0n, 5n]);
  });
});

describe('sandbox contracts: named outputs and tuple inputs', () => {
  it('snapshot answers a number, a struct, an array and a string by name', async () => {
    const [blockNumber, position, amounts, label] = (await read(checks, 'snapshot')) as [
      bigint,
      { owner: string; amount: bigint; active: boolean },
      bigint[],
      string,
    ];
    expect(blockNumber).toBeGreaterThanOrEqual(300n);
    expect(position).toEqual({ owner: SANDBOX_CHECKS.address, amount: 1_500_000n, active: true });
    expect(amounts).toEqual([1n, 22n, 333n]);
    expect(label).toBe('sandbox');
  });

  it('echo takes a tuple, bytes32, bytes and a negative int', async () => {
    const owner = activeAccounts()[1];
    const [, noteLength, doubled, echoed] = (await read(checks, 'echo', [
      { owner, amount: 5n, active: false },
      `0x${'ab'.repeat(32)}`,
      '0x010203',
      -21n,
    ])) as [string, bigint, bigint, string];
    expect([noteLength, doubled, echoed]).toEqual([3n, -42n, getAddress(owner)]);
  });
});

describe('sandbox contracts: revert messages are worded as geth words them', () => {
  const call = (functionName: string, args: unknown[]) =>
    rpc('ethereum_full', 'eth_call', [
      { to: SANDBOX_CHECKS.address, data: encodeFunctionData({ abi: checks.abi, functionName, args }) },
      'latest',
    ]);

  it('execution reverted, with the reason for Error(string) and Panic, bare for a custom error', async () => {
    expect((await call('failRequire', [])).error?.message).toBe('execution reverted: amount must be positive');
    expect((await call('divide', [1n, 0n])).error?.message).toBe('execution reverted: division or modulo by zero');
    expect((await call('failAssert', [false])).error?.message).toBe('execution reverted: assert(false)');
    expect((await call('failCustom', [1n])).error?.message).toBe('execution reverted');
  });

  it('eth_estimateGas answers a revert the same way', async () => {
    const data = encodeFunctionData({ abi: checks.abi, functionName: 'failRequire', args: [] });
    const answer = await rpc('polygon_archive', 'eth_estimateGas', [{ to: SANDBOX_CHECKS.address, data }]);
    expect(answer.error).toMatchObject({ code: 3, message: 'execution reverted: amount must be positive' });
    expect(answer.error?.data).toMatch(/^0x08c379a0/);
  });
});
