// Reconcile a statement: choose a CSV (read here as text, as the address book's import), map its
// columns once (main remembers the mapping for that header), choose the time tolerance, Run: four
// counts and a table per category, each row saying what is wrong; Export writes every row.
// docs/reconcile.md
import { useReconcile, useReconcileExport } from '../../../data/reconcile.ts';
import { ErrorMessage } from '../../../ui/error-message.tsx';
import { MappingForm } from './mapping-form.tsx';
import { ReconcileActions } from './reconcile-actions.tsx';
import { ReconcileOptions } from './reconcile-options.tsx';
import { ReconcileResults } from './reconcile-results.tsx';
import { StatementFile } from './statement-file.tsx';
import { useReconcileRequest } from './use-reconcile-request.ts';
import { useStatement } from './use-statement.ts';
import './reconcile.css';

export function ReconcileView({ profileId, party }: { profileId: string; party: string }) {
  const run = useReconcile();
  const exporter = useReconcileExport();
  const statement = useStatement(profileId, () => {
    run.reset();
    exporter.reset();
  });
  const form = useReconcileRequest(profileId, party, statement);
  const { answer, mapping } = statement;

  const start = () => {
    const r = form.request();
    if (r && !run.isPending) {
      exporter.reset();
      run.mutate(r);
    }
  };
  // The export is of the result on screen: the request that result came from, not the form as it is
  // now (a tolerance, mapping or option changed after Reconcile would export another reconciliation).
  const exportAll = () => {
    if (run.data && run.variables) exporter.mutate(run.variables);
  };

  return (
    <section className="panel reconcile" aria-label="Reconcile a statement">
      <p className="muted">
        Compare a statement (CSV from your accounting system or a counterparty) with this party’s stored legs: each line
        is matched to one leg with the same counterparty, instrument and exact amount within the time tolerance.
      </p>
      <StatementFile statement={statement} />
      {answer && mapping && (
        <>
          <MappingForm
            header={answer.header}
            remembered={answer.remembered}
            mapping={mapping}
            onChange={statement.setMapping}
            delimiter={statement.delimiter}
            detected={answer.delimiter}
            onDelimiter={statement.chooseDelimiter}
          />
          <ReconcileOptions form={form} />
          <ReconcileActions
            run={run}
            exporter={exporter}
            ready={form.request() !== null}
            onStart={start}
            onExport={exportAll}
          />
        </>
      )}
      {run.error ? <ErrorMessage error={run.error} title="The statement could not be reconciled." /> : null}
      {exporter.error ? <ErrorMessage error={exporter.error} title="The result could not be exported." /> : null}
      {run.data && run.variables && (
        <ReconcileResults result={run.data} toleranceSeconds={run.variables.toleranceSeconds} />
      )}
    </section>
  );
}
