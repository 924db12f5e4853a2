// The reconciliation's options under the column mapping: the time tolerance, whether only the
// statement's counterparties and instruments count, and which stored statuses it holds.
import { ErrorMessage } from '../../../ui/error-message.tsx';
import { Field } from '../../../ui/field.tsx';
import { StatusChoice } from './status-choice.tsx';
import type { ReconcileRequest } from './use-reconcile-request.ts';

export function ReconcileOptions({ form }: { form: ReconcileRequest }) {
  const { onlyTheirs, setOnlyTheirs, stored, leftOut, facets } = form;
  return (
    <>
      <div className="inline-fields">
        <Field label="Time tolerance (seconds)" error={form.toleranceError}>
          <input
            inputMode="numeric"
            value={form.tolerance}
            onChange={(e) => form.setTolerance(e.target.value)}
            className="reconcile-tolerance"
          />
        </Field>
        <label className="reconcile-check">
          <input type="checkbox" checked={onlyTheirs} onChange={(e) => setOnlyTheirs(e.target.checked)} /> Only the
          statement’s counterparties and instruments (a counterparty’s statement)
        </label>
      </div>
      {stored && leftOut && stored.length > 0 && (
        <StatusChoice stored={stored} leftOut={leftOut} onChange={form.setUnticked} error={form.statusError} />
      )}
      {facets.error ? <ErrorMessage error={facets.error} title="The party’s statuses could not be read." /> : null}
    </>
  );
}
