// The node comparison (transfers:compareNodes): one run per profile and filters, kept in the query
// cache so it is still there after a visit to another section, and so the case report can include
// the last result for the filters on screen (useLastNodeComparison). One comparison runs at a time:
// it reads every page on every node, so a new one (other filters) cancels the one on its way, and
// so does leaving the panel; otherwise main would keep reading for a result nobody looks at.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { asBridgeError, type BridgeErrorShape } from '../../src-shared/contract/errors.ts';
import type { NodeComparison } from '../../src-shared/contract/node-compare.ts';
import type { TransferFilters } from '../../src-shared/contract/transfers.ts';
import { bridge } from './bridge.ts';
import { queryKeys } from './query-keys.ts';
import { cancelRequest, newRequestId } from './request.ts';

export interface NodeCompareRun {
  seq: number;
  requestId: string;
  /** null while the comparison is on its way. */
  result: NodeComparison | null;
  error: BridgeErrorShape | null;
}

/** The comparison ignores the node (every node is asked) and the page size (it reads every page). */
function compareKey(profileId: string, filters: TransferFilters | null) {
  return queryKeys.nodeCompare.last(profileId, filters ? { ...filters, nodeId: null, pageSize: 0 } : null);
}

let seqs = 0;
/** The comparison on its way, whichever filters it was started for. */
let running: { seq: number; requestId: string } | null = null;

function cancelRunning(): void {
  if (!running) return;
  const { requestId } = running;
  running = null;
  cancelRequest(requestId);
}

function useRun(profileId: string, filters: TransferFilters | null) {
  return useQuery<NodeCompareRun | null>({
    queryKey: compareKey(profileId, filters),
    queryFn: () => null,
    enabled: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * Start, follow and cancel a comparison of `filters` across the profile's validator nodes.
 * `cancelOnUnmount`: the panel's instance cancels the comparison on its way when it goes.
 */
export function useNodeComparison(
  profileId: string,
  filters: TransferFilters | null,
  { cancelOnUnmount = false }: { cancelOnUnmount?: boolean } = {},
) {
  const client = useQueryClient();
  const run = useRun(profileId, filters);
  useEffect(() => (cancelOnUnmount ? cancelRunning : undefined), [cancelOnUnmount]);

  const start = () => {
    if (!filters) return;
    const key = compareKey(profileId, filters);
    const seq = ++seqs;
    const requestId = newRequestId('nc');
    cancelRunning();
    running = { seq, requestId };
    client.setQueryData<NodeCompareRun>(key, { seq, requestId, result: null, error: null });
    const settle = (update: Pick<NodeCompareRun, 'result' | 'error'>) => {
      if (running?.seq === seq) running = null;
      // An older run that ends late never replaces a newer one.
      client.setQueryData<NodeCompareRun | null>(key, (current) =>
        current?.seq === seq ? { ...current, ...update } : current,
      );
    };
    bridge()
      .transfers.compareNodes({ requestId, profileId, filters })
      .then(
        (result) => settle({ result, error: null }),
        (error) => settle({ result: null, error: asBridgeError(error) }),
      );
  };

  const cancel = () => {
    const current = run.data;
    if (current && !current.result && !current.error) cancelRequest(current.requestId);
  };

  const data = run.data ?? null;
  return { run: data, start, cancel, pending: data !== null && !data.result && !data.error };
}

/** The last finished comparison for these filters (any node selected), or null: what a case report includes. */
export function useLastNodeComparison(profileId: string, filters: TransferFilters | null): NodeComparison | null {
  return useRun(profileId, filters).data?.result ?? null;
}

/** What a comparison found of one node that lacks legs another node has. */
export interface NodeLag {
  /** Legs it lacks among the differences listed (all of them when `exact`). */
  missing: number;
  /** Every difference is listed (at most 500 are sent), so `missing` is the full number. */
  exact: boolean;
  /** The nodes that have those legs. */
  presentOn: string[];
}

/** The nodes a comparison found behind: each missing some leg another node that answered has. */
export function laggingNodes(comparison: NodeComparison): Map<string, NodeLag> {
  const exact = comparison.differences.length === comparison.differenceCount;
  const lags = new Map<string, NodeLag>();
  for (const difference of comparison.differences) {
    for (const node of difference.missingOn) {
      const lag = lags.get(node) ?? { missing: 0, exact, presentOn: [] };
      lag.missing++;
      for (const other of difference.presentOn) if (!lag.presentOn.includes(other)) lag.presentOn.push(other);
      lags.set(node, lag);
    }
  }
  return lags;
}

/**
 * The newest finished comparison of the profile in this session, whatever its filters: a node it
 * found behind is known to lag (docs/local-ledger.md, "Which node a sync reads"). Follows the cache,
 * so a comparison run on Transfers is known on the Local ledger at once.
 */
export function useNewestNodeComparison(profileId: string): NodeComparison | null {
  const cache = useQueryClient().getQueryCache();
  const subscribe = useCallback((changed: () => void) => cache.subscribe(changed), [cache]);
  const newest = () => {
    let found: NodeComparison | null = null;
    for (const query of cache.findAll({ queryKey: queryKeys.nodeCompare.profile(profileId) })) {
      const result = (query.state.data as NodeCompareRun | null | undefined)?.result;
      if (result && (!found || Date.parse(result.ranAt) > Date.parse(found.ranAt))) found = result;
    }
    return found;
  };
  return useSyncExternalStore(subscribe, newest);
}
