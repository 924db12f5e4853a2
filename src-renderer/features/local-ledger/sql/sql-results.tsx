// A query's rows, virtualized (only the rows in view are in the DOM): text as it came, numbers to
// the right, null as a muted "null". The cap is said above the table: an export has every row.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import type { SqlCell, SqlResult } from '../../../../src-shared/contract/local-ledger.ts';
import { count } from '../../../ui/local-format.ts';

const ROW_HEIGHT = 28;
const COLUMN_WIDTH = 180;

function Cell({ value }: { value: SqlCell }) {
  if (value === null) return <span className="muted">null</span>;
  return <>{String(value)}</>;
}

export function SqlResults({ result }: { result: SqlResult }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: result.rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  const width = Math.max(1, result.columns.length) * COLUMN_WIDTH;
  const template = `repeat(${result.columns.length}, ${COLUMN_WIDTH}px)`;
  return (
    <section className="sql-results">
      <p className="sql-summary" role="status">
        {result.truncated
          ? `First ${count(result.rows.length)} rows of more: export for all.`
          : `${count(result.rows.length)} ${result.rows.length === 1 ? 'row' : 'rows'}`}{' '}
        <span className="muted">in {count(result.elapsedMs)} ms</span>
      </p>
      <div className="sql-scroll" ref={scrollRef}>
        <table
          // biome-ignore lint/a11y/noRedundantRoles: display:grid drops implicit table semantics in some browsers
          role="table"
          className="sql-table"
          aria-label="Query results"
          aria-rowcount={result.rows.length + 1}
          style={{ width }}
        >
          <thead className="sql-head">
            {/* biome-ignore lint/a11y/noRedundantRoles: see the table's role */}
            <tr role="row" className="sql-row" style={{ gridTemplateColumns: template }}>
              {result.columns.map((column) => (
                // biome-ignore lint/a11y/noRedundantRoles: see the table's role
                <th key={column.name} role="columnheader" scope="col" title={column.type}>
                  {column.name} <span className="muted">{column.type}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="sql-body" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((item) => (
              <tr
                key={item.key}
                // biome-ignore lint/a11y/noRedundantRoles: see the table's role
                role="row"
                className="sql-row"
                aria-rowindex={item.index + 2}
                style={{ gridTemplateColumns: template, transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
              >
                {result.rows[item.index].map((value, i) => (
                  <td
                    key={result.columns[i]?.name ?? i}
                    // biome-ignore lint/a11y/noRedundantRoles: see the table's role
                    role="cell"
                    className={typeof value === 'number' ? 'sql-number' : undefined}
                  >
                    <Cell value={value} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
