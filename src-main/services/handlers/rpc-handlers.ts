import { nodeAddress, type RpcHistoryEntry } from '../../../src-shared/contract/rpc.ts';
import type { Profile } from '../../../src-shared/contract/schemas.ts';
import { serviceUrls } from '../connection.ts';
import { ServiceError } from '../errors.ts';
import { curlCommand } from '../rpc/curl-command.ts';
import { callRpcNode, type RpcNodeAnswer } from '../rpc/rpc-client.ts';
import { type NewHistoryEntry, RpcHistoryStore } from '../rpc/rpc-history-store.ts';
import type { ServiceContext } from '../service-context.ts';
import type { Handlers } from './dispatch.ts';

export interface RpcHandlerOptions {
  /** Where `rpc-history.json` lives; the file is opened on first use. */
  userDataDir: string;
  /** Registers work to finish before the app quits (the last history write). */
  onClose?: (finish: () => Promise<void>) => void;
}

export function rpcHandlers(ctx: ServiceContext, options: RpcHandlerOptions): Handlers['rpc'] {
  let opened: Promise<RpcHistoryStore> | undefined;
  const store = () => {
    opened ??= RpcHistoryStore.open(options.userDataDir);
    return opened;
  };
  options.onClose?.(async () => {
    const history = await opened?.catch(() => null);
    await history?.flushed().catch(() => {}); // a failed write was already reported with the history
  });

  /** Records the call; a history that cannot be opened must not hide the node's answer. */
  const record = async (entry: NewHistoryEntry, apiKey: string): Promise<RpcHistoryEntry | null> => {
    try {
      return (await store()).add(entry, [apiKey]);
    } catch (error) {
      ctx.log(`rpc history not written: ${(error as Error).name}`);
      return null;
    }
  };

  return {
    endpoint: async (profileId) => {
      const profile = ctx.profile(profileId);
      return {
        rpcUrl: serviceUrls(profile, ctx.sandbox).rpcUrl,
        separator: profile.rpcSeparator,
        keyPlacement: profile.rpcKeyPlacement,
      };
    },

    call: async ({ requestId, profileId, chain, nodeType, body, timeoutSeconds }) => {
      const profile = ctx.profile(profileId);
      const { rpcUrl } = serviceUrls(profile, ctx.sandbox);
      const apiKey = await ctx.requireSecret(profile, 'apiKey', 'API key');
      const sent = { profileId, chain, nodeType, body };
      let answer: RpcNodeAnswer;
      try {
        answer = await ctx.requests.run(requestId, (signal) =>
          callRpcNode({
            rpcUrl,
            chain,
            nodeType,
            separator: profile.rpcSeparator,
            apiKey,
            keyPlacement: profile.rpcKeyPlacement,
            body,
            timeoutMs: timeoutSeconds * 1000,
            signal,
          }),
        );
      } catch (error) {
        if (!(error instanceof ServiceError)) throw error;
        const details = error.details ?? {};
        const entry = await record(
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
      const entry = await record(
        { ...sent, status, elapsedMs, sizeBytes, outcome, summary: summarize(answer) },
        apiKey,
      );
      return { address, status, elapsedMs, sizeBytes, contentType, text, outcome, errorCount, entry };
    },

    history: async ({ search, limit }) => (await store()).history(search, limit),
    clearHistory: async () => (await store()).clearHistory(),
    savedRequests: async () => (await store()).saved(),
    saveRequest: async (input) => (await store()).saveRequest(input, await everyApiKey(ctx)),
    deleteSaved: async (id) => (await store()).deleteSaved(id),

    curl: async ({ profileId, chain, nodeType, body, withKey }) => {
      const profile = ctx.profile(profileId);
      const { rpcUrl } = serviceUrls(profile, ctx.sandbox);
      // The key is read only for the explicit "with key" request.
      const apiKey = withKey ? await ctx.requireSecret(profile, 'apiKey', 'API key') : null;
      const address = nodeAddress(rpcUrl, chain, profile.rpcSeparator, nodeType);
      return {
        command: curlCommand({ address, keyPlacement: profile.rpcKeyPlacement, body, apiKey }),
        includesKey: withKey,
      };
    },
  };
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

/** Every profile's API key: a saved request has no profile, so none of them may be written into it. */
async function everyApiKey(ctx: ServiceContext): Promise<string[]> {
  const profiles: Profile[] = ctx.settings.settings.profiles;
  const keys = await Promise.all(profiles.map((p) => ctx.secretFor(p, 'apiKey').catch(() => null)));
  return keys.filter((k): k is string => typeof k === 'string');
}
