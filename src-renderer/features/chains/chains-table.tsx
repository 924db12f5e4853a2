import { type ColumnDef, FlexRender, tableFeatures, useTable } from '@tanstack/react-table';
import type { ChainSummary } from '../../../src-shared/contract/schemas.ts';

const features = tableFeatures({});

// Defined once at module scope: stable column definitions, so the table is not rebuilt each render.
const columns: Array<ColumnDef<typeof features, ChainSummary>> = [
  {
    id: 'name',
    accessorKey: 'name',
    header: 'Name',
    cell: (info) => <span className="mono">{String(info.getValue())}</span>,
  },
  {
    id: 'details',
    accessorFn: (chain) => summarize(chain.fields),
    header: 'Details',
    cell: (info) => <span className="mono muted">{String(info.getValue())}</span>,
  },
];

/** The chain listing as a table. Every value is rendered as text: service data is never HTML. */
export function ChainsTable({ chains }: { chains: ChainSummary[] }) {
  const table = useTable({ features, columns, data: chains });
  return (
    <table className="data-table" aria-label="Chains">
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
      <tbody>
        {table.getRowModel().rows.map((row) => (
          <tr key={row.id}>
            {row.getAllCells().map((cell) => (
              <td key={cell.id}>
                <FlexRender cell={cell} />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function summarize(fields: Record<string, unknown>): string {
  return Object.entries(fields)
    .filter(([key]) => key !== 'name')
    .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join(' · ');
}
