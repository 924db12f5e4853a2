// Hooks over the rpc channels. The console's last answer (or failure) is kept in the query cache,
// not in component state, so it is still there after a visit to another section.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BridgeErrorShape } from '../../src-shared/contract/errors.ts';
import { asBridgeError } from '../../src-shared/contract/errors.ts';
import type {
  NodeType,
  RpcBody,
  RpcCallResult,
  RpcCurlRequest,
  RpcHistoryView,
} from '../../src-shared/contract/rpc.ts';
import type { RpcSnippetRequest } from '../../src-shared/contract/rpc-snippet.ts';
import type { Profile } from '../../src-shared/contract/schemas.ts';
import { bridge } from './bridge.ts';
import { queryKeys } from './query-keys.ts';
import { cancelRequest, newRequestId } from './request.ts';

/** What was sent, with main's answer or the error it gave: one per send. */
export interface ConsoleAnswer {
  /** Increments with every send, so the answer pane knows a new answer arrived. */
  seq: number;
  chain: string;
  nodeType: NodeType;
  body: RpcBody;
  result: RpcCallResult | null;
  error: BridgeErrorShape | null;
  /**
   * When this send failed: the last answer that arrived before it, so a failure (a timeout, a
   * reset, a 502) never takes an answer the user was reading off the screen. Null otherwise.
   */
  previous: ConsoleAnswer | null;
}

export const useRpcEndpoint = (profile: Profile | null) =>
  useQuery({
    queryKey: queryKeys.rpc.endpoint(profile),
    queryFn: () => bridge().rpc.endpoint(profile?.id ?? ''),
    enabled: profile !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useRpcHistory = (search: string) =>
  useQuery({
    queryKey: queryKeys.rpc.history(search),
    queryFn: () => bridge().rpc.history({ search, limit: 100 }),
    placeholderData: (previous) => previous,
  });

/** The last answer, as the answer pane shows it. */
export const useConsoleAnswer = () =>
  useQuery<ConsoleAnswer | null>({
    queryKey: queryKeys.rpc.answer(),
    queryFn: () => null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

export interface SendInput {
  /** Lets the user abandon the call (app:cancel). */
  requestId: string;
  profileId: string;
  chain: string;
  nodeType: NodeType;
  body: RpcBody;
  timeoutSeconds: number;
}

/** Sends a call; its answer or error replaces the last answer, and the history is refreshed. */
export function useRpcCall() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: SendInput): Promise<ConsoleAnswer> => {
      const last = client.getQueryData<ConsoleAnswer | null>(queryKeys.rpc.answer()) ?? null;
      const seq = (last?.seq ?? 0) + 1;
      const sent = { seq, chain: input.chain, nodeType: input.nodeType, body: input.body };
      try {
        const result = await bridge().rpc.call(input);
        return { ...sent, result, error: null, previous: null };
      } catch (error) {
        // A failure is an answer too: the pane shows it, and the console stays usable. The last
        // answer that did arrive stays with it (one level: never a chain of failures).
        const previous = last?.result ? { ...last, previous: null } : (last?.previous ?? null);
        return { ...sent, result: null, error: asBridgeError(error), previous };
      }
    },
    onSuccess: (answer) => {
      client.setQueryData(queryKeys.rpc.answer(), answer);
      void client.invalidateQueries({ queryKey: queryKeys.rpc.histories() });
    },
  });
}

export function useClearHistory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => bridge().rpc.clearHistory(),
    onSuccess: (view: RpcHistoryView) => {
      client.setQueriesData({ queryKey: queryKeys.rpc.histories() }, view);
    },
  });
}

/**
 * The call as a curl command, from main (with the real key when `withKey`). Deliberately not a
 * query or a mutation: an answer holding the key must never sit in the cache.
 */
export const curlCommand = (request: RpcCurlRequest) => bridge().rpc.curl(request);

/**
 * A contract's decimals() and symbol(), asked of the node through main once per profile, chain and address and
 * kept for the session (a token's decimals do not change). A failure is kept as "not a token", never shown.
 */
export const useTokenInfo = (
  profileId: string | undefined,
  target: { chain: string; nodeType: NodeType; address: string } | null,
) =>
  useQuery({
    queryKey: queryKeys.rpc.token(profileId, target?.chain ?? '', target?.address ?? ''),
    queryFn: () =>
      target && profileId
        ? bridge()
            .rpc.token({ profileId, ...target })
            .catch(() => ({ decimals: null, symbol: null }))
        : { decimals: null, symbol: null },
    enabled: Boolean(profileId && target),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/** The call as code in another language (never with the key): a plain call, nothing cached. */
export const codeSnippet = (request: RpcSnippetRequest) => bridge().rpc.snippet(request);

/** Where one side of a side-by-side run goes. */
export interface CompareTarget {
  profileId: string;
  chain: string;
  nodeType: NodeType;
}

/** One side's outcome: main's answer, or the error it gave. */
export interface CompareSide {
  result: RpcCallResult | null;
  error: BridgeErrorShape | null;
}

/** The last side-by-side run: the same body sent to two targets; a side is null while it is on its way. */
export interface CompareRun {
  seq: number;
  body: RpcBody;
  targets: [CompareTarget, CompareTarget];
  sides: [CompareSide | null, CompareSide | null];
  /** The two calls' request ids, kept with the run so Cancel still reaches them after the console was left and opened again. */
  requestIds: [string, string];
}

/**
 * Side by side: the same call to two targets at once, each answer shown as it arrives (a slow or
 * failing side never holds the other back), each cancellable. The run is kept in the query cache
 * like the console's answer, so it is still there after a visit to another section.
 */
export function useCompareCalls() {
  const client = useQueryClient();
  const run = useQuery<CompareRun | null>({
    queryKey: queryKeys.rpc.compare(),
    queryFn: () => null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

  const start = (targets: [CompareTarget, CompareTarget], body: RpcBody, timeoutSeconds: number) => {
    const seq = (client.getQueryData<CompareRun | null>(queryKeys.rpc.compare())?.seq ?? 0) + 1;
    const requestIds: [string, string] = [newRequestId('cmp'), newRequestId('cmp')];
    client.setQueryData<CompareRun>(queryKeys.rpc.compare(), { seq, body, targets, sides: [null, null], requestIds });
    const calls = targets.map((target, index) =>
      bridge()
        .rpc.call({ requestId: requestIds[index], ...target, body, timeoutSeconds })
        .then(
          (result): CompareSide => ({ result, error: null }),
          (error): CompareSide => ({ result: null, error: asBridgeError(error) }),
        )
        .then((side) =>
          client.setQueryData<CompareRun | null>(queryKeys.rpc.compare(), (current) => {
            // A side of an older run that arrives late is dropped.
            if (current?.seq !== seq) return current;
            const sides: CompareRun['sides'] = [...current.sides];
            sides[index] = side;
            return { ...current, sides };
          }),
        ),
    );
    void Promise.all(calls).then(() => client.invalidateQueries({ queryKey: queryKeys.rpc.histories() }));
  };

  /** Abandons whatever of the run is still on its way (a finished side is not affected). */
  const cancel = () => {
    const current = client.getQueryData<CompareRun | null>(queryKeys.rpc.compare());
    current?.requestIds.forEach((id, index) => {
      if (current.sides[index] === null) cancelRequest(id);
    });
  };

  const pending = run.data ? run.data.sides.some((side) => side === null) : false;
  return { run: run.data ?? null, start, cancel, pending };
}
