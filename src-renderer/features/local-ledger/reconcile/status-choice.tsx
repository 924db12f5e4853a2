// Which leg statuses the statement is expected to hold (issue 37, item 17): one box per status the
// party has stored, with its legs. A leg of a status left unticked is not on the ledger side (it is
// counted apart in the result), so a withdrawn transfer is not reported as missing from the books.
// By default every status but those that moved nothing (failed, withdrawn and their kin): a
// statement holds what was paid. docs/reconcile.md, "Statuses".

/** Statuses a statement is not expected to hold unless the user says so: nothing moved. */
const MOVED_NOTHING: ReadonlySet<string> = new Set([
  'failed',
  'withdrawn',
  'rejected',
  'cancelled',
  'canceled',
  'expired',
]);

/** The statuses ticked at first: every stored one but those that moved nothing. */
export function expectedStatuses(stored: ReadonlyArray<{ status: string | null }>): Array<string | null> {
  return stored.map((s) => s.status).filter((s) => s === null || !MOVED_NOTHING.has(s.toLowerCase()));
}

export function StatusChoice({
  stored,
  chosen,
  onChange,
  error,
}: {
  stored: ReadonlyArray<{ status: string | null; legs: number }>;
  chosen: ReadonlyArray<string | null>;
  onChange: (next: Array<string | null>) => void;
  error: string | null;
}) {
  return (
    <fieldset className="reconcile-statuses">
      <legend>Statuses the statement holds</legend>
      {stored.map(({ status, legs }) => (
        <label key={status ?? '\u0000none'}>
          <input
            type="checkbox"
            checked={chosen.includes(status)}
            onChange={(e) =>
              onChange(
                stored.map((s) => s.status).filter((s) => (s === status ? e.target.checked : chosen.includes(s))),
              )
            }
          />
          {status ?? '(no status)'} <span className="muted">({legs.toLocaleString('en')})</span>
        </label>
      ))}
      <p className="field-hint muted">Legs of the other statuses are left out of the ledger side, and counted.</p>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
