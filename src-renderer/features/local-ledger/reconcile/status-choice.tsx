// Which leg statuses the statement is expected to hold (issue 37, item 17): one box per status the
// party has stored, with its legs. A leg of a status left unticked is not on the ledger side (it is
// counted apart in the result), so a withdrawn transfer is not reported as missing from the books.
// By default every status but those that moved nothing (failed, withdrawn and their kin): a
// statement holds what was paid. The request names the statuses left out, not those held: a party
// may have any number of statuses, and the unticked are normally few. docs/reconcile.md, "Statuses".
import { RECONCILE_MAX_LEFT_OUT } from '../../../../src-shared/contract/reconcile.ts';

/** Statuses a statement is not expected to hold unless the user says so: nothing moved. */
const MOVED_NOTHING: ReadonlySet<string> = new Set([
  'failed',
  'withdrawn',
  'rejected',
  'cancelled',
  'canceled',
  'expired',
]);

type Stored = ReadonlyArray<{ status: string | null }>;

/** The statuses unticked at first: the stored ones that moved nothing. */
export function defaultLeftOut(stored: Stored): Array<string | null> {
  return stored.map((s) => s.status).filter((s): s is string => s !== null && MOVED_NOTHING.has(s.toLowerCase()));
}

/** What is wrong with the boxes as ticked (said at them, and Reconcile waits), or null. */
export function leftOutProblem(stored: Stored, leftOut: ReadonlyArray<string | null>): string | null {
  if (stored.length > 0 && stored.every((s) => leftOut.includes(s.status))) {
    return 'Tick the statuses the statement holds: at least one.';
  }
  if (leftOut.length > RECONCILE_MAX_LEFT_OUT) {
    return `At most ${RECONCILE_MAX_LEFT_OUT} statuses can be left out, and ${leftOut.length.toLocaleString('en')} are unticked: tick those the statement may hold.`;
  }
  return null;
}

export function StatusChoice({
  stored,
  leftOut,
  onChange,
  error,
}: {
  stored: ReadonlyArray<{ status: string | null; legs: number }>;
  leftOut: ReadonlyArray<string | null>;
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
            checked={!leftOut.includes(status)}
            onChange={(e) => onChange(e.target.checked ? leftOut.filter((s) => s !== status) : [...leftOut, status])}
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
