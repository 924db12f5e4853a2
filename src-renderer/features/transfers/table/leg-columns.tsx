// Every field of a transfer leg as a table column. Cells render service data as text only.
import {
  type ColumnDef,
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
import { type Decimal, parseDecimal, rescale } from '../../../../src-shared/decimal.ts';
import { shortenParty } from '../../../ui/party-format.ts';
import { formatEffectiveAt, formatLegAmount, NULL_TEXT, type TimeFormat, type TimeZoneChoice } from './leg-format.ts';

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
type Features = typeof legFeatures;
type LegRow = Row<Features, TransferLeg>;

const compareNullable = <T,>(a: T | null, b: T | null, compare: (x: T, y: T) => number): number => {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return compare(a, b);
};
const byText = (a: LegRow, b: LegRow, id: string) =>
  compareNullable(a.getValue(id) as string | null, b.getValue(id) as string | null, (x, y) =>
    x < y ? -1 : x > y ? 1 : 0,
  );
const byNumber = (a: LegRow, b: LegRow, id: string) =>
  compareNullable(a.getValue(id) as number | null, b.getValue(id) as number | null, (x, y) => x - y);
/** Parsed once per leg: sorting 100,000 legs compares about two million times. */
const parsedAmounts = new WeakMap<TransferLeg, Decimal | null>();
function amountOf(leg: TransferLeg): Decimal | null {
  let parsed = parsedAmounts.get(leg);
  if (parsed === undefined) {
    parsed = leg.amount === null ? null : parseDecimal(leg.amount);
    parsedAmounts.set(leg, parsed);
  }
  return parsed;
}
/** Amounts compared exactly as decimals (never as floats), across any number of decimals. */
const byAmount = (a: LegRow, b: LegRow) =>
  compareNullable(amountOf(a.original), amountOf(b.original), (x, y) => {
    const scale = Math.max(x.scale, y.scale);
    const dx = x.scale === scale ? x.units : rescale(x, scale).units;
    const dy = y.scale === scale ? y.units : rescale(y, scale).units;
    return dx < dy ? -1 : dx > dy ? 1 : 0;
  });
const byDirection = (a: LegRow, b: LegRow) => Number(a.original.isIncoming) - Number(b.original.isIncoming);

const partyCell = (party: string | null) =>
  party === null ? (
    <span className="muted">{NULL_TEXT}</span>
  ) : (
    <span className="mono" title={party}>
      {shortenParty(party)}
    </span>
  );

const text = (value: unknown) =>
  value === null || value === undefined ? <span className="muted">{NULL_TEXT}</span> : String(value);

export const legColumns: Array<ColumnDef<Features, TransferLeg>> = [
  {
    id: 'isIncoming',
    accessorKey: 'isIncoming',
    header: 'Direction',
    meta: { label: 'Direction' },
    size: 90,
    sortFn: byDirection,
    enableGlobalFilter: false,
    cell: (info) =>
      info.row.original.isIncoming ? (
        <span className="badge badge-in">incoming</span>
      ) : (
        <span className="badge badge-out">outgoing</span>
      ),
  },
  {
    id: 'effectiveAt',
    accessorKey: 'effectiveAt',
    header: 'Effective at',
    meta: { label: 'Effective at' },
    size: 200,
    sortFn: byText,
    cell: (info) => {
      const meta = info.table.options.meta as LegTableMeta;
      const iso = info.row.original.effectiveAt;
      return (
        <span title={iso ?? undefined}>
          {formatEffectiveAt(iso, { format: meta.timeFormat, zone: meta.timeZone, now: meta.now })}
        </span>
      );
    },
  },
  {
    id: 'amount',
    accessorKey: 'amount',
    header: 'Amount',
    meta: { label: 'Amount', numeric: true },
    size: 220,
    sortFn: byAmount,
    cell: (info) => {
      const { amount, decimals } = info.row.original;
      return amount === null ? (
        <span className="muted">{NULL_TEXT}</span>
      ) : (
        <span title={amount}>{formatLegAmount(amount, decimals)}</span>
      );
    },
  },
  {
    id: 'symbol',
    accessorKey: 'symbol',
    header: 'Symbol',
    meta: { label: 'Symbol' },
    size: 90,
    sortFn: byText,
    cell: (info) => text(info.getValue()),
  },
  {
    id: 'counterparty',
    accessorKey: 'counterparty',
    header: 'Counterparty',
    meta: { label: 'Counterparty' },
    size: 210,
    sortFn: byText,
    cell: (info) => {
      const party = info.row.original.counterparty;
      if (party === null) return <span className="muted">{NULL_TEXT}</span>;
      const meta = info.table.options.meta as LegTableMeta;
      return (
        <button
          type="button"
          className="link-button mono"
          title={`Show the transfers of ${party}`}
          onClick={(event) => {
            event.stopPropagation();
            meta.onDrill(party);
          }}
        >
          {shortenParty(party)}
        </button>
      );
    },
  },
  {
    id: 'status',
    accessorKey: 'status',
    header: 'Status',
    meta: { label: 'Status' },
    size: 100,
    sortFn: byText,
    cell: (info) => text(info.getValue()),
  },
  {
    id: 'updateId',
    accessorKey: 'updateId',
    header: 'Update id',
    meta: { label: 'Update id' },
    size: 180,
    sortFn: byText,
    cell: (info) => {
      const id = info.row.original.updateId;
      return id === null ? (
        <span className="muted">{NULL_TEXT}</span>
      ) : (
        <span className="mono" title={id}>
          {id}
        </span>
      );
    },
  },
  {
    id: 'senderParty',
    accessorKey: 'senderParty',
    header: 'Sender',
    meta: { label: 'Sender' },
    size: 200,
    sortFn: byText,
    cell: (info) => partyCell(info.row.original.senderParty),
  },
  {
    id: 'receiverParty',
    accessorKey: 'receiverParty',
    header: 'Receiver',
    meta: { label: 'Receiver' },
    size: 200,
    sortFn: byText,
    cell: (info) => partyCell(info.row.original.receiverParty),
  },
  {
    id: 'instrumentId',
    accessorKey: 'instrumentId',
    header: 'Instrument id',
    meta: { label: 'Instrument id' },
    size: 150,
    sortFn: byText,
    cell: (info) => text(info.getValue()),
  },
  {
    id: 'instrumentAdmin',
    accessorKey: 'instrumentAdmin',
    header: 'Instrument admin',
    meta: { label: 'Instrument admin' },
    size: 200,
    sortFn: byText,
    cell: (info) => partyCell(info.row.original.instrumentAdmin),
  },
  {
    id: 'decimals',
    accessorKey: 'decimals',
    header: 'Decimals',
    meta: { label: 'Decimals', numeric: true },
    size: 90,
    sortFn: byNumber,
    enableGlobalFilter: false,
    cell: (info) => text(info.getValue()),
  },
];

export const LEG_COLUMN_IDS: readonly string[] = legColumns.map((c) => c.id as string);

/** Hidden until the user shows them: the rest fit a laptop screen. */
export const DEFAULT_HIDDEN: Record<string, boolean> = { instrumentAdmin: false, decimals: false };
