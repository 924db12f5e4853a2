// The TanStack Table features the transfers table uses, and what its cells get from the screen.
import {
  columnFilteringFeature,
  columnOrderingFeature,
  columnResizingFeature,
  columnSizingFeature,
  columnVisibilityFeature,
  createFilteredRowModel,
  createSortedRowModel,
  globalFilteringFeature,
  type Row,
  rowSortingFeature,
  tableFeatures,
} from '@tanstack/react-table';
import type { TransferLeg } from '../../../../src-shared/contract/transfers.ts';
import type { TimeFormat, TimeZoneChoice } from './leg-format.ts';

/** What cells need from the screen, passed as the table's meta. */
export interface LegTableMeta {
  timeFormat: TimeFormat;
  timeZone: TimeZoneChoice;
  now: number;
  onDrill: (party: string) => void;
}

export const legFeatures = tableFeatures({
  columnVisibilityFeature,
  columnOrderingFeature,
  columnSizingFeature,
  columnResizingFeature,
  rowSortingFeature,
  columnFilteringFeature,
  globalFilteringFeature,
  sortedRowModel: createSortedRowModel(),
  filteredRowModel: createFilteredRowModel(),
  tableMeta: {} as LegTableMeta,
  columnMeta: {} as { label: string; numeric?: boolean },
});
export type LegFeatures = typeof legFeatures;
export type LegRow = Row<LegFeatures, TransferLeg>;
