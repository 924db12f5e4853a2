// The notebook (docs/notebook.md, "The notebook screen"): the Local ledger's SQL tab. Read-only SQL
// over the profile's local store in one editor that holds the whole query file (its `-- name:`
// header and its SQL); the parameter form above it; Run (Ctrl/Cmd+Enter) binds the form's values as
// DuckDB parameters (bindQuery: never spliced); Cancel while it runs; the error at the editor; the
// rows as a table or a chart; an export of the whole query. Beside it the queries: the built-in
// library and the profile's folder of `.sql` files (Save, Save as, Duplicate, Rename, Delete), which
// main watches: an edit made in another editor shows up here.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { asBridgeError } from '../../../../src-shared/contract/errors.ts';
import { fileNameProblem, type NotebookFile } from '../../../../src-shared/contract/notebook.ts';
import { BUILT_IN_QUERIES } from '../../../../src-shared/notebook/library.ts';
import { type ChartSpec, parseQueryFile } from '../../../../src-shared/notebook/query-file.ts';
import {
  bindFile,
  formValues,
  instrumentsSeen,
  paramFields,
  resolveInstruments,
} from '../../../../src-shared/notebook/query-form.ts';
import type { LineProblem } from '../../../../src-shared/notebook/query-params.ts';
import { toSqlParams } from '../../../../src-shared/notebook/sql-wire.ts';
import { useAppInfo } from '../../../data/app.ts';
import { pinnedValues, pinToDashboard } from '../../../data/dashboard.ts';
import { useFacets } from '../../../data/local-ledger.ts';
import { SQL_ROW_CAP, useSqlQuery } from '../../../data/local-sql.ts';
import { useNotebookActions, useNotebookChanges, useNotebookListing } from '../../../data/notebook.ts';
import { Field } from '../../../ui/field.tsx';
import { count } from '../../../ui/local-format.ts';
import { ResultChart } from '../../../ui/result-chart/result-chart.tsx';
import { useTimeZone } from '../../../ui/time-zone.ts';
import { LocalExportMenu } from '../export/local-export-menu.tsx';
import { ScopePicker, scopeForRequest, useQueryScope } from '../scope/scope-picker.tsx';
import { fileNameFor, NEW_QUERY, sqlLineOffset, withChart, withSqlExtension } from './notebook-model.ts';
import { ParamForm } from './param-form.tsx';
import { type OpenTarget, QueryList } from './query-list.tsx';
import { SqlEditor } from './sql-editor.tsx';
import { SQL_EXAMPLES } from './sql-examples.ts';
import { SqlResults } from './sql-results.tsx';
import './sql.css';

/** main's `details.position` of a query error (sql-errors.ts), when it sent one. */
function positionOf(details: Record<string, unknown> | undefined): { line: number; column: number } | null {
  const at = details?.position as { line?: unknown; column?: unknown } | undefined;
  return typeof at?.line === 'number' && typeof at.column === 'number' ? { line: at.line, column: at.column } : null;
}

/** Where the open text came from: a scratch query (not a file), a built-in one, or a file at a version. */
type Origin = { kind: 'scratch' } | { kind: 'builtin'; id: string } | { kind: 'file'; file: string; version: string };

/** The small forms and confirmations under the toolbar, one at a time. */
type Dialog =
  | { kind: 'save-as' | 'rename'; name: string }
  | { kind: 'delete' }
  | { kind: 'conflict'; message: string }
  | { kind: 'discard'; proceed: () => void; message?: string; confirm?: string };

export function SqlView({ profileId, party }: { profileId: string; party: string }) {
  const zone = useTimeZone();
  const [scope, setScope] = useQueryScope(profileId);
  const query = useSqlQuery(profileId, scopeForRequest(scope));
  const listing = useNotebookListing(profileId);
  const actions = useNotebookActions(profileId);

  // The editor owns its text: `text` mirrors it (for the form and the unsaved mark), the ref is what
  // Run reads without waiting for a render; `replace` loads another text into it.
  const [text, setText] = useState(SQL_EXAMPLES[0].sql);
  const textRef = useRef(text);
  const [replace, setReplace] = useState<{ text: string; seq: number } | null>(null);
  const [origin, setOrigin] = useState<Origin>({ kind: 'scratch' });
  const originRef = useRef(origin);
  originRef.current = origin;
  /** The text as it was opened or last saved: anything else is unsaved, whatever the query's kind (a
   *  New query typed into, an edited example or built-in, the text kept after Delete). */
  const [savedText, setSavedText] = useState(text);
  const dirty = text !== savedText;
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  // Leaving the page (closing the tab or window, reloading) with unsaved text asks first; the
  // desktop app's window shows its own question (main-window.ts, will-prevent-unload).
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = ''; // older browsers want it set
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  const [typed, setTyped] = useState<Record<string, string>>({});
  const [runErrors, setRunErrors] = useState<Record<string, string>>({});
  const [bindProblems, setBindProblems] = useState<LineProblem[]>([]);
  const [ran, setRan] = useState<{
    sql: string;
    params: ReturnType<typeof toSqlParams>;
    scope: ReturnType<typeof scopeForRequest>;
    offset: number;
  } | null>(null);
  const [view, setView] = useState<'table' | 'chart'>('table');
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  /** The open file changed on disk while it had unsaved edits: the file as it is now. */
  const [onDisk, setOnDisk] = useState<NotebookFile | null>(null);

  const parsed = useMemo(() => parseQueryFile(text), [text]);
  const fields = useMemo(() => paramFields(parsed), [parsed]);
  // The instruments of the legs a query reads here (the SQL tab's parties), for an instrument field.
  const facets = useFacets(profileId, fields.some((f) => f.type === 'instrument') ? party : null, scope);
  const instruments = useMemo(() => (facets.data ? instrumentsSeen(facets.data) : null), [facets.data]);
  // Every parse makes a new spec object: the chart gets the same one while the header's chart is the
  // same, or each keystroke would draw it again.
  const chartJson = JSON.stringify(parsed.header.chart ?? null);
  const chartSpec = useMemo(() => JSON.parse(chartJson) as ChartSpec | null, [chartJson]);

  /** Counts loads: a read asked for before the latest load (a save, an open) answers too late. */
  const loads = useRef(0);
  const load = useCallback((next: string, from: Origin) => {
    loads.current++;
    textRef.current = next;
    setText(next);
    setSavedText(next);
    setOrigin(from);
    setReplace((last) => ({ text: next, seq: (last?.seq ?? 0) + 1 }));
    setRunErrors({});
    setBindProblems([]);
    setOnDisk(null);
    setDialog(null);
    setActionError(null);
  }, []);

  // Someone else changed the folder: the open file is read again; unchanged -> nothing to say.
  useNotebookChanges(profileId, () => {
    const open = originRef.current;
    if (open.kind !== 'file') return;
    const asked = loads.current;
    actions.read(open.file).then(
      (file) => {
        // Saved (or opened) since it was asked: its text may be older than the editor's.
        if (loads.current !== asked) return;
        if (originRef.current.kind !== 'file' || originRef.current.file !== file.file) return;
        if (file.version === (originRef.current as { version: string }).version) return;
        if (dirtyRef.current) {
          setOnDisk(file);
        } else {
          load(file.text, { kind: 'file', file: file.file, version: file.version });
          setNotice(`${file.file} changed on disk: reloaded.`);
        }
      },
      () => {
        const now = originRef.current;
        if (loads.current !== asked || now.kind !== 'file' || now.file !== open.file) return; // renamed here since
        setNotice(`${open.file} is no longer in the folder (deleted or renamed on disk). Save writes it again.`);
      },
    );
  });

  const guard = (then: () => void) => {
    if (dirtyRef.current) setDialog({ kind: 'discard', proceed: then });
    else then();
  };

  // "Open folder…" behind the same guard: the open file becomes a scratch query of no folder. The
  // browser's first click only asks main for its dialog (there is none: a path field opens), so it
  // does not ask. Cancel leaves the promise unsettled: the folder form stays as it was.
  const web = useAppInfo().data?.transport === 'web';
  const openFolder = (path: string | null) => {
    const work = async () => {
      const opened = await actions.openFolder(path);
      if (opened && originRef.current.kind === 'file') {
        setOrigin({ kind: 'scratch' });
        setNotice('Another folder is open: this query is no longer a file of it (Save as to keep it there).');
      }
      return opened;
    };
    if (!dirtyRef.current || (web && path === null)) return work();
    return new Promise<unknown>((resolve, reject) =>
      setDialog({
        kind: 'discard',
        message: 'This query has unsaved changes that stay here, in no folder (Save as keeps them). Open the folder?',
        confirm: 'Open folder',
        proceed: () => void work().then(resolve, reject),
      }),
    );
  };

  const open = (target: OpenTarget) =>
    guard(async () => {
      setNotice(null);
      if (target.kind === 'builtin') {
        const q = BUILT_IN_QUERIES.find((b) => b.id === target.id);
        if (q) load(q.text, { kind: 'builtin', id: q.id });
        return;
      }
      try {
        const file = await actions.read(target.file);
        load(file.text, { kind: 'file', file: file.file, version: file.version });
      } catch (error) {
        setActionError(asBridgeError(error).message);
      }
    });

  const run = (raw = textRef.current) => {
    if (query.isPending) return;
    textRef.current = raw;
    const file = parseQueryFile(raw);
    const bound = bindFile(file, typed, party, zone, instruments);
    if (!bound.ok) {
      setRunErrors(bound.fields);
      setBindProblems(bound.problems);
      return;
    }
    setRunErrors({});
    setBindProblems([]);
    const params = toSqlParams(bound.params);
    setRan({ sql: bound.text, params, scope: scopeForRequest(scope), offset: sqlLineOffset(raw, file) });
    query.mutate(params.length > 0 ? { sql: bound.text, params } : bound.text);
  };

  const saved = (file: NotebookFile, message: string) => {
    load(file.text, { kind: 'file', file: file.file, version: file.version });
    setNotice(message);
  };
  const attempt = async (work: () => Promise<void>) => {
    setActionError(null);
    try {
      await work();
    } catch (error) {
      setActionError(asBridgeError(error).message);
    }
  };
  const save = (overwrite = false) =>
    attempt(async () => {
      if (origin.kind !== 'file') {
        setDialog({ kind: 'save-as', name: fileNameFor(parsed.header.name || 'query') });
        return;
      }
      const current = textRef.current;
      const answer = await actions.save({ file: origin.file, text: current, expect: origin.version, overwrite });
      if (answer.ok) saved(answer.file, `Saved ${answer.file.file}.`);
      else setDialog({ kind: 'conflict', message: answer.message });
    });
  const saveAs = (name: string) =>
    attempt(async () => {
      const file = await actions.create({ file: name, text: textRef.current });
      saved(file, `Saved as ${file.file}.`);
    });
  const duplicate = () =>
    guard(() =>
      attempt(async () => {
        const stem =
          origin.kind === 'file'
            ? `${origin.file.slice(0, -4)} copy`
            : origin.kind === 'builtin'
              ? origin.id
              : fileNameFor(parsed.header.name || 'query').slice(0, -4);
        const file = await actions.create({ file: `${stem}.sql`, text: textRef.current });
        saved(file, `Duplicated as ${file.file}.`);
      }),
    );
  const rename = (name: string) =>
    attempt(async () => {
      if (origin.kind !== 'file') return;
      const file = await actions.rename({ file: origin.file, to: name });
      setOrigin({ kind: 'file', file: file.file, version: file.version });
      setDialog(null);
      setNotice(`Renamed to ${file.file}.`);
    });
  const remove = () =>
    attempt(async () => {
      if (origin.kind !== 'file') return;
      await actions.remove(origin.file);
      const gone = origin.file;
      // The text stays in the editor (nothing typed is lost), no longer a file: unsaved until Save as.
      setOrigin({ kind: 'scratch' });
      setSavedText('');
      setDialog(null);
      setNotice(`Deleted ${gone}. Its text is still here: Save as to keep it.`);
    });

  // The query as a dashboard panel: the file (or built-in) as saved, with the form's values.
  const pin = () =>
    attempt(async () => {
      if (origin.kind === 'scratch' || dirty) {
        setActionError(
          origin.kind === 'scratch'
            ? 'Save the query as a file first: a dashboard panel runs a file of the folder.'
            : origin.kind === 'builtin'
              ? 'The dashboard runs the built-in query as it ships: Duplicate to keep your edits as a file.'
              : 'Save the query first: the dashboard runs the file as saved.',
        );
        return;
      }
      const query =
        origin.kind === 'file'
          ? { kind: 'file' as const, file: origin.file }
          : { kind: 'builtin' as const, id: origin.id };
      const { panels } = await pinToDashboard(profileId, {
        query,
        view,
        params: pinnedValues(
          fields,
          resolveInstruments(fields, formValues(fields, typed, { party, zone }), instruments).values,
          zone,
        ),
        // The panel reads the parties the query read here (none written: every synced party).
        ...(ran?.scope ? { scope: ran.scope } : {}),
      });
      setNotice(`Pinned to the dashboard (${panels} panel${panels === 1 ? '' : 's'}): see the Dashboard tab.`);
    });

  const onSpecChange = (spec: ChartSpec) => {
    const next = withChart(textRef.current, spec);
    if (next === null) {
      setActionError('The chart is not kept in the header until the header’s problems are fixed.');
      return;
    }
    textRef.current = next;
    setText(next);
    setReplace((last) => ({ text: next, seq: (last?.seq ?? 0) + 1 }));
  };

  const failure = query.isError ? asBridgeError(query.error) : null;
  const error =
    bindProblems.length > 0
      ? bindProblems.map((p) => `line ${p.line + sqlLineOffset(text, parsed)}: ${p.message}`).join('\n')
      : failure && failure.code !== 'cancelled'
        ? failure.message
        : null;
  const at = positionOf(failure?.details);
  const errorAt = at && ran ? { line: at.line + ran.offset, column: at.column } : at;
  // A scratch query without a header is plain SQL: its missing name is no problem.
  const problems =
    origin.kind === 'scratch' && parsed.header.name === ''
      ? parsed.problems.filter((p) => !p.message.startsWith('the header has no'))
      : parsed.problems;
  const title =
    origin.kind === 'file' ? parsed.header.name || origin.file : parsed.header.name || 'Untitled query (not saved)';

  return (
    <section className="sql-view notebook" aria-label="SQL">
      <QueryList
        listing={listing.data}
        listingError={listing.isError ? asBridgeError(listing.error).message : null}
        current={origin.kind === 'scratch' ? null : origin}
        onOpen={open}
        onNew={() => guard(() => load(NEW_QUERY, { kind: 'scratch' }))}
        onOpenFolder={openFolder}
      />
      <div className="notebook-main">
        <header className="notebook-head">
          <h3>
            {title}
            {dirty && (
              <span className="notebook-dirty" title="Unsaved changes">
                {' '}
                ● unsaved
              </span>
            )}
          </h3>
          {origin.kind === 'file' && <span className="muted">{origin.file}</span>}
          {origin.kind === 'builtin' && <span className="muted">Built in, read-only: Duplicate to edit a copy.</span>}
          {parsed.header.description && <p className="notebook-description">{parsed.header.description}</p>}
        </header>
        <div className="sql-toolbar">
          <label>
            Example{' '}
            <select
              aria-label="Example query"
              value=""
              onChange={(e) => {
                const example = SQL_EXAMPLES.find((x) => x.title === e.target.value);
                if (example) guard(() => load(example.sql, { kind: 'scratch' }));
              }}
            >
              <option value="">Choose…</option>
              {SQL_EXAMPLES.map((x) => (
                <option key={x.title} value={x.title}>
                  {x.title}
                </option>
              ))}
            </select>
          </label>
          <ScopePicker profileId={profileId} value={scope} onChange={setScope} />
          <button type="button" onClick={() => void save()} disabled={origin.kind === 'builtin'}>
            Save
          </button>
          <button
            type="button"
            onClick={() => setDialog({ kind: 'save-as', name: fileNameFor(parsed.header.name || 'query') })}
          >
            Save as…
          </button>
          <button type="button" onClick={duplicate}>
            Duplicate
          </button>
          {origin.kind === 'file' && (
            <>
              <button type="button" onClick={() => setDialog({ kind: 'rename', name: origin.file })}>
                Rename…
              </button>
              <button type="button" onClick={() => setDialog({ kind: 'delete' })}>
                Delete…
              </button>
            </>
          )}
        </div>
        <NotebookDialog
          dialog={dialog}
          file={origin.kind === 'file' ? origin.file : null}
          onCancel={() => setDialog(null)}
          onSaveAs={saveAs}
          onRename={rename}
          onDelete={remove}
          onOverwrite={() => {
            setDialog(null);
            void save(true);
          }}
        />
        {onDisk && (
          <div className="notebook-banner" role="status">
            {onDisk.file} changed on disk while you have unsaved edits.{' '}
            <button
              type="button"
              onClick={() => load(onDisk.text, { kind: 'file', file: onDisk.file, version: onDisk.version })}
            >
              Reload
            </button>{' '}
            <button type="button" onClick={() => setOnDisk(null)}>
              Keep mine
            </button>
          </div>
        )}
        {notice && !onDisk && (
          <p className="notebook-notice" role="status">
            {notice}
          </p>
        )}
        {actionError && (
          <p className="field-error" role="alert">
            {actionError}
          </p>
        )}
        {problems.length > 0 && (
          <div className="notebook-problems">
            <p>The file has {problems.length === 1 ? 'a problem' : `${problems.length} problems`} (it still opens):</p>
            <ul aria-label="Problems in the file">
              {problems.map((p) => (
                <li key={`${p.line}:${p.message}`}>
                  line {p.line}: {p.message}
                </li>
              ))}
            </ul>
          </div>
        )}
        <ParamForm
          fields={fields}
          typed={typed}
          party={party}
          zone={zone}
          runErrors={runErrors}
          instruments={instruments}
          onChange={(name, value) => {
            setTyped((t) => ({ ...t, [name]: value }));
            setRunErrors(({ [name]: _, ...rest }) => rest);
          }}
        />
        <p className="muted sql-hint">
          Read-only, over the <code>legs</code> and <code>instrument_totals</code> views;{' '}
          <code>decimal_text(sum(amount_units), amount_scale)</code> sums exactly; <code>{'{{party}}'}</code>,{' '}
          <code>{'{{from}}'}</code>, <code>{'{{to}}'}</code> and declared parameters come from the form. The first{' '}
          {count(SQL_ROW_CAP)} rows are shown.
        </p>
        <SqlEditor
          initial={textRef.current}
          replace={replace}
          onChange={(sql) => {
            textRef.current = sql;
            setText(sql);
          }}
          onRun={run}
          error={error}
          errorAt={errorAt}
        />
        {error && (
          <p className="sql-error" role="alert">
            {error}
          </p>
        )}
        <div className="sql-actions">
          <button type="button" onClick={() => run()} disabled={query.isPending}>
            {query.isPending ? 'Running…' : 'Run'}
          </button>
          <span className="muted">Ctrl/Cmd+Enter</span>
          {query.isPending && (
            <button type="button" onClick={query.cancel}>
              Cancel
            </button>
          )}
          {failure?.code === 'cancelled' && (
            <span className="muted" role="status">
              Cancelled.
            </span>
          )}
          {query.isSuccess && origin.kind !== 'scratch' && (
            <button type="button" onClick={() => void pin()}>
              Pin to dashboard
            </button>
          )}
          {ran !== null && query.isSuccess && (
            <LocalExportMenu
              profileId={profileId}
              source={{
                kind: 'sql',
                sql: ran.sql,
                ...(ran.params.length > 0 ? { params: ran.params } : {}),
                ...(ran.scope ? { scope: ran.scope } : {}),
              }}
              label="Export all rows"
            />
          )}
        </div>
        {query.isSuccess && (
          <>
            <fieldset className="notebook-result-views">
              <legend>Show the result as</legend>
              <button type="button" aria-pressed={view === 'table'} onClick={() => setView('table')}>
                Table
              </button>
              <button type="button" aria-pressed={view === 'chart'} onClick={() => setView('chart')}>
                Chart
              </button>
            </fieldset>
            {view === 'table' ? (
              <SqlResults result={query.data} />
            ) : (
              <ResultChart
                result={query.data}
                spec={chartSpec}
                onSpecChange={onSpecChange}
                title={parsed.header.name || 'Query'}
              />
            )}
          </>
        )}
      </div>
    </section>
  );
}

function NotebookDialog({
  dialog,
  file,
  onCancel,
  onSaveAs,
  onRename,
  onDelete,
  onOverwrite,
}: {
  dialog: Dialog | null;
  file: string | null;
  onCancel: () => void;
  onSaveAs: (name: string) => void;
  onRename: (name: string) => void;
  onDelete: () => void;
  onOverwrite: () => void;
}) {
  if (!dialog) return null;
  if (dialog.kind === 'save-as' || dialog.kind === 'rename') {
    return (
      <NameForm
        key={dialog.kind}
        dialog={dialog}
        onCancel={onCancel}
        onDone={dialog.kind === 'save-as' ? onSaveAs : onRename}
      />
    );
  }
  const ask = dialog.kind === 'discard' ? dialog : null;
  const [message, confirm, act] =
    dialog.kind === 'delete'
      ? [`Delete ${file} from the folder?`, 'Delete', onDelete]
      : dialog.kind === 'conflict'
        ? [`${dialog.message} Overwrite it with yours?`, 'Overwrite', onOverwrite]
        : [
            ask?.message ?? 'This query has unsaved changes. Discard them?',
            ask?.confirm ?? 'Discard',
            () => {
              onCancel();
              ask?.proceed();
            },
          ];
  return (
    <div className="notebook-confirm">
      <span>{message}</span>{' '}
      <button type="button" onClick={act}>
        {confirm}
      </button>{' '}
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}

function NameForm({
  dialog,
  onCancel,
  onDone,
}: {
  dialog: { kind: 'save-as' | 'rename'; name: string };
  onCancel: () => void;
  onDone: (name: string) => void;
}) {
  const [name, setName] = useState(dialog.name);
  // A name typed without ".sql" gets it (said under the field), rather than a disabled button.
  const file = withSqlExtension(name);
  const problem = fileNameProblem(file);
  return (
    <form
      className="notebook-name-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!problem) onDone(file);
      }}
    >
      <Field
        label={dialog.kind === 'save-as' ? 'Save as file' : 'New file name'}
        error={name === dialog.name ? null : problem}
        hint={
          file !== name.trim() && !problem ? `${dialog.kind === 'save-as' ? 'Saved as' : 'Renamed to'} ${file}` : null
        }
      >
        <input type="text" value={name} onChange={(e) => setName(e.target.value)} spellCheck={false} />
      </Field>
      <button type="submit" disabled={problem !== null}>
        {dialog.kind === 'save-as' ? 'Save file' : 'Rename'}
      </button>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}
