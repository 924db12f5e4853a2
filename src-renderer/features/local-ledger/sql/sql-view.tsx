// The notebook (docs/notebook.md, "The notebook screen"): the Local ledger's SQL tab. Read-only SQL
// over the profile's local store in one editor that holds the whole query file (its `-- name:`
// header and its SQL); the parameter form above it; Run (Ctrl/Cmd+Enter) binds the form's values as
// DuckDB parameters (bindQuery: never spliced); Cancel while it runs; the error at the editor; the
// rows as a table or a chart; an export of the whole query. Beside it the queries: the built-in
// library and the profile's folder of `.sql` files (Save, Save as, Duplicate, Rename, Delete), which
// main watches: an edit made in another editor shows up here.
// The parts are in this folder, each with its own state: the open text (use-query-document.ts), the
// parsed file (use-parsed-query.ts), Run (use-query-run.ts), opening (use-open-query.ts), the folder
// actions and what they say (file-actions.ts, use-notebook-status.ts), Pin (pin-action.ts), and one
// component per part of the page. This puts them together: a load clears what each says of the last text.
import { useState } from 'react';
import { asBridgeError } from '../../../../src-shared/contract/errors.ts';
import type { ChartSpec } from '../../../../src-shared/notebook/query-file.ts';
import { useSqlQuery } from '../../../data/local-sql.ts';
import { useNotebookActions, useNotebookListing } from '../../../data/notebook.ts';
import { useTimeZone } from '../../../ui/time-zone.ts';
import { scopeForRequest, useQueryScope } from '../scope/scope-picker.tsx';
import { fileActions } from './file-actions.ts';
import { FileProblems } from './file-problems.tsx';
import { NotebookFileBar } from './notebook-file-bar.tsx';
import { NEW_QUERY } from './notebook-model.ts';
import { ParamForm } from './param-form.tsx';
import { pinAction } from './pin-action.ts';
import { QueryEditor } from './query-editor.tsx';
import { QueryHead } from './query-head.tsx';
import { QueryList } from './query-list.tsx';
import { ResultView, type ResultViewKind } from './result-view.tsx';
import { RunBar } from './run-bar.tsx';
import { useNotebookStatus } from './use-notebook-status.ts';
import { useOpenQuery } from './use-open-query.ts';
import { useParsedQuery } from './use-parsed-query.ts';
import { type Origin, useQueryDocument } from './use-query-document.ts';
import { useQueryRun } from './use-query-run.ts';
import './sql.css';

export function SqlView({ profileId, party }: { profileId: string; party: string }) {
  const zone = useTimeZone();
  const [scope, setScope] = useQueryScope(profileId);
  const query = useSqlQuery(profileId, scopeForRequest(scope));
  const listing = useNotebookListing(profileId);
  const actions = useNotebookActions(profileId);
  const doc = useQueryDocument();
  const status = useNotebookStatus();
  const [view, setView] = useState<ResultViewKind>('table');
  const { parsed, fields, instruments, chartSpec } = useParsedQuery(profileId, party, scope, doc.text);
  const run = useQueryRun({ query, doc, parsed, party, zone, scope, instruments });
  // Another text in the editor: Run's messages and the last action's were about the one before.
  const load = (next: string, from: Origin) => {
    doc.load(next, from);
    run.clearErrors();
    status.clear();
  };
  const { guard, open, openFolder } = useOpenQuery({ profileId, actions, doc, status, load });
  const files = fileActions({ actions, doc, status, load, guard, queryName: parsed.header.name });
  const { typed, ran } = run;
  const pin = pinAction({ profileId, doc, status, view, fields, typed, instruments, ran, party, zone });

  const onSpecChange = (spec: ChartSpec) => {
    if (doc.keepChart(spec)) return;
    status.setActionError('The chart is not kept in the header until the header’s problems are fixed.');
  };

  const { origin } = doc;
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
        <QueryHead origin={origin} parsed={parsed} dirty={doc.dirty} />
        <NotebookFileBar
          profileId={profileId}
          scope={scope}
          onScope={setScope}
          origin={origin}
          queryName={parsed.header.name}
          status={status}
          files={files}
          onExample={(sql) => guard(() => load(sql, { kind: 'scratch' }))}
          onReload={(file) => load(file.text, { kind: 'file', file: file.file, version: file.version })}
        />
        <FileProblems origin={origin} parsed={parsed} />
        <ParamForm
          fields={fields}
          typed={typed}
          party={party}
          zone={zone}
          runErrors={run.runErrors}
          instruments={instruments}
          onChange={run.type}
        />
        <QueryEditor
          initial={doc.textRef.current}
          replace={doc.replace}
          onChange={doc.edit}
          onRun={run.run}
          error={run.error}
          errorAt={run.errorAt}
        />
        <RunBar
          profileId={profileId}
          query={query}
          failure={run.failure}
          ran={ran}
          pinnable={origin.kind !== 'scratch'}
          onRun={run.run}
          onPin={pin}
        />
        {query.isSuccess && (
          <ResultView
            result={query.data}
            view={view}
            onView={setView}
            spec={chartSpec}
            onSpecChange={onSpecChange}
            title={parsed.header.name || 'Query'}
          />
        )}
      </div>
    </section>
  );
}
