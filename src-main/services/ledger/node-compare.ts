// transfers:compareNodes: the current filters on every validator node the profile knows, in
// parallel, to see which node lags, is starting or is quarantined without reading logs. Loaded with
// import() on first use (main's start-up bundle has a budget). Decisions: docs/node-comparison.md.
import type { NodeCompareRow, NodeCompareState, NodeComparison } from '../../../src-shared/contract/node-compare.ts';
import type { TransferFilters, TransferLeg } from '../../../src-shared/contract/transfers.ts';
import { ServiceError } from '../errors.ts';
import type { ServiceContext } from '../service-context.ts';
import { diffLegs, newestEffectiveAt, withinCommonWindow } from './leg-diff.ts';
import { nodeChoices } from './node-choices.ts';
import { openTransferSource, type TransferSource } from './transfer-source.ts';

/** Legs read per node at most: 20 pages of 1000 (about 20 MB of answers across three nodes). */
export const LEG_CAP = 20_000;
/** Differences sent to the renderer (and a case report); `differenceCount` has the full number. */
export const DIFFERENCES_CAP = 500;
/** The largest page the spec allows: fewest round trips. */
const PAGE_SIZE = 1000;

export interface CompareNodesRequest {
  requestId: string;
  profileId: string;
  filters: TransferFilters;
}

export interface CompareOptions {
  legCap?: number;
  differencesCap?: number;
}

export async function compareNodes(
  ctx: ServiceContext,
  request: CompareNodesRequest,
  options: CompareOptions = {},
): Promise<NodeComparison> {
  const legCap = options.legCap ?? LEG_CAP;
  const ranAt = new Date().toISOString();
  const filters: TransferFilters = { ...request.filters, nodeId: null };
  const [source, choices] = await Promise.all([
    openTransferSource(ctx, request.profileId),
    nodeChoices(ctx, request.profileId),
  ]);
  // A remote profile knows only its default node (the spec lists none); with no default the
  // deployment's default is the one node asked, under its own name.
  const nodeIds: Array<string | null> = choices.known.length > 0 ? choices.known.map((n) => n.id) : [null];
  const reads = await ctx.requests.run(request.requestId, (signal) =>
    Promise.all(nodeIds.map((nodeId) => readNode(source, filters, nodeId, legCap, signal))),
  );
  const answered = reads.filter((r) => r.row.state === 'reachable');
  const cut = new Set(answered.filter((r) => r.row.truncated).map((r) => r.row.nodeId));
  const compared = withinCommonWindow(
    answered.map((r) => ({ nodeId: r.row.nodeId, legs: r.legs })),
    cut,
    !filters.orderDesc,
  );
  const diff = diffLegs(compared, options.differencesCap ?? DIFFERENCES_CAP);
  return {
    profileId: request.profileId,
    filters,
    ranAt,
    nodes: reads.map((r) => r.row),
    differences: diff.differences,
    differenceCount: diff.count,
    legCap,
  };
}

interface NodeRead {
  row: NodeCompareRow;
  legs: TransferLeg[];
}

export const DEFAULT_NODE_NAME = '(deployment default)';

async function readNode(
  source: TransferSource,
  filters: TransferFilters,
  nodeId: string | null,
  cap: number,
  signal: AbortSignal,
): Promise<NodeRead> {
  const started = performance.now();
  const legs: TransferLeg[] = [];
  const row = (state: NodeCompareState, detail: string | null, truncated = false): NodeRead => ({
    row: {
      nodeId: nodeId ?? DEFAULT_NODE_NAME,
      state,
      detail,
      legs: state === 'reachable' ? legs.length : null,
      truncated,
      newestEffectiveAt: state === 'reachable' ? newestEffectiveAt(legs) : null,
      elapsedMs: Math.round(performance.now() - started),
    },
    legs,
  });
  try {
    let next: string | null = null;
    do {
      const page = await source.fetchPage({ ...filters, nodeId, pageSize: PAGE_SIZE }, next, signal);
      legs.push(...page.legs);
      next = page.next;
      if (legs.length >= cap && (next !== null || legs.length > cap)) {
        legs.length = cap;
        return row('reachable', null, true);
      }
    } while (next !== null);
    return row('reachable', null);
  } catch (error) {
    // Cancelled: the whole comparison stops (the renderer asked), not one row.
    if (signal.aborted) throw new ServiceError('cancelled', 'Node comparison cancelled');
    return failedRow(error, row);
  }
}

function failedRow(error: unknown, row: (state: NodeCompareState, detail: string | null) => NodeRead): NodeRead {
  if (!(error instanceof ServiceError))
    return row('error', `Unexpected failure (${(error as Error)?.name ?? 'Error'})`);
  const quarantine = error.details?.quarantine as { detail?: string | null } | undefined;
  switch (error.code) {
    case 'service_starting':
      return row('starting', error.message);
    case 'node_quarantined':
      return row('quarantined', quarantine?.detail ?? error.message);
    case 'network':
    case 'timeout':
      return row('unreachable', error.message);
    default:
      return row('error', error.message);
  }
}
