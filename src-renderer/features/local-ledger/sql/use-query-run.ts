// Run (docs/notebook.md, "The notebook screen"): the parameter form's values bound to the open text as
// DuckDB parameters (bindFile: never spliced), what was sent (Export sends it again, Pin reads its
// parties), and the error shown at the editor: the form's own problems, else main's, at the file's line.
import { useState } from 'react';
import { asBridgeError } from '../../../../src-shared/contract/errors.ts';
import type { SqlScope } from '../../../../src-shared/contract/party-scope.ts';
import { parseQueryFile, type QueryFile } from '../../../../src-shared/notebook/query-file.ts';
import { bindFile, type InstrumentSeen } from '../../../../src-shared/notebook/query-form.ts';
import type { LineProblem } from '../../../../src-shared/notebook/query-params.ts';
import { toSqlParams } from '../../../../src-shared/notebook/sql-wire.ts';
import type { TimeZoneChoice } from '../../../../src-shared/time/time-text.ts';
import type { useSqlQuery } from '../../../data/local-sql.ts';
import { scopeForRequest } from '../scope/scope-picker.tsx';
import { sqlLineOffset } from './notebook-model.ts';
import type { QueryDocument } from './use-query-document.ts';

/** main's `details.position` of a query error (sql-errors.ts), when it sent one. */
function positionOf(details: Record<string, unknown> | undefined): { line: number; column: number } | null {
  const at = details?.position as { line?: unknown; column?: unknown } | undefined;
  return typeof at?.line === 'number' && typeof at.column === 'number' ? { line: at.line, column: at.column } : null;
}

/** What the last Run sent; `offset`: the file's lines before its SQL, to put main's line numbers in the file. */
export interface Ran {
  sql: string;
  params: ReturnType<typeof toSqlParams>;
  scope: ReturnType<typeof scopeForRequest>;
  offset: number;
}

interface RunInputs {
  query: ReturnType<typeof useSqlQuery>;
  doc: QueryDocument;
  parsed: QueryFile;
  party: string;
  zone: TimeZoneChoice;
  scope: SqlScope;
  instruments: InstrumentSeen[] | null;
}

export function useQueryRun({ query, doc, parsed, party, zone, scope, instruments }: RunInputs) {
  const { textRef } = doc;
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [runErrors, setRunErrors] = useState<Record<string, string>>({});
  const [bindProblems, setBindProblems] = useState<LineProblem[]>([]);
  const [ran, setRan] = useState<Ran | null>(null);

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
  /** A field typed in: its value, and Run's message at it gone. */
  const type = (name: string, value: string) => {
    setTyped((t) => ({ ...t, [name]: value }));
    setRunErrors(({ [name]: _, ...rest }) => rest);
  };
  /** Another text loaded: Run's messages were about the one before. */
  const clearErrors = () => {
    setRunErrors({});
    setBindProblems([]);
  };

  const failure = query.isError ? asBridgeError(query.error) : null;
  const error =
    bindProblems.length > 0
      ? bindProblems.map((p) => `line ${p.line + sqlLineOffset(doc.text, parsed)}: ${p.message}`).join('\n')
      : failure && failure.code !== 'cancelled'
        ? failure.message
        : null;
  const at = positionOf(failure?.details);
  const errorAt = at && ran ? { line: at.line + ran.offset, column: at.column } : at;
  return { typed, runErrors, ran, run, type, clearErrors, failure, error, errorAt };
}
