// One instrument's counterparties, ranked by volume in + out (the order main gives): legs and
// exact volumes in and out, the net, first and last seen. A click on a row opens the relationship.
import { type ColumnDef, FlexRender, tableFeatures, useTable } from '@tanstack/react-table';
import type { CounterpartyRow } from '../../../../src-shared/contract/local-ledger.ts';
import { AmountCell } from '../../../ui/amount-cell.tsx';
import { useKeyboardGrid } from '../../../ui/keyboard-grid.ts';
import { PartyName } from '../../../ui/party-id.tsx';
import { TableScroll } from '../../../ui/table-scroll.tsx';
import { TimeText } from '../../../ui/time-text.tsx';
import { utcText } from '../flows/instrument-groups.ts';

const features = tableFeatures({});
type Ranked = CounterpartyRow & { rank: number };

const count = (n: number) => n.toLocaleString('en-US');

// Module scope: stable definitions, so the table is not rebuilt each render.
const columns: Array<ColumnDef<typeof features, Ranked>> = [
  { id: 'rank', header: '#', accessorFn: (r) => String(r.rank) },
  { id: 'counterparty', header: 'Counterparty', accessorFn: (r) => r.counterparty ?? '(none)' },
  { id: 'legsIn', header: 'Legs in', accessorFn: (r) => count(r.legsIn) },
  { id: 'legsOut', header: 'Legs out', accessorFn: (r) => count(r.legsOut) },
  { id: 'volumeIn', header: 'Volume in', accessorFn: (r) => r.volumeIn },
  { id: 'volumeOut', header: 'Volume out', accessorFn: (r) => r.volumeOut },
  { id: 'net', header: 'Net', accessorFn: (r) => r.net },
  // The day in the table (a ranking is read by day); the full time in the cell's title.
  { id: 'firstSeen', header: 'First seen (UTC)', accessorFn: (r) => r.firstSeen?.slice(0, 10) ?? '—' },
  { id: 'lastSeen', header: 'Last seen (UTC)', accessorFn: (r) => r.lastSeen?.slice(0, 10) ?? '—' },
];
const NUMERIC = new Set(['rank', 'legsIn', 'legsOut', 'volumeIn', 'volumeOut', 'net']);
/** Exact sums, whole (ui/amount-cell.tsx), each named for its Copy button. */
const AMOUNTS: Record<string, string> = { volumeIn: 'volume in', volumeOut: 'volume out', net: 'net' };

export function CounterpartyTable({
  label,
  rows,
  onOpen,
}: {
  label: string;
  rows: Ranked[];
  onOpen: (row: CounterpartyRow) => void;
}) {
  const table = useTable({ features, columns, data: rows });
  const grid = useKeyboardGrid();
  return (
    <TableScroll>
      <table ref={grid} className="data-table local-ranking" aria-label={`${label} counterparties`}>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col" className={NUMERIC.has(header.column.id) ? 'num' : undefined}>
                  <FlexRender header={header} />
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} onClick={() => row.original.counterparty && onOpen(row.original)}>
              {row.getAllCells().map((cell) => {
                const text = String(cell.getValue());
                const id = cell.column.id;
                if (id === 'counterparty') {
                  const party = row.original.counterparty;
                  return (
                    <td key={cell.id}>
                      {party ? (
                        // Named by what it shows (a voice-control user says what they see); what
                        // it does, with the full id, is its description.
                        <button
                          type="button"
                          className="local-counterparty-button"
                          title={`Open the relationship with ${party}`}
                          onClick={(e) => {
                            e.stopPropagation();
                            onOpen(row.original);
                          }}
                        >
                          <PartyName party={party} hover={`Open the relationship with ${party}`} />
                        </button>
                      ) : (
                        <span className="muted">{text}</span>
                      )}
                    </td>
                  );
                }
                if (id in AMOUNTS) {
                  return (
                    <td key={cell.id} className="num" data-column={id}>
                      <AmountCell amount={text} decimals={row.original.decimals} label={AMOUNTS[id]} />
                    </td>
                  );
                }
                const seen = seenAt(id, row.original);
                return (
                  <td key={cell.id} className={NUMERIC.has(id) ? 'num mono' : undefined}>
                    {seen === undefined ? text : <TimeText text={text} sent={seen && utcText(seen)} />}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** First or last seen: the time behind the day shown (its whole text on hover). */
function seenAt(column: string, row: CounterpartyRow): string | null | undefined {
  if (column === 'firstSeen') return row.firstSeen;
  if (column === 'lastSeen') return row.lastSeen;
  return undefined;
}
