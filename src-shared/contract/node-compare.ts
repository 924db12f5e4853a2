// Node comparison: the current filters run on every validator node the profile knows, to see which
// node lags, starts or is quarantined, and which legs one node has that another lacks.
import type { TransferFilters, TransferLeg } from './transfers.ts';

/** How a node answered. `unreachable`: no HTTP answer; `error`: any other failure (its message). */
export type NodeCompareState = 'reachable' | 'starting' | 'quarantined' | 'unreachable' | 'error';

export interface NodeCompareRow {
  nodeId: string;
  state: NodeCompareState;
  /** The service's own words for a non-reachable state (status body, error message). */
  detail: string | null;
  /** Legs read for the filters (every page, up to the cap); null when the node gave none. */
  legs: number | null;
  /** True when the cap stopped the read before the last page. */
  truncated: boolean;
  /** The newest effectiveAt among the legs read, as the service wrote it; null when none. */
  newestEffectiveAt: string | null;
  elapsedMs: number;
}

/** A leg (all 12 fields compared) that some reachable nodes have and others do not. */
export interface NodeCompareDifference {
  leg: TransferLeg;
  presentOn: string[];
  missingOn: string[];
}

export interface NodeComparison {
  profileId: string;
  /** The filters as run; nodeId is ignored (every node is asked). */
  filters: TransferFilters;
  /** ISO time the comparison started. */
  ranAt: string;
  nodes: NodeCompareRow[];
  /** Up to `differencesCap` differences, oldest first; `differenceCount` is the full number. */
  differences: NodeCompareDifference[];
  differenceCount: number;
  /** Legs read per node at most (the rest is not compared; each row says when it was cut). */
  legCap: number;
}
