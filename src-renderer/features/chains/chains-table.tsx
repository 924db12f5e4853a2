import {
  type ColumnDef,
  columnFilteringFeature,
  createFilteredRowModel,
  FlexRender,
  filterFn_includesString,
  globalFilteringFeature,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { useEffect, useRef } from 'react';
import type { ChainSummary } from '../../../src-shared/contract/schemas.ts';
import { CopyLinkButton } from '../../ui/copy-link-button.tsx';
import { useKeyboardGrid } from '../../ui/keyboard-grid.ts';

const features = tableFeatures({
  columnFilteringFeature,
  globalFilteringFeature,
  filteredRowModel: createFilteredRowModel(),
  filterFns: { includesString: filterFn_includesString },
});

// Defined once at module scope: stable column definitions, so the table is not rebuilt each render.
const columns: Array<ColumnDef<typeof features, ChainSummary>> = [
  {
    id: 'name',
    accessorKey: 'name',
    header: 'Name',
    cell: (info) => <span className="mono">{String(info.getValue())}</span>,
  },
  {
    // The listing's shape is not in the spec: every other field it gives is shown, as text.
    id: 'details',
    accessorFn: (chain) => summarize(chain.fields),
    header: 'Details',
    cell: (info) => <ChainFields fields={info.row.original.fields} />,
  },
  {
    id: 'actions',
    header: () => <span className="visually-hidden">Actions</span>,
    cell: () => null, // rendered by the table below, which knows the callback
  },
];

/** The chain listing as a table with a quick filter over every field. Service data is never HTML. */
export function ChainsTable({
  chains,
  search,
  onOpen,
  profileId,
  focus,
}: {
  chains: ChainSummary[];
  search: string;
  onOpen: (chain: string) => void;
  /** For each row's Copy link (none without it). */
  profileId?: string;
  /** The chain a link or the palette asked for: brought into view, marked, its button focused. */
  focus?: { chain: string } | null;
}) {
  const table = useTable({
    features,
    columns,
    data: chains,
    state: { globalFilter: search },
    globalFilterFn: 'includesString',
    getColumnCanGlobalFilter: (column) => column.id !== 'actions',
  });
  const rows = table.getRowModel().rows;
  const body = useRef<HTMLTableSectionElement>(null);
  const grid = useKeyboardGrid();
  useEffect(() => {
    if (!focus) return;
    const row = [...(body.current?.rows ?? [])].find((r) => r.dataset.chain === focus.chain);
    row?.scrollIntoView?.({ block: 'center' });
    row?.querySelector('button')?.focus();
  }, [focus]);
  return (
    <>
      <table ref={grid} className="data-table" aria-label="Chains">
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col">
                  <FlexRender header={header} />
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody ref={body}>
          {rows.map((row) => (
            <tr
              key={row.id}
              data-chain={row.original.name}
              className={focus?.chain === row.original.name ? 'focused-row' : undefined}
            >
              {row.getAllCells().map((cell) =>
                cell.column.id === 'actions' ? (
                  <td key={cell.id} className="row-actions">
                    <button type="button" onClick={() => onOpen(row.original.name)}>
                      {/* The chain's name is read out but not shown: an aria-label would replace the
                          visible words, and speech users say what they see (label-content-name-mismatch). */}
                      Open<span className="visually-hidden"> {row.original.name}</span> in the RPC console
                    </button>
                    {profileId && (
                      <CopyLinkButton
                        target={{ kind: 'chain', profile: profileId, chain: row.original.name }}
                        what={`chain ${row.original.name}`}
                      />
                    )}
                  </td>
                ) : (
                  <td key={cell.id}>
                    <FlexRender cell={cell} />
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {focus && !chains.some((c) => c.name === focus.chain) && (
        <p className="banner banner-warning" role="status">
          The chain “{focus.chain}” is not in this profile’s listing.
        </p>
      )}
      {rows.length === 0 && (
        <p className="muted" role="status">
          No chain matches “{search}”.
        </p>
      )}
    </>
  );
}

function ChainFields({ fields }: { fields: Record<string, unknown> }) {
  return (
    <span className="chain-fields">
      {Object.entries(fields)
        .filter(([key]) => key !== 'name')
        .map(([key, value]) => (
          <span key={key} className="chain-field mono">
            <span className="muted">{key}: </span>
            {show(value)}
          </span>
        ))}
    </span>
  );
}

function summarize(fields: Record<string, unknown>): string {
  return Object.entries(fields)
    .filter(([key]) => key !== 'name')
    .map(([key, value]) => `${key}: ${show(value)}`)
    .join(' · ');
}

function show(value: unknown): string {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}
