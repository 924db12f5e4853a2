// The reconciliation's answer: four counts, then a table per category (what is wrong first, the
// matched last), each row saying in words what is wrong; the statement's unreadable lines by line.
import type { ReconcileCategory, ReconcileResult, ReconcileRow } from '../../../../src-shared/contract/reconcile.ts';
import { AmountCell } from '../../../ui/amount-cell.tsx';
import { useKeyboardGrid } from '../../../ui/keyboard-grid.ts';
import { count, formatTime, NULL_TEXT } from '../../../ui/local-format.ts';
import { useTimeZone } from '../../../ui/time-zone.ts';

const CATEGORIES: Array<{ key: ReconcileCategory; title: string }> = [
  { key: 'statement-only', title: 'In the statement only' },
  { key: 'ledger-only', title: 'In the ledger only' },
  { key: 'amount-differs', title: 'Amount differs' },
  { key: 'matched', title: 'Matched' },
];

export function ReconcileResults({ result }: { result: ReconcileResult }) {
  return (
    <div className="reconcile-results">
      <p role="status">
        {count(result.lines)} statement lines against {count(result.legs)} ledger legs in {count(result.elapsedMs)} ms
        {result.problemCount > 0 && `; ${count(result.problemCount)} lines not read (below)`}.
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
            id={`reconcile-${c.key}`}
            title={c.title}
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

function CategoryTable({ id, title, total, rows }: { id: string; title: string; total: number; rows: ReconcileRow[] }) {
  const grid = useKeyboardGrid();
  const zone = useTimeZone();
  return (
    <section className="reconcile-category" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>
        {title} ({count(total)})
      </h3>
      {rows.length < total && (
        <p className="muted">
          The first {count(rows.length)} of {count(total)} are shown: Export has every row.
        </p>
      )}
      <div className="table-scroll">
        <table ref={grid} id={id} aria-label={title}>
          <thead>
            <tr>
              <th scope="col">What</th>
              <th scope="col">Line</th>
              <th scope="col">Statement time</th>
              <th scope="col">Ledger time</th>
              <th scope="col">Counterparty</th>
              <th scope="col">Instrument</th>
              <th scope="col">Statement amount</th>
              <th scope="col">Ledger amount</th>
              <th scope="col">Reference</th>
              <th scope="col">Update id</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={`${r.line ?? ''}-${r.updateId ?? ''}-${r.ledgerAt ?? ''}`}>
                <td className="reconcile-message">{r.message}</td>
                <td>{r.line ?? NULL_TEXT}</td>
                <td>{r.statementAt ? formatTime(r.statementAt, zone) : NULL_TEXT}</td>
                <td>{r.ledgerAt ? formatTime(r.ledgerAt, zone) : NULL_TEXT}</td>
                <td className="reconcile-party">{r.counterparty}</td>
                <td>{r.instrument}</td>
                <td className="amount">
                  <AmountCell amount={r.statementAmount} decimals={null} label="statement amount" />
                </td>
                <td className="amount">
                  <AmountCell amount={r.ledgerAmount} decimals={null} label="ledger amount" />
                </td>
                <td>{r.reference ?? NULL_TEXT}</td>
                <td>{r.updateId ?? NULL_TEXT}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
