// The reconciliation's answer: four counts, then a table per category (what is wrong first, the
// matched last), each under a line saying what its rows have in common, with the columns that
// category has (a line in the statement only has no ledger time); the statement's unreadable lines
// by line. Party ids and update ids are shortened on one line (whole on hover, on keyboard focus
// and in a copy), times and amounts whole; a wide table scrolls in its own box (ui/table-scroll).
// The export has every row, with the message in words.
import type { ReactNode } from 'react';
import {
  type ReconcileCategory,
  type ReconcileResult,
  type ReconcileRow,
  toleranceText,
} from '../../../../src-shared/contract/reconcile.ts';
import type { TimeZoneChoice } from '../../../../src-shared/time/time-text.ts';
import { AmountCell } from '../../../ui/amount-cell.tsx';
import { useKeyboardGrid } from '../../../ui/keyboard-grid.ts';
import { count, formatTime, NULL_TEXT } from '../../../ui/local-format.ts';
import { PartyName } from '../../../ui/party-id.tsx';
import { TableScroll } from '../../../ui/table-scroll.tsx';
import { TimeText } from '../../../ui/time-text.tsx';
import { useTimeZone } from '../../../ui/time-zone.ts';
import { UpdateId } from '../../../ui/update-id.tsx';

const CATEGORIES: Array<{ key: ReconcileCategory; title: string; says: (tolerance: string) => string }> = [
  {
    key: 'statement-only',
    title: 'In the statement only',
    says: (t) => `No ledger leg with the same counterparty, instrument, direction and amount within ${t}.`,
  },
  {
    key: 'ledger-only',
    title: 'In the ledger only',
    says: (t) => `No statement line with the same counterparty, instrument, direction and amount within ${t}.`,
  },
  {
    key: 'amount-differs',
    title: 'Amount differs',
    says: (t) => `The same transfer (counterparty and instrument, within ${t} or by reference), another amount.`,
  },
  {
    key: 'matched',
    title: 'Matched',
    says: (t) => `One line and one leg: counterparty, instrument, direction and exact amount, within ${t}.`,
  },
];

interface Column {
  header: string;
  numeric?: true;
  cell: (row: ReconcileRow, zone: TimeZoneChoice) => ReactNode;
}

const time = (iso: string | null, zone: TimeZoneChoice) =>
  iso ? <TimeText text={formatTime(iso, zone)} sent={iso} /> : NULL_TEXT;

const COLUMNS = {
  line: { header: 'Line', numeric: true, cell: (r) => r.line ?? NULL_TEXT },
  statementAt: { header: 'Statement time', cell: (r, zone) => time(r.statementAt, zone) },
  ledgerAt: { header: 'Ledger time', cell: (r, zone) => time(r.ledgerAt, zone) },
  counterparty: {
    header: 'Counterparty',
    cell: (r) => (r.counterparty === null ? NULL_TEXT : <PartyName party={r.counterparty} />),
  },
  instrument: { header: 'Instrument', cell: (r) => r.instrument ?? NULL_TEXT },
  statementAmount: {
    header: 'Statement amount',
    numeric: true,
    cell: (r) => <AmountCell amount={r.statementAmount} decimals={null} label="statement amount" />,
  },
  ledgerAmount: {
    header: 'Ledger amount',
    numeric: true,
    cell: (r) => <AmountCell amount={r.ledgerAmount} decimals={null} label="ledger amount" />,
  },
  reference: {
    header: 'Reference',
    cell: (r) => (r.reference ? <UpdateId id={r.reference} name="reference" /> : NULL_TEXT),
  },
  status: { header: 'Status', cell: (r) => r.status ?? NULL_TEXT },
  updateId: { header: 'Update id', cell: (r) => (r.updateId ? <UpdateId id={r.updateId} /> : NULL_TEXT) },
} satisfies Record<string, Column>;

/** Each category's columns: what its rows have (a statement line, a leg, or both). */
const COLUMNS_OF: Record<ReconcileCategory, Array<keyof typeof COLUMNS>> = {
  'statement-only': ['line', 'statementAt', 'counterparty', 'instrument', 'statementAmount', 'reference'],
  'ledger-only': ['ledgerAt', 'counterparty', 'instrument', 'ledgerAmount', 'status', 'updateId'],
  'amount-differs': [
    'line',
    'statementAt',
    'ledgerAt',
    'counterparty',
    'instrument',
    'statementAmount',
    'ledgerAmount',
    'status',
    'reference',
    'updateId',
  ],
  matched: [
    'line',
    'statementAt',
    'ledgerAt',
    'counterparty',
    'instrument',
    'ledgerAmount',
    'status',
    'reference',
    'updateId',
  ],
};

export function ReconcileResults({ result, toleranceSeconds }: { result: ReconcileResult; toleranceSeconds: number }) {
  const left = result.otherStatuses.reduce((sum, s) => sum + s.legs, 0);
  return (
    <div className="reconcile-results">
      <p role="status">
        {count(result.lines)} statement {result.lines === 1 ? 'line' : 'lines'} against {count(result.legs)} ledger{' '}
        {result.legs === 1 ? 'leg' : 'legs'} in {count(result.elapsedMs)} ms
        {result.problemCount > 0 &&
          `; ${count(result.problemCount)} ${result.problemCount === 1 ? 'line' : 'lines'} not read (below)`}
        .
        {left > 0 &&
          ` ${count(left)} ${left === 1 ? 'leg' : 'legs'} of other statuses left out: ${result.otherStatuses
            .map((s) => `${s.status ?? '(no status)'} ${count(s.legs)}`)
            .join(', ')}.`}
      </p>
      <ul className="reconcile-counts" aria-label="Reconciliation counts">
        {CATEGORIES.map((c) => (
          <li key={c.key} className={`reconcile-count reconcile-${c.key}`}>
            <a href={`#reconcile-${c.key}`}>
              <strong>{count(result.counts[c.key])}</strong> {c.title.toLowerCase()}
            </a>
          </li>
        ))}
      </ul>
      {CATEGORIES.map((c) =>
        result.counts[c.key] > 0 ? (
          <CategoryTable
            key={c.key}
            category={c.key}
            title={c.title}
            says={c.says(toleranceText(toleranceSeconds))}
            total={result.counts[c.key]}
            rows={result.rows[c.key]}
          />
        ) : null,
      )}
      {result.problemCount > 0 && (
        <section aria-label="Lines not read">
          <h3>Lines not read ({count(result.problemCount)})</h3>
          <ul className="reconcile-problems">
            {result.problems.map((p) => (
              <li key={`${p.line}-${p.message}`}>
                Line {p.line}: {p.message}
              </li>
            ))}
          </ul>
          {result.problemCount > result.problems.length && (
            <p className="muted">The first {count(result.problems.length)} are listed.</p>
          )}
        </section>
      )}
    </div>
  );
}

function CategoryTable({
  category,
  title,
  says,
  total,
  rows,
}: {
  category: ReconcileCategory;
  title: string;
  says: string;
  total: number;
  rows: ReconcileRow[];
}) {
  const grid = useKeyboardGrid();
  const zone = useTimeZone();
  const id = `reconcile-${category}`;
  const columns = COLUMNS_OF[category].map((key) => COLUMNS[key] as Column);
  return (
    <section className="reconcile-category" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>
        {title} ({count(total)})
      </h3>
      <p className="muted" id={`${id}-says`}>
        {says}
        {rows.length < total && ` The first ${count(rows.length)} of ${count(total)} are shown: Export has every row.`}
      </p>
      <TableScroll>
        <table
          ref={grid}
          id={id}
          className="data-table reconcile-table"
          aria-label={title}
          aria-describedby={`${id}-says`}
        >
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.header} scope="col" className={c.numeric ? 'num' : undefined}>
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the rows of one answer, never reordered
              <tr key={i}>
                {columns.map((c) => (
                  <td key={c.header} className={c.numeric ? 'num' : undefined}>
                    {c.cell(r, zone)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}
