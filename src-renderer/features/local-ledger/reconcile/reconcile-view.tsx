// Reconcile a statement: choose a CSV (read here as text, as the address book's import), map its
// columns once (main remembers the mapping for that header), choose the time tolerance, Run: four
// counts and a table per category, each row saying what is wrong; Export writes every row.
// docs/reconcile.md
import { useRef, useState } from 'react';
import {
  type Delimiter,
  RECONCILE_CSV_MAX,
  type ReconcileMapping,
  type ReconcileMappingAnswer,
} from '../../../../src-shared/contract/reconcile.ts';
import { useFacets } from '../../../data/local-ledger.ts';
import {
  RECONCILE_HEAD_CHARS,
  type ReconcileRun,
  useReconcile,
  useReconcileExport,
  useReconcileMapping,
} from '../../../data/reconcile.ts';
import { DownloadOffer } from '../../../ui/download-offer.tsx';
import { ErrorMessage } from '../../../ui/error-message.tsx';
import { Field } from '../../../ui/field.tsx';
import { count } from '../../../ui/local-format.ts';
import { MappingForm } from './mapping-form.tsx';
import { ReconcileResults } from './reconcile-results.tsx';
import { defaultLeftOut, leftOutProblem, StatusChoice } from './status-choice.tsx';
import './reconcile.css';

const DEFAULT_TOLERANCE_SECONDS = 300;

export function ReconcileView({ profileId, party }: { profileId: string; party: string }) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [mapping, setMapping] = useState<ReconcileMapping | null>(null);
  const [delimiter, setDelimiter] = useState<Delimiter>('auto');
  // The last header read (kept while another delimiter's is read, so the form stays in place).
  const [answer, setAnswer] = useState<ReconcileMappingAnswer | null>(null);
  const [tolerance, setTolerance] = useState(String(DEFAULT_TOLERANCE_SECONDS));
  const [onlyTheirs, setOnlyTheirs] = useState(false);
  // The statuses unticked: the user's choice, else the stored ones that moved nothing. A status
  // stored later (a sync meanwhile) is ticked: held until the user says otherwise.
  const facets = useFacets(profileId, party);
  const [unticked, setUnticked] = useState<Array<string | null> | null>(null);
  const stored = facets.data?.statuses ?? null;
  const leftOut = stored
    ? (unticked ?? defaultLeftOut(stored)).filter((s) => stored.some((x) => x.status === s))
    : null;
  const statusError = stored && leftOut ? leftOutProblem(stored, leftOut) : null;
  const header = useReconcileMapping();
  const run = useReconcile();
  const exporter = useReconcileExport();

  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    if (fileInput.current) fileInput.current.value = '';
    run.reset();
    exporter.reset();
    setMapping(null);
    setAnswer(null);
    if (chosen.size > RECONCILE_CSV_MAX) {
      setFile(null);
      setFileError(`${chosen.name} is over 200 MB: split the statement by period.`);
      return;
    }
    setFileError(null);
    const text = await chosen.text();
    setFile({ name: chosen.name, text });
    readHeader(text, delimiter);
  };
  // The header (and the mapping offered for it) as split with `choice`; a Reconcile sends the
  // delimiter the header was read with.
  const readHeader = (text: string, choice: Delimiter) =>
    header.mutate(
      { profileId, head: text.slice(0, RECONCILE_HEAD_CHARS), delimiter: choice },
      {
        onSuccess: (read: ReconcileMappingAnswer) => {
          setAnswer(read);
          setMapping(read.mapping);
        },
      },
    );
  const chooseDelimiter = (choice: Delimiter) => {
    setDelimiter(choice);
    if (file) readHeader(file.text, choice);
  };

  const toleranceSeconds = /^\d{1,7}$/.test(tolerance.trim()) ? Number(tolerance.trim()) : null;
  const toleranceError =
    toleranceSeconds === null || toleranceSeconds > 31 * 86_400
      ? 'Whole seconds from 0 to 2678400 (31 days), e.g. 300 for 5 minutes.'
      : null;
  const request = (): ReconcileRun | null =>
    file && mapping && !header.isPending && toleranceSeconds !== null && !toleranceError && leftOut && !statusError
      ? {
          profileId,
          party,
          csv: file.text,
          delimiter: answer?.delimiter ?? 'auto',
          mapping,
          toleranceSeconds,
          onlyStatementCounterparties: onlyTheirs,
          leftOutStatuses: leftOut,
          remember: true,
        }
      : null;
  const start = () => {
    const r = request();
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
      <div className="inline-fields">
        <button type="button" onClick={() => fileInput.current?.click()}>
          Choose statement CSV…
        </button>
        {/* The system file chooser, opened by the button above. */}
        <input
          ref={fileInput}
          type="file"
          accept=".csv,.txt,.tsv,text/csv,text/plain"
          aria-label="Statement CSV file"
          hidden
          onChange={(e) => void choose(e.target.files?.[0])}
        />
        {file && (
          <span role="status">
            {file.name}: {count(file.text.length)} characters
          </span>
        )}
      </div>
      {fileError && (
        <p className="field-error" role="alert">
          {fileError}
        </p>
      )}
      {header.error ? <ErrorMessage error={header.error} title="The file’s header could not be read." /> : null}
      {answer?.problems.map((p) => (
        <p key={p.line} className="field-error" role="alert">
          Line {p.line}: {p.message}
        </p>
      ))}
      {answer && mapping && (
        <>
          <MappingForm
            header={answer.header}
            remembered={answer.remembered}
            mapping={mapping}
            onChange={setMapping}
            delimiter={delimiter}
            detected={answer.delimiter}
            onDelimiter={chooseDelimiter}
          />
          <div className="inline-fields">
            <Field label="Time tolerance (seconds)" error={toleranceError}>
              <input
                inputMode="numeric"
                value={tolerance}
                onChange={(e) => setTolerance(e.target.value)}
                className="reconcile-tolerance"
              />
            </Field>
            <label className="reconcile-check">
              <input type="checkbox" checked={onlyTheirs} onChange={(e) => setOnlyTheirs(e.target.checked)} /> Only the
              statement’s counterparties and instruments (a counterparty’s statement)
            </label>
          </div>
          {stored && leftOut && stored.length > 0 && (
            <StatusChoice stored={stored} leftOut={leftOut} onChange={setUnticked} error={statusError} />
          )}
          {facets.error ? <ErrorMessage error={facets.error} title="The party’s statuses could not be read." /> : null}
          <div className="inline-fields">
            <button type="button" className="primary" onClick={start} disabled={run.isPending || !request()}>
              {run.isPending ? 'Reconciling…' : 'Reconcile'}
            </button>
            {run.isPending && (
              <button type="button" onClick={run.cancel}>
                Cancel
              </button>
            )}
            {run.data && (
              <button type="button" onClick={exportAll} disabled={exporter.isPending}>
                {exporter.isPending ? 'Exporting…' : 'Export result (CSV)…'}
              </button>
            )}
            {exporter.isSuccess && exporter.data && (
              <span role="status">
                Exported {count(exporter.data.rows)} rows to {exporter.data.path}.{' '}
                <DownloadOffer key={exporter.data.path} path={exporter.data.path} />
              </span>
            )}
            {exporter.isSuccess && !exporter.data && (
              <span className="muted" role="status">
                Export cancelled.
              </span>
            )}
          </div>
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
