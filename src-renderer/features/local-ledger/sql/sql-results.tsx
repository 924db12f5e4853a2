// A query's rows, virtualized (only the rows in view are in the DOM): text as it came, null as a
// muted "null". Every number is whole: a column of numbers (by its DuckDB type, or text that is
// all plain decimals, like `amount` or an exact sum rendered as text) is right-aligned, as wide as
// its widest value, and its cells are the app's amount cell (ui/amount-cell.tsx) without grouping:
// the query's own digits. Other text widens up to TEXT_MAX_CHARS and is cut beyond, whole on hover.
// Widths come from the rows main sent (at most the row cap), never from rendering them.
// The cap is said above the table: an export has every row.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef } from 'react';
import type { SqlCell, SqlResult } from '../../../../src-shared/contract/local-ledger.ts';
import { AmountCell, useAmountCharPx } from '../../../ui/amount-cell.tsx';
import { amountChars, amountColumnPx } from '../../../ui/amount-text.ts';
import { useKeyboardGrid } from '../../../ui/keyboard-grid.ts';
import { count } from '../../../ui/local-format.ts';

const ROW_HEIGHT = 28;
/** A text column widens to its longest value up to this many characters (a party id is 84). */
const TEXT_MAX_CHARS = 96;
const MIN_COLUMN_PX = 60;
const CELL_PADDING_PX = 16;

const NUMBER_TYPE =
  /^(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT|UHUGEINT|BIGNUM|VARINT|FLOAT|REAL|DOUBLE|DECIMAL(\(\d+,\s*\d+\))?)$/i;
const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

interface ColumnLook {
  /** Numbers: whole, right-aligned, with Copy. */
  number: boolean;
  px: number;
}

/** Whether a column holds numbers: by its type, or text whose every value is a plain decimal. */
function isNumberColumn(type: string, rows: SqlCell[][], index: number): boolean {
  if (NUMBER_TYPE.test(type.trim())) return true;
  let any = false;
  for (const row of rows) {
    const value = row[index];
    if (value === null) continue;
    if (typeof value !== 'string' || !DECIMAL_TEXT.test(value)) return false;
    any = true;
  }
  return any;
}

function columnLooks(result: SqlResult, charPx: number): ColumnLook[] {
  return result.columns.map((column, index) => {
    const number = isNumberColumn(column.type, result.rows, index);
    const header = column.name.length + 1 + column.type.length;
    let widest = 0;
    for (const row of result.rows) {
      const value = row[index];
      const chars =
        value === null
          ? 4
          : number
            ? amountChars({ amount: String(value), decimals: null, group: false })
            : String(value).length;
      if (chars > widest) widest = chars;
    }
    const px = number
      ? Math.max(amountColumnPx(widest, charPx), Math.ceil(header * charPx) + CELL_PADDING_PX)
      : Math.ceil(Math.min(TEXT_MAX_CHARS, Math.max(widest, header)) * charPx) + CELL_PADDING_PX;
    return { number, px: Math.max(MIN_COLUMN_PX, px) };
  });
}

function Cell({ value, number, label }: { value: SqlCell; number: boolean; label: string }) {
  if (value === null) return <span className="muted">null</span>;
  if (number) return <AmountCell amount={String(value)} decimals={null} group={false} label={label} />;
  return <>{String(value)}</>;
}

export function SqlResults({ result }: { result: SqlResult }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const charPx = useAmountCharPx();
  const looks = useMemo(() => columnLooks(result, charPx), [result, charPx]);
  const virtualizer = useVirtualizer({
    count: result.rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  // One Tab stop, arrows inside; a row past the drawn ones is scrolled to (row 0 is the header).
  const grid = useKeyboardGrid({ scrollToRow: (row) => virtualizer.scrollToIndex(row - 1) });
  const width = Math.max(
    1,
    looks.reduce((sum, look) => sum + look.px, 0),
  );
  const template = looks.map((look) => `${look.px}px`).join(' ') || '1px';
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
          ref={grid}
          // biome-ignore lint/a11y/noRedundantRoles: display:grid drops implicit table semantics in some browsers
          role="table"
          className="sql-table"
          aria-label="Query results"
          aria-rowcount={result.rows.length + 1}
          style={{ width }}
        >
          <thead className="sql-head">
            {/* biome-ignore lint/a11y/noRedundantRoles: see the table's role */}
            <tr role="row" className="sql-row" aria-rowindex={1} style={{ gridTemplateColumns: template }}>
              {result.columns.map((column, i) => (
                <th
                  key={column.name}
                  // biome-ignore lint/a11y/noRedundantRoles: see the table's role
                  role="columnheader"
                  scope="col"
                  title={column.type}
                  className={looks[i]?.number ? 'sql-number' : undefined}
                >
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
                {result.rows[item.index].map((value, i) => {
                  const number = looks[i]?.number ?? false;
                  const text = value === null ? undefined : String(value);
                  return (
                    <td
                      key={result.columns[i]?.name ?? i}
                      // biome-ignore lint/a11y/noRedundantRoles: see the table's role
                      role="cell"
                      className={number ? 'sql-number' : undefined}
                      // A text value cut at the column's width is whole on hover.
                      title={!number && text && text.length > TEXT_MAX_CHARS ? text : undefined}
                    >
                      <Cell value={value} number={number} label={result.columns[i]?.name ?? 'value'} />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
