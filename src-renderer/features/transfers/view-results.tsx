// The results of the query on screen: the table of legs with the picked leg's detail beside it,
// then their summary. Marked as the last query's while the form refuses a change to it.
import { useEffect, useState } from 'react';
import type { TableLayout } from '../../../src-shared/contract/schemas.ts';
import type { TransferFilters, TransferLeg } from '../../../src-shared/contract/transfers.ts';
import { shortenParty } from '../../ui/party-format.ts';
import { UnknownFieldsNotice } from './cards/unknown-fields-notice.tsx';
import { otherFiltersLine } from './filters/filters-text.ts';
import { SummaryPanel } from './summary/summary-panel.tsx';
import { LegDetail } from './table/leg-detail.tsx';
import type { LegTableMeta } from './table/leg-table-features.ts';
import { TransfersTable } from './table/transfers-table.tsx';
import type { ShownTransfers } from './use-shown-transfers.ts';

export function ViewResults({
  shown,
  filters,
  stale,
  meta,
  layout,
  updateLayout,
}: {
  shown: ShownTransfers;
  filters: TransferFilters;
  /** The form refused a change since these ran: they are the last query's, not the form's. */
  stale: boolean;
  meta: LegTableMeta;
  layout: TableLayout;
  updateLayout: (change: (current: TableLayout) => TableLayout) => void;
}) {
  const [selected, setSelected] = useState<TransferLeg | null>(null);
  const { resetKey } = shown;
  useEffect(() => {
    if (resetKey) setSelected(null);
  }, [resetKey]);
  return (
    <>
      {stale && (
        <p className="banner banner-warning" role="status" data-testid="stale-results">
          Showing results for the last query that ran: {shortenParty(filters.party)},{' '}
          {otherFiltersLine(filters, meta.timeZone)}; fix the form to run a new one.
        </p>
      )}
      <div className="view-results" style={stale ? { opacity: 0.55 } : undefined} data-stale={stale || undefined}>
        <UnknownFieldsNotice fields={shown.unknownFields} />
        <div className={selected ? 'table-with-detail' : undefined}>
          <TransfersTable
            legs={shown.legs}
            meta={meta}
            layout={layout}
            updateLayout={updateLayout}
            selected={selected}
            onSelect={setSelected}
            resetKey={resetKey}
          />
          {selected && <LegDetail leg={selected} onClose={() => setSelected(null)} />}
        </div>
        {/* Below the table: the rows are what a query is run for, so they start high on the first
            screen; the totals and the chart follow. */}
        <SummaryPanel chunks={shown.chunks} zone={meta.timeZone} />
      </div>
    </>
  );
}
