// The filters of a query in a few words, for the folded filter bar and for the note over results
// that no longer match the form: what ran, readable at a glance (the full party id is a tooltip away).
import type { TransferFilters } from '../../../../src-shared/contract/transfers.ts';
import { shortenParty } from '../../../ui/party-format.ts';

export interface FiltersText {
  party: string;
  asset: string;
  time: string;
  order: string;
  node: string;
}

/** Each filter as a short phrase; times as the service was sent them (ISO with their offset). */
export function filtersText(filters: TransferFilters): FiltersText {
  const { asset, effectiveAfter: after, effectiveBefore: before } = filters;
  return {
    party: shortenParty(filters.party),
    asset:
      asset.kind === 'all'
        ? 'all assets'
        : asset.kind === 'ledgerCoin'
          ? 'Canton Coin'
          : `instrument ${asset.id} (${shortenParty(asset.admin)})`,
    time:
      after && before
        ? `from ${after} before ${before}`
        : after
          ? `from ${after}`
          : before
            ? `before ${before}`
            : 'any time',
    order: filters.orderDesc ? 'newest first' : 'oldest first',
    node: filters.nodeId ? `node ${filters.nodeId}` : 'default node',
  };
}

/** The filters after the party, in one line: "all assets, any time, newest first, default node". */
export function otherFiltersLine(filters: TransferFilters): string {
  const { asset, time, order, node } = filtersText(filters);
  return [asset, time, order, node].join(', ');
}
