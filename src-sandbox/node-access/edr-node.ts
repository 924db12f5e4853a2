// One simulated EVM chain on EDR (@nomicfoundation/edr, Hardhat's Rust engine) used directly, without
// Hardhat, served as JSON-RPC over HTTP on loopback. Configured the way Hardhat 3 configures an
// `edr-simulated` network with its defaults (hardhat/dist/.../network-manager/edr/edr-provider.js).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ContractDecoder,
  EdrContext,
  GasEstimationMode,
  GENERIC_CHAIN_TYPE,
  genericChainProviderFactory,
  l1GenesisState,
  l1HardforkFromString,
  MineOrdering,
  OSAKA,
  type Provider,
  type Response,
} from '@nomicfoundation/edr';
import { gethRevertMessage } from './revert-message.ts';

export interface EdrNodeOptions {
  chainId: number;
  /** 0x-prefixed secp256k1 keys; the node signs eth_sendTransaction for their addresses. */
  privateKeys: string[];
  balanceWei: bigint;
  /** Genesis block time, seconds since the epoch. */
  genesisTime: number;
  host?: string;
}

export interface EdrNode {
  url: string;
  /** Addresses of privateKeys, in order. */
  accounts: string[];
  close(): Promise<void>;
}

// Hardhat 3.17 defaults for an edr-simulated network (edr-constants.js, config-resolution.js).
const BLOCK_GAS_LIMIT = 60_000_000n;
const TRANSACTION_GAS_CAP = 16_777_216n; // EIP-7825, Hardhat's default from Osaka on
const COINBASE = '0xc014ba5ec014ba5ec014ba5ec014ba5ec014ba5e';

// EDR allows one context per process ("Should only be called once!"), shared by every provider.
let context: Promise<EdrContext> | undefined;
function edrContext(): Promise<EdrContext> {
  context ??= (async () => {
    const created = new EdrContext();
    await created.registerProviderFactory(GENERIC_CHAIN_TYPE, genericChainProviderFactory());
    return created;
  })();
  return context;
}

async function createProvider(chainId: number, keys: string[], genesis: Map<string, bigint>, time: number) {
  const genesisState = [
    ...[...genesis].map(([address, balance]) => ({ address: hexBytes(address), balance, code: new Uint8Array() })),
    // The system contracts the hardfork expects at genesis (EIP-4788 beacon roots, EIP-2935 history).
    ...l1GenesisState(l1HardforkFromString(OSAKA)),
  ];
  return (await edrContext()).createProvider(
    GENERIC_CHAIN_TYPE,
    {
      allowBlocksWithSameTimestamp: false,
      allowUnlimitedContractSize: false,
      bailOnCallFailure: true,
      bailOnTransactionFailure: true,
      chainId: BigInt(chainId),
      coinbase: hexBytes(COINBASE),
      defaultTransactionGasLimit: TRANSACTION_GAS_CAP,
      gasEstimationMode: GasEstimationMode.NoInternalOutOfGas,
      genesisState,
      hardfork: OSAKA,
      minGasPrice: 0n,
      mining: { autoMine: true, blockGasLimit: BLOCK_GAS_LIMIT, memPool: { order: MineOrdering.Priority } },
      network: { genesisBlockGasLimit: BLOCK_GAS_LIMIT, genesisBlockTime: BigInt(time) },
      networkId: BigInt(chainId),
      observability: {},
      ownedAccounts: keys,
      precompileOverrides: [],
    },
    { enable: false, decodeConsoleLogInputsCallback: () => [], printLineCallback: () => {} },
    { subscriptionCallback: () => {} },
    new ContractDecoder(),
  );
}

/**
 * The addresses of the keys, as EDR derives them: a throwaway provider is asked for eth_accounts.
 * (EDR exports no key-to-address function, and Electron's BoringSSL has no secp256k1 for node:crypto.)
 */
const addressCache = new Map<string, Promise<string[]>>();
export function addressesOf(keys: string[]): Promise<string[]> {
  const cacheKey = keys.join(',');
  let cached = addressCache.get(cacheKey);
  if (!cached) {
    cached = createProvider(1, keys, new Map(), 0).then((p) => call(p, 'eth_accounts') as Promise<string[]>);
    addressCache.set(cacheKey, cached);
  }
  return cached;
}

export async function startEdrNode(options: EdrNodeOptions): Promise<EdrNode> {
  const accounts = await addressesOf(options.privateKeys);
  const genesis = new Map(accounts.map((a) => [a, options.balanceWei]));
  const provider = await createProvider(options.chainId, options.privateKeys, genesis, options.genesisTime);
  const server = http.createServer((req, res) => {
    if (req.method !== 'POST') {
      res.writeHead(405, { allow: 'POST' }).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      let reply: unknown;
      try {
        reply = await answer(provider, Buffer.concat(chunks).toString('utf8'), accounts[0]);
      } catch (error) {
        // handleRequest rejects only when EDR itself fails (a panic): an internal error, as Hardhat answers.
        reply = { jsonrpc: '2.0', id: null, error: { code: -32603, message: (error as Error).message } };
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
    });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    accounts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function answer(provider: Provider, text: string, defaultSender: string): Promise<unknown> {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    return { jsonrpc: '2.0', id: null, error: { code: -32700, message: `Parse error: ${(error as Error).message}` } };
  }
  if (!Array.isArray(body)) return answerOne(provider, body, defaultSender);
  if (body.length === 0) return { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request' } };
  // EDR handles one request at a time; a batch is answered in order, one by one.
  const replies: unknown[] = [];
  for (const item of body) replies.push(await answerOne(provider, item, defaultSender));
  return replies;
}

async function answerOne(provider: Provider, request: unknown, defaultSender: string): Promise<unknown> {
  if (typeof request !== 'object' || request === null || typeof (request as { method?: unknown }).method !== 'string') {
    const id = (request as { id?: unknown } | null)?.id ?? null;
    return { jsonrpc: '2.0', id, error: { code: -32600, message: 'Invalid Request' } };
  }
  const req = request as { jsonrpc?: string; id?: unknown; method: string; params?: unknown[] };
  const id = req.id ?? null;
  const params = Array.isArray(req.params) ? [...req.params] : [];
  // What Hardhat's request handlers add before EDR sees a call (network-manager/request-handlers):
  // a sender, and for eth_sendTransaction fees and an estimated gas limit (without it EDR uses the
  // 16.7M default gas limit, and only 3 transactions fit a 60M block).
  const tx = params[0];
  if (['eth_sendTransaction', 'eth_call', 'eth_estimateGas'].includes(req.method) && isObject(tx)) {
    const filled: Record<string, unknown> = { ...tx, from: tx.from ?? defaultSender };
    if (req.method === 'eth_sendTransaction') {
      try {
        await fillFees(provider, filled);
        filled.gas ??= await call(provider, 'eth_estimateGas', [filled]);
      } catch (error) {
        if (error instanceof NodeError) return { jsonrpc: '2.0', id, error: error.reply };
        throw error;
      }
    }
    params[0] = filled;
  }
  const response = await provider.handleRequest(JSON.stringify({ jsonrpc: '2.0', id: 0, method: req.method, params }));
  const data = parse(response);
  // EDR answers only {result} or {error}: the envelope is ours to add.
  return 'error' in data
    ? { jsonrpc: '2.0', id, error: hardhatStyleError(response, data.error) }
    : { jsonrpc: '2.0', id, ...data };
}

// EDR's words for a revert ("reverted with reason string '...'", "...panic code 0x12 (...)", "...without a reason
// string"), some of them already behind Hardhat's prefix.
const REVERTED = /^(VM Exception while processing transaction: )?reverted\b/;

/** As Hardhat's JSON-RPC server answers, but a revert as geth answers it: code 3, its message, the raw return data. */
function hardhatStyleError(response: Response, error: EdrError): EdrError {
  let isRevert = false;
  try {
    isRevert = response.stackTrace()?.kind === 'StackTrace';
  } catch {}
  const details = isObject(error.data) ? error.data : {};
  if (isRevert) {
    // Worded as geth words it (Hardhat says "VM Exception while processing transaction: reverted with ..."):
    // the sandbox stands for a provider's node, and providers run geth-like clients.
    // Other failures with a stack trace (an invalid opcode, out of gas) keep EDR's words.
    const message = REVERTED.test(error.message) ? gethRevertMessage(details.data) : error.message;
    return { code: 3, message, data: details.data };
  }
  const txHash = details.transactionHash ?? undefined;
  return {
    code: error.code,
    message: error.message,
    data: { message: error.message, txHash, data: details.data, reason: undefined },
  };
}

/** Hardhat's AutomaticGasPriceHandler: next block's base fee with room for 2 full blocks, median tip. */
async function fillFees(provider: Provider, tx: Record<string, unknown>) {
  if (tx.gasPrice !== undefined || (tx.maxFeePerGas !== undefined && tx.maxPriorityFeePerGas !== undefined)) return;
  const history = (await call(provider, 'eth_feeHistory', ['0x1', 'latest', [50]])) as {
    baseFeePerGas: string[];
    reward: string[][];
  };
  let tip = BigInt(history.reward[0][0]);
  if (tip === 0n) tip = BigInt((await call(provider, 'eth_maxPriorityFeePerGas')) as string);
  if (tip === 0n) tip = 1n;
  const maxPriority = tx.maxPriorityFeePerGas !== undefined ? BigInt(tx.maxPriorityFeePerGas as string) : tip;
  let maxFee =
    tx.maxFeePerGas !== undefined
      ? BigInt(tx.maxFeePerGas as string)
      : (BigInt(history.baseFeePerGas.at(-1) as string) * 81n) / 64n;
  if (maxFee < maxPriority) maxFee += maxPriority;
  tx.maxFeePerGas = `0x${maxFee.toString(16)}`;
  tx.maxPriorityFeePerGas = `0x${maxPriority.toString(16)}`;
}

interface EdrError {
  code: number;
  message: string;
  data?: unknown;
}

class NodeError extends Error {
  readonly reply: EdrError;
  constructor(reply: EdrError) {
    super(reply.message);
    this.reply = reply;
  }
}

function parse(response: Response): { result: unknown } | { error: EdrError } {
  return typeof response.data === 'string' ? JSON.parse(response.data) : response.data;
}

/** One call on a provider; a JSON-RPC error becomes a NodeError. */
async function call(provider: Provider, method: string, params: unknown[] = []): Promise<unknown> {
  const response = await provider.handleRequest(JSON.stringify({ jsonrpc: '2.0', id: 0, method, params }));
  const data = parse(response);
  if ('error' in data) throw new NodeError(hardhatStyleError(response, data.error));
  return data.result;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hexBytes(hex: string): Uint8Array {
  return Uint8Array.from(Buffer.from(hex.slice(2), 'hex'));
}
