// The filter form folded into one line once a query has run: the filters on screen (party, asset,
// time, order, node), and a click or Enter anywhere on it unfolds the form to change them.
import type { TransferFilters } from '../../../../src-shared/contract/transfers.ts';
import { useTimeZone } from '../../../ui/time-zone.ts';
import { filtersText } from './filters-text.ts';
import './filter-bar.css';

export function FilterBar({
  filters,
  controls,
  onEdit,
}: {
  filters: TransferFilters;
  /** The id of the folded form. */
  controls: string;
  onEdit: () => void;
}) {
  const text = filtersText(filters, useTimeZone());
  return (
    <button
      type="button"
      className="filter-bar panel"
      data-testid="filter-bar"
      aria-expanded={false}
      aria-controls={controls}
      onClick={onEdit}
      title={`Edit the filters (party ${filters.party})`}
    >
      <strong className="mono">{text.party}</strong>
      <span>{text.asset}</span>
      <span>{text.time}</span>
      <span>{text.order}</span>
      <span>{text.node}</span>
      <span className="filter-bar-edit">Edit filters</span>
    </button>
  );
}
