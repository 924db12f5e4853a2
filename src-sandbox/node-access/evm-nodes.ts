// Real EVM nodes behind node access: one simulated chain per sandbox chain, in this process, on
// EDR (Hardhat's Rust EVM engine, used directly: edr-node.ts), each served as JSON-RPC over HTTP on
// its own loopback port. In-process because three child processes would each pay Node start-up again.

import { genesisTime, writeChainHistory } from './chain-history.ts';
import { type EdrNode, startEdrNode } from './edr-node.ts';
import {
  CONTRACT_DEPLOYER_KEY,
  EVM_ACCOUNT_BALANCE_WEI,
  EVM_ACCOUNT_COUNT,
  type EvmAccount,
  evmAccountKeys,
} from './evm-accounts.ts';

export interface EvmNode {
  chain: string;
  chainId: number;
  /** JSON-RPC over HTTP, no key: only the node-access router, which checks the key, should call it. */
  url: string;
}

export interface EvmNodes {
  nodes: EvmNode[];
  accounts: EvmAccount[];
  close(): Promise<void>;
}

export interface EvmNodesOptions {
  chains: ReadonlyArray<{ name: string; chainId: number }>;
  seed: number;
  /** Defaults to loopback; the nodes take no key, so keep them there. */
  host?: string;
}

export async function startEvmNodes(options: EvmNodesOptions): Promise<EvmNodes> {
  const keys = evmAccountKeys(options.seed);
  // The deployer's key goes last: the node signs the deploys with it (and funds it at genesis for their gas).
  const nodeKeys = [...keys, CONTRACT_DEPLOYER_KEY];
  const nowSeconds = Math.floor(Date.now() / 1000);
  const started: EdrNode[] = [];
  const close = async () => {
    await Promise.all(started.map((node) => node.close()));
  };
  try {
    const nodes = await Promise.all(
      options.chains.map(async (chain): Promise<EvmNode> => {
        const node = await startEdrNode({
          chainId: chain.chainId,
          privateKeys: nodeKeys,
          balanceWei: BigInt(EVM_ACCOUNT_BALANCE_WEI),
          genesisTime: genesisTime(chain.name, nowSeconds),
          host: options.host ?? '127.0.0.1',
        });
        started.push(node);
        return { chain: chain.name, chainId: chain.chainId, url: node.url };
      }),
    );
    // Every node was given the same keys, so every node knows the same addresses, in the same order.
    const addresses = (started[0]?.accounts ?? []).slice(0, EVM_ACCOUNT_COUNT);
    const deployer = started[0]?.accounts[EVM_ACCOUNT_COUNT] ?? '';
    await Promise.all(
      nodes.map((node) =>
        writeChainHistory(node.url, {
          chain: node.chain,
          seed: options.seed,
          genesisTime: genesisTime(node.chain, nowSeconds),
          accounts: addresses,
          deployer,
        }),
      ),
    );
    const accounts: EvmAccount[] = addresses.map((address, index) => ({
      address,
      privateKey: keys[index],
      balanceWei: EVM_ACCOUNT_BALANCE_WEI,
    }));
    return { nodes, accounts, close };
  } catch (error) {
    await close();
    throw error;
  }
}
