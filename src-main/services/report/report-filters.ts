// The query's filters in words, as a support agent would read them out on a call. Times are
// written as they were sent to the service (ISO with their offset), so they can be quoted back.
import type { TransferFilters } from '../../../src-shared/contract/transfers.ts';
import { esc } from './html-text.ts';
import { type Labels, partyText } from './report-labels.ts';

/** [term, HTML] rows for a definition list. */
export function filterRows(
  filters: TransferFilters,
  labels: Labels,
  defaultNode: DefaultNode,
): Array<[string, string]> {
  const { asset, effectiveAfter: after, effectiveBefore: before } = filters;
  return [
    ['Party', partyText(filters.party, labels)],
    [
      'Asset',
      asset.kind === 'all'
        ? 'All assets'
        : asset.kind === 'ledgerCoin'
          ? 'Canton Coin'
          : `Instrument <code>${esc(asset.id)}</code> administered by ${partyText(asset.admin, labels)}`,
    ],
    [
      'Time',
      after && before
        ? `From ${esc(after)} (inclusive) to ${esc(before)} (exclusive)`
        : after
          ? `From ${esc(after)} (inclusive), no end`
          : before
            ? `Before ${esc(before)} (exclusive), no start`
            : 'Any time',
    ],
    ['Order', filters.orderDesc ? 'Newest first' : 'Oldest first'],
    ['Page size', `${filters.pageSize} legs`],
    ['Node', nodeText(filters.nodeId, defaultNode)],
  ];
}

/** The node a query without one goes to: the profile's default, else the deployment's (when known). */
export type DefaultNode = { id: string; whose: 'profile' | 'deployment' } | null;

export function nodeText(nodeId: string | null, defaultNode: DefaultNode): string {
  if (nodeId) return `<code>${esc(nodeId)}</code>`;
  if (!defaultNode) return "The deployment's default node (not named by the service)";
  return `The ${defaultNode.whose}'s default node (<code>${esc(defaultNode.id)}</code>)`;
}
