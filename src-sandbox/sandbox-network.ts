// The local sandbox network: one loopback HTTP server with the four addresses of the spec under
// path prefixes — the ledger-data interface (/ledger), the chain listing (/translate and
// /partner) and node access (/rpc, forwarded to real in-process EVM nodes). This file starts the
// parts and the servers; which path goes where is sandbox-router.ts.
import { createServer } from 'node:http';
import type { Server as HttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { RedirectCatcher } from './faults/redirect-catcher.ts';
import type { FaultControl } from './faults.ts';
import { createLedgerService, type LedgerService } from './ledger/ledger-service.ts';
import { appendTransfers } from './ledger/transfer-store.ts';
import { VALIDATOR_NODES, type ValidatorNode } from './ledger/validator-nodes.ts';
import { APPEND_GAP_MICROS, type Appended, appendedSummary } from './ledger-append-endpoint.ts';
import { type EvmNodes, startEvmNodes } from './node-access/evm-nodes.ts';
import { createNodeAccessRouter } from './node-access/node-access-router.ts';
import { SANDBOX_CHAINS } from './sandbox-chains.ts';
import { sandboxCredentials } from './sandbox-credentials.ts';
import { createSandboxHandler, FAULTS_PATH } from './sandbox-router.ts';
import type { VariationControl } from './variations.ts';

export { FAULTS_PATH };

export interface SandboxOptions {
  host?: string;
  port?: number;
  seed?: number;
  /** Transfers in the generated ledger (default 100,000). */
  transfers?: number;
  /** Answer every transfers call with the start-up 503 for this many seconds. */
  startupSeconds?: number;
  /** Honour the x-sandbox-fault request header, and serve the fault control endpoint /__sandbox/faults. */
  faults?: boolean;
  /** Honour x-sandbox-variation and serve /__sandbox/variations (variations.ts); also on with `faults`. */
  variations?: boolean;
  /** Start the EVM nodes behind node access (default true). */
  evm?: boolean;
  /** Test aid: some party ids, instrument symbols and statuses carry HTML and script (ledger/hostile-names.ts). */
  hostileNames?: boolean;
  /**
   * Benchmarks: the first of `parties` (parties[0], exchange-north) is sender or receiver of every
   * transfer, so `transfers: 1_000_000` gives it 1,000,000 legs. Deterministic like the rest.
   */
  busyParty?: boolean;
  /** Test aid: the third party's id (custodian-a) is the longest the party id pattern allows (ledger/long-party-id.ts). */
  longPartyId?: boolean;
  log?: (line: string) => void;
}

/** The four addresses of the spec, as the sandbox serves them. */
export interface SandboxUrls {
  baseUrl: string;
  translateUrl: string;
  partnerUrl: string;
  rpcUrl: string;
}

/** The built-in credentials: the node-access key, the partner token, and a ledger JWT that reads every party. */
export interface SandboxCredentials {
  apiKey: string;
  partnerToken: string;
  ledgerJwt: string;
}

export interface SandboxNetwork {
  urls: SandboxUrls;
  credentials: SandboxCredentials;
  /** The validator nodes the ledger serves (one default, one quarantined). */
  validatorNodes: readonly ValidatorNode[];
  /** Every party of the generated ledger, by id. */
  parties: readonly string[];
  /** Everything a client needs to use the network: the CLI's ready line. */
  describe(): SandboxDescription;
  close(): Promise<void>;
}

/** The network with its parts exposed: for the sandbox's own tests, test hooks and benchmarks, never for main. */
export interface SandboxInternals extends SandboxNetwork {
  ledger: LedgerService;
  evm: EvmNodes | null;
  /** The armed faults (only with `faults`), else null. */
  faults: FaultControl | null;
  /** The armed variations (with `faults` or `variations`), else null. */
  variations: VariationControl | null;
  /**
   * Test aid: appends `count` transfers after the newest effectiveAt (one second apart, ledger coin,
   * completed, among the same parties; deterministic from the seed and the count so far), so a
   * later incremental sync has something new. With faults also POST /__sandbox/ledger/append.
   */
  appendTransfers(count: number): Appended;
}

export type SandboxDescription = SandboxUrls & {
  /** The fault control endpoint (GET/POST/DELETE); present only with --faults. */
  faultsUrl?: string;
  /** With --faults: the other host the `redirect` fault points to (its requests are in GET faultsUrl). */
  faultsCatcherUrl?: string;
  /** With --faults: the same interfaces over HTTPS with a self-signed, never-trusted test certificate. */
  tlsUrls?: SandboxUrls;
  apiKey: string;
  partnerToken: string;
  parties: string[];
  instruments: Array<{ admin: string; id: string; symbol: string | null; decimals: number | null }>;
  ledgerCoin: { admin: string; id: string };
  nodes: Array<{ id: string; default: boolean; state: string }>;
  chains: string[];
  evmAccounts: string[];
  tokens: LedgerService['auth']['tokens'];
};

/** The parts behind the addresses: the ledger, the EVM nodes, node access and, when asked for, faults and variations. */
async function startParts(options: SandboxOptions) {
  const seed = options.seed ?? 1;
  const credentials = sandboxCredentials(seed);
  const [ledger, evm] = await Promise.all([
    createLedgerService({
      seed,
      transfers: options.transfers ?? 100_000,
      startupSeconds: options.startupSeconds,
      hostileNames: options.hostileNames,
      busyParty: options.busyParty,
      longPartyId: options.longPartyId,
    }),
    options.evm === false ? null : startEvmNodes({ chains: SANDBOX_CHAINS, seed, host: '127.0.0.1' }),
  ]);
  const nodeAccess = createNodeAccessRouter({ apiKey: credentials.apiKey, nodes: evm?.nodes });
  // The other host and the HTTPS listener exist only with faults: loaded then, so a plain start
  // (the app's sandbox profile) neither parses them nor loads node:https.
  const catcher: RedirectCatcher | null = options.faults
    ? await (await import('./faults/redirect-catcher.ts')).startRedirectCatcher()
    : null;
  if (catcher?.fallback) options.log?.(catcher.fallback);
  // Faults and variations are for tests and support staff: their code is loaded only when asked for.
  const faultsModule = options.faults ? await import('./faults.ts') : null;
  const variationsModule = options.faults || options.variations ? await import('./variations.ts') : null;
  const faults = faultsModule ? new faultsModule.FaultControl(catcher) : null;
  const variations = variationsModule ? new variationsModule.VariationControl() : null;
  const append = (count: number): Appended => {
    const before = ledger.store.count;
    appendTransfers(ledger.store, count, 0, APPEND_GAP_MICROS);
    return appendedSummary(ledger.store, before);
  };
  return { credentials, ledger, evm, nodeAccess, catcher, faults, faultsModule, variations, variationsModule, append };
}

export async function startSandboxNetwork(options: SandboxOptions = {}): Promise<SandboxInternals> {
  const host = options.host ?? '127.0.0.1';
  const parts = await startParts(options);
  const { credentials, ledger, evm, catcher, faults, variations, append } = parts;
  let origin = '';
  let tlsOrigin = '';
  const handle = createSandboxHandler({ ...parts, origin: () => origin, tlsOrigin: () => tlsOrigin, log: options.log });
  const server = createServer(handle);
  // With faults, the same interfaces over HTTPS with an untrusted certificate, on a port of its own.
  const tls: HttpsServer | null = options.faults
    ? (await import('./faults/tls-listener.ts')).createTestTlsServer(handle)
    : null;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, host, () => resolve());
    });
    if (tls) {
      await new Promise<void>((resolve, reject) => {
        tls.once('error', reject);
        tls.listen(0, host, () => resolve());
      });
    }
  } catch (error) {
    server.close();
    await catcher?.close();
    await evm?.close();
    throw error;
  }
  ledger.startClock();
  const { port } = server.address() as AddressInfo;
  const hostInUrl = host.includes(':') ? `[${host}]` : host;
  origin = `http://${hostInUrl}:${port}`;
  const urlsAt = (at: string): SandboxUrls => ({
    baseUrl: `${at}/ledger`,
    translateUrl: `${at}/translate`,
    partnerUrl: `${at}/partner`,
    rpcUrl: `${at}/rpc`,
  });
  const urls = urlsAt(origin);
  if (tls) tlsOrigin = `https://${hostInUrl}:${(tls.address() as AddressInfo).port}`;

  return {
    urls,
    credentials: { ...credentials, ledgerJwt: ledger.auth.tokens.readAll },
    validatorNodes: VALIDATOR_NODES,
    parties: ledger.store.parties.ids,
    ledger,
    evm,
    faults,
    variations,
    appendTransfers: append,
    describe: () => ({
      ...urls,
      ...(faults ? { faultsUrl: `${origin}${FAULTS_PATH}` } : {}),
      ...(catcher ? { faultsCatcherUrl: catcher.url } : {}),
      ...(tls ? { tlsUrls: urlsAt(tlsOrigin) } : {}),
      ...credentials,
      parties: ledger.store.parties.ids,
      instruments: ledger.store.instruments.map(({ admin, id, symbol, decimals }) => ({ admin, id, symbol, decimals })),
      ledgerCoin: { admin: ledger.store.instruments[0].admin, id: ledger.store.instruments[0].id },
      nodes: VALIDATOR_NODES.map((n) => ({ ...n })),
      chains: SANDBOX_CHAINS.map((c) => c.name),
      evmAccounts: evm?.accounts.map((a) => a.address) ?? [],
      tokens: ledger.auth.tokens,
    }),
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      if (tls) {
        await new Promise<void>((resolve) => {
          tls.close(() => resolve());
          tls.closeAllConnections();
        });
      }
      await catcher?.close();
      await evm?.close();
    },
  };
}
