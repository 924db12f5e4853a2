// The filters of a query in a few words, for the folded filter bar and for the note over results
// that no longer match the form: what ran, readable at a glance (the full party id is a tooltip away).
import type { TransferFilters } from '../../../../src-shared/contract/transfers.ts';
import { type TimeZoneChoice, timeInputText } from '../../../../src-shared/time/time-text.ts';
import { shortenParty } from '../../../ui/party-format.ts';

export interface FiltersText {
  party: string;
  asset: string;
  time: string;
  order: string;
  node: string;
}

/**
 * Each filter as a short phrase; times as a time field would show them, in the zone the fields
 * read them in (docs/times.md), "UTC" said when that is the zone, so the text types back as it is.
 */
export function filtersText(filters: TransferFilters, zone: TimeZoneChoice): FiltersText {
  const { asset } = filters;
  const shown = (iso: string | null) => (iso ? `${timeInputText(iso, zone)}${zone === 'utc' ? ' UTC' : ''}` : null);
  const after = shown(filters.effectiveAfter);
  const before = shown(filters.effectiveBefore);
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
export function otherFiltersLine(filters: TransferFilters, zone: TimeZoneChoice): string {
  const { asset, time, order, node } = filtersText(filters, zone);
  return [asset, time, order, node].join(', ');
}
