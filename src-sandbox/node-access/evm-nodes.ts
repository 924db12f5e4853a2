// Real EVM nodes behind node access: one Hardhat 3 simulated chain (EDR, a native Rust EVM) per
// sandbox chain, in this process, each served by Hardhat's own JSON-RPC server on its own loopback
// port. In-process because three child processes would each pay Node and Hardhat start-up again.
import type { JsonRpcServer } from 'hardhat/types/network';
import { genesisTime, writeChainHistory } from './chain-history.ts';
import { EVM_ACCOUNT_BALANCE_WEI, type EvmAccount, evmAccountKeys } from './evm-accounts.ts';
import { callNode } from './node-json-rpc.ts';

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
  const host = options.host ?? '127.0.0.1';
  const keys = evmAccountKeys(options.seed);
  const nowSeconds = Math.floor(Date.now() / 1000);
  const servers: JsonRpcServer[] = [];
  const close = async () => {
    await Promise.all(servers.map((server) => server.close()));
  };
  try {
    const hre = await hardhatRuntime(options.chains, keys, nowSeconds);
    const nodes = await Promise.all(
      options.chains.map(async (chain): Promise<EvmNode> => {
        const server = await hre.network.createServer(networkName(chain.name), host, 0);
        const { port } = await server.listen();
        servers.push(server);
        return { chain: chain.name, chainId: chain.chainId, url: `http://${urlHost(host)}:${port}` };
      }),
    );
    // The node knows the addresses of the keys it was given, in the same order.
    const addresses = nodes.length ? ((await callNode(nodes[0].url, 'eth_accounts')) as string[]) : [];
    await Promise.all(
      nodes.map((node) =>
        writeChainHistory(node.url, {
          chain: node.chain,
          seed: options.seed,
          genesisTime: genesisTime(node.chain, nowSeconds),
          accounts: addresses,
        }),
      ),
    );
    const accounts = addresses.map((address, index) => ({
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

async function hardhatRuntime(chains: EvmNodesOptions['chains'], keys: string[], nowSeconds: number) {
  // Hardhat reports its own internal errors to its makers unless told not to; a sandbox inside a
  // desktop app must not send anything anywhere.
  process.env.HARDHAT_DISABLE_TELEMETRY ??= 'true';
  // Loaded on first use: a sandbox started without EVM nodes does not pay for loading Hardhat.
  const { createHardhatRuntimeEnvironment } = await import('hardhat/hre');
  const accounts = keys.map((privateKey) => ({ privateKey, balance: EVM_ACCOUNT_BALANCE_WEI }));
  const networks = Object.fromEntries(
    chains.map((chain) => [
      networkName(chain.name),
      {
        type: 'edr-simulated' as const,
        chainId: chain.chainId,
        accounts,
        initialDate: new Date(genesisTime(chain.name, nowSeconds) * 1000),
      },
    ]),
  );
  // The project root only anchors paths Hardhat resolves but the sandbox never uses (artifacts, cache).
  return createHardhatRuntimeEnvironment({ networks }, {}, import.meta.dirname);
}

/** Prefixed so a chain named like one of Hardhat's built-in networks (`default`, `localhost`) cannot clash. */
function networkName(chain: string): string {
  return `sandbox-${chain}`;
}

function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}
