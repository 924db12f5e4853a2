// transfers:compareNodes: the current filters on every validator node the profile knows, in
// parallel, to see which node lags, is starting or is quarantined without reading logs. Loaded with
// import() on first use (main's start-up bundle has a budget). Decisions: docs/node-comparison.md.
import type { NodeCompareRow, NodeCompareState, NodeComparison } from '../../../src-shared/contract/node-compare.ts';
import type { TransferFilters, TransferLeg } from '../../../src-shared/contract/transfers.ts';
import { ServiceError } from '../errors.ts';
import type { ServiceContext } from '../service-context.ts';
import { diffLegs, newestEffectiveAt, withinCommonWindow } from './leg-diff.ts';
import { nodeChoices } from './node-choices.ts';
import { openTransferSource } from './transfer-fetch.ts';
import type { TransferSource } from './transfer-source.ts';

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
  // A remote profile knows only its default node (the spec lists none), asked and named as itself;
  // with no node known the profile's default (when set) is the one asked, else the deployment's.
  const nodeIds: Array<string | null> =
    choices.known.length > 0 ? choices.known.map((n) => n.id) : [choices.defaultNodeId ?? null];
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
  // The http client names the address it could not reach; a row's detail goes into a case report
  // that promises no service address, so every detail is told without one.
  switch (error.code) {
    case 'service_starting':
      return row('starting', addressFree(error.message));
    case 'node_quarantined':
      return row('quarantined', addressFree(quarantine?.detail ?? error.message));
    case 'network':
    case 'timeout':
      return row('unreachable', addressFree(error.message));
    default:
      return row('error', addressFree(error.message));
  }
}

const ADDRESS_LIKE = [
  /\b[a-z][a-z0-9+.-]*:\/\/[^\s()'"<>,;]+/gi, // any URL
  /\[[0-9a-f:.]+\](?::\d+)?/gi, // [IPv6]:port
  /\b\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?\b/g, // IPv4[:port]
  /\blocalhost(?::\d+)?\b/gi,
  /\b(?:[a-z0-9-]+\.)+[a-z]{2,}(?::\d+)?\b/gi, // host.name[:port]
];

/** The message with every URL or host-like word replaced by "the service". */
export function addressFree(message: string): string {
  return ADDRESS_LIKE.reduce((text, pattern) => text.replace(pattern, 'the service'), message);
}
