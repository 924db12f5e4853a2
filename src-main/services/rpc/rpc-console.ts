// The RPC console's work in main: where a profile's node-access calls go, sending a call with the
// profile's key, recording every call (answered or failed) in the history, saved requests, and
// curl commands. The key never leaves main except in the explicit "curl with key".
import type { z } from 'zod';
import {
  nodeAddress,
  type RpcCallRequest,
  type RpcCallResult,
  type RpcCurl,
  type RpcCurlRequest,
  type RpcEndpoint,
  type RpcHistoryEntry,
  type RpcHistoryQuery,
  type RpcHistoryView,
  type RpcTokenInfo,
  type RpcTokenRequest,
  type SavedRequest,
  type SavedRequestInput,
} from '../../../src-shared/contract/rpc.ts';
import { serviceUrls } from '../connection.ts';
import { everyApiKey, requireSecret } from '../credentials/profile-secrets.ts';
import { ServiceError } from '../errors.ts';
import type { ServiceContext } from '../service-context.ts';
import { curlCommand } from './curl-command.ts';
import { callRpcNode, type RpcNodeAnswer } from './rpc-client.ts';
import { type NewHistoryEntry, RpcHistoryStore } from './rpc-history-store.ts';

export class RpcConsole {
  private opened: Promise<RpcHistoryStore> | undefined;

  private readonly ctx: ServiceContext;
  private readonly userDataDir: string;

  /** `userDataDir`: where `rpc-history.json` lives; the file is opened on first use. */
  constructor(ctx: ServiceContext, userDataDir: string) {
    this.ctx = ctx;
    this.userDataDir = userDataDir;
  }

  async endpoint(profileId: string): Promise<RpcEndpoint> {
    const profile = this.ctx.profile(profileId);
    return {
      rpcUrl: (await serviceUrls(profile, this.ctx.sandbox)).rpcUrl,
      separator: profile.rpcSeparator,
      keyPlacement: profile.rpcKeyPlacement,
    };
  }

  /** Where a profile's node access is and how its key goes with a call (the key read from the keychain here). */
  private async node(profileId: string) {
    const profile = this.ctx.profile(profileId);
    const { rpcUrl } = await serviceUrls(profile, this.ctx.sandbox);
    const apiKey = await requireSecret(this.ctx, profile, 'apiKey', 'API key');
    return {
      apiKey,
      node: { rpcUrl, separator: profile.rpcSeparator, apiKey, keyPlacement: profile.rpcKeyPlacement },
    };
  }

  /** Sends one call or batch (abandoned on `app:cancel(requestId)`) and records it, answered or failed. */
  async call(request: z.output<typeof RpcCallRequest>): Promise<RpcCallResult> {
    const { requestId, profileId, chain, nodeType, body, timeoutSeconds } = request;
    const { node, apiKey } = await this.node(profileId);
    const sent = { profileId, chain, nodeType, body };
    let answer: RpcNodeAnswer;
    try {
      answer = await this.ctx.requests.run(requestId, (signal) =>
        callRpcNode({
          ...node,
          chain,
          nodeType,
          body,
          timeoutMs: timeoutSeconds * 1000,
          signal,
        }),
      );
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      const details = error.details ?? {};
      const entry = await this.record(
        {
          ...sent,
          status: typeof details.status === 'number' ? details.status : null,
          elapsedMs: typeof details.elapsedMs === 'number' ? details.elapsedMs : 0,
          sizeBytes: typeof details.sizeBytes === 'number' ? details.sizeBytes : null,
          outcome: 'failed',
          summary: error.message,
        },
        apiKey,
      );
      throw new ServiceError(error.code, error.message, { ...details, entryId: entry?.id ?? null });
    }
    const { address, status, elapsedMs, sizeBytes, contentType, text, outcome, errorCount } = answer;
    const entry = await this.record(
      { ...sent, status, elapsedMs, sizeBytes, outcome, summary: summarize(answer) },
      apiKey,
    );
    return { address, status, elapsedMs, sizeBytes, contentType, text, outcome, errorCount, entry };
  }

  /**
   * A token's decimals() and symbol(), asked with eth_call in one batch and not recorded in the history
   * (the app asks this to scale an amount; the user did not send it). A contract that does not answer as a
   * token (a revert, no code, an answer that is not a uint8 or a string) gets null for that field.
   */
  async token(request: z.output<typeof RpcTokenRequest>): Promise<RpcTokenInfo> {
    const { profileId, chain, nodeType, address } = request;
    const { node } = await this.node(profileId);
    const call = (id: number, data: string) => ({
      jsonrpc: '2.0' as const,
      id,
      method: 'eth_call',
      params: [{ to: address, data }, 'latest'],
    });
    const answer = await callRpcNode({
      ...node,
      chain,
      nodeType,
      body: [call(1, TOKEN_SELECTORS.decimals), call(2, TOKEN_SELECTORS.symbol)],
      timeoutMs: 15_000,
    });
    const results = Array.isArray(answer.json) ? (answer.json as { id?: unknown; result?: unknown }[]) : [];
    const result = (id: number) => results.find((r) => r?.id === id)?.result;
    return { decimals: abiUint8(result(1)), symbol: abiString(result(2)) };
  }

  async history({ search, limit }: z.output<typeof RpcHistoryQuery>): Promise<RpcHistoryView> {
    return (await this.store()).history(search, limit);
  }

  async clearHistory(): Promise<RpcHistoryView> {
    return (await this.store()).clearHistory();
  }

  async savedRequests(): Promise<SavedRequest[]> {
    return (await this.store()).saved();
  }

  /** Saves a request; a saved request belongs to no profile, so no profile's key may be written into it. */
  async saveRequest(input: z.output<typeof SavedRequestInput>): Promise<SavedRequest[]> {
    return (await this.store()).saveRequest(input, await everyApiKey(this.ctx));
  }

  async deleteSaved(id: string): Promise<SavedRequest[]> {
    return (await this.store()).deleteSaved(id);
  }

  /** A curl command; the key is read only for the explicit "with key" request. */
  async curl({ profileId, chain, nodeType, body, withKey }: z.output<typeof RpcCurlRequest>): Promise<RpcCurl> {
    const profile = this.ctx.profile(profileId);
    const { rpcUrl } = await serviceUrls(profile, this.ctx.sandbox);
    const apiKey = withKey ? await requireSecret(this.ctx, profile, 'apiKey', 'API key') : null;
    const address = nodeAddress(rpcUrl, chain, profile.rpcSeparator, nodeType);
    return {
      command: curlCommand({ address, keyPlacement: profile.rpcKeyPlacement, body, apiKey }),
      includesKey: withKey,
    };
  }

  /** Before quitting: the last history write is on disk. */
  async close(): Promise<void> {
    const history = await this.opened?.catch(() => null);
    await history?.flushed().catch(() => {}); // a failed write was already reported with the history
  }

  private store(): Promise<RpcHistoryStore> {
    this.opened ??= RpcHistoryStore.open(this.userDataDir);
    return this.opened;
  }

  /** Records the call; a history that cannot be opened must not hide the node's answer. */
  private async record(entry: NewHistoryEntry, apiKey: string): Promise<RpcHistoryEntry | null> {
    try {
      return (await this.store()).add(entry, [apiKey]);
    } catch (error) {
      this.ctx.log(`rpc history not written: ${(error as Error).name}`);
      return null;
    }
  }
}

/** The one-line outcome kept in the history: the result or error, or a batch's counts. */
function summarize(answer: RpcNodeAnswer): string {
  const { json, outcome, errorCount } = answer;
  if (outcome === 'batch') {
    const count = (json as unknown[]).length;
    return `${count} answer${count === 1 ? '' : 's'}, ${errorCount} error${errorCount === 1 ? '' : 's'}`;
  }
  if (outcome === 'rpc_error') {
    const { code, message } = (json as { error: { code?: unknown; message?: unknown } }).error;
    return `error ${String(code)}: ${String(message)}`;
  }
  // A large result is not turned into text again just to keep 200 characters of it.
  if (answer.text.length > 100_000) return `result (${answer.sizeBytes} bytes)`;
  return outcome === 'result'
    ? `result: ${JSON.stringify((json as { result: unknown }).result)}`
    : `unexpected answer: ${answer.text}`;
}

/** decimals() and symbol(): their 4-byte selectors (keccak256 of the signature), written out. */
const TOKEN_SELECTORS = { decimals: '0x313ce567', symbol: '0x95d89b41' } as const;

/** An ABI-encoded uint8 (one 32-byte word), or null. */
export function abiUint8(result: unknown): number | null {
  if (typeof result !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(result)) return null;
  const value = BigInt(result);
  return value <= 255n ? Number(value) : null;
}

/** An ABI-encoded string (offset, length, bytes as UTF-8), or a bytes32 symbol (old tokens, MKR), or null. */
export function abiString(result: unknown): string | null {
  if (typeof result !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(result) || result.length < 66) return null;
  const hex = result.slice(2);
  const bytes = (from: number, length: number) => {
    const part = hex.slice(from * 2, (from + length) * 2);
    return part.length === length * 2 ? Uint8Array.from(part.match(/../g) ?? [], (b) => Number.parseInt(b, 16)) : null;
  };
  const decode = (raw: Uint8Array | null) => {
    if (!raw) return null;
    try {
      const text = new TextDecoder('utf-8', { fatal: true }).decode(raw);
      return text.length > 0 && text.length <= 32 && ![...text].some((c) => c < ' ' || c === '\u007f') ? text : null;
    } catch {
      return null;
    }
  };
  if (hex.length === 64) return decode(bytes(0, 32)?.filter((b) => b !== 0) ?? null);
  const offset = Number(BigInt(`0x${hex.slice(0, 64)}`));
  if (offset > hex.length / 2) return null;
  const lengthWord = hex.slice(offset * 2, offset * 2 + 64);
  if (lengthWord.length !== 64) return null;
  const length = Number(BigInt(`0x${lengthWord}`));
  if (length > 64) return null;
  return decode(bytes(offset + 32, length));
}
