// A CodeMirror 6 SQL editor (PostgreSQL dialect, the nearest to DuckDB's, told the `legs` view's
// columns), on the app's code editor base (ui/code-editor/: in a shadow root, for the CSP).
// Ctrl/Cmd+Enter runs; the error from the last run is announced with the editor.
import { PostgreSQL, sql } from '@codemirror/lang-sql';
import { HighlightStyle } from '@codemirror/language';
import { setDiagnostics } from '@codemirror/lint';
import { tags } from '@lezer/highlight';
import { useEffect } from 'react';
import { SQL_VIEWS } from '../../../../src-shared/contract/legs-view.ts';
import { type CodeEditorParts, codeEditorTheme } from '../../../ui/code-editor/code-editor-setup.ts';
import { useCodeEditor } from '../../../ui/code-editor/use-code-editor.ts';

/** The documented views and their columns (docs/local-ledger.md, "The legs view"): what completion offers. */
const SCHEMA = Object.fromEntries(
  Object.entries(SQL_VIEWS).map(([view, columns]) => [view, columns.map((c) => c.name)]),
) as Record<string, string[]>;

const sqlHighlight = HighlightStyle.define([
  { tag: tags.keyword, color: 'var(--accent)' },
  { tag: tags.string, color: 'var(--code-string)' },
  { tag: [tags.number, tags.bool], color: 'var(--code-number)' },
  { tag: [tags.lineComment, tags.blockComment], color: 'var(--muted)' },
]);

const SQL_PARTS: CodeEditorParts = {
  highlight: sqlHighlight,
  language: sql({ dialect: PostgreSQL, schema: SCHEMA, upperCaseKeywords: true }),
  theme: codeEditorTheme({ min: '110px', max: '320px' }),
};

export interface SqlEditorProps {
  /** The text the editor starts with. */
  initial: string;
  /** Replaces the whole text (an example chosen); a new `seq` each time, so choosing twice works. */
  replace: { text: string; seq: number } | null;
  onChange: (text: string) => void;
  /** Ctrl/Cmd+Enter, with the text as it is in the editor at that moment. */
  onRun: (text: string) => void;
  error: string | null;
  /** Where main says the error is (1-based line and column): marked in the text. */
  errorAt?: { line: number; column: number } | null;
}

// The editor owns its text (use-code-editor.ts): the parent hears every change, and `replace` is
// the one way it sets the text.
export function SqlEditor({ initial, replace, onChange, onRun, error, errorAt = null }: SqlEditorProps) {
  const { host, view } = useCodeEditor({
    parts: SQL_PARTS,
    doc: initial,
    label: 'SQL query',
    replacement: replace,
    replaceSameText: true,
    error,
    onChange,
    onSubmit: onRun,
  });

  // The place DuckDB pointed at, marked under the text (a word from there to its end), cleared by a
  // new run's answer. A position past the text (it was edited since) marks nothing.
  const line = errorAt?.line ?? 0;
  const column = errorAt?.column ?? 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the view is a ref, there from mount
  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const doc = editor.state.doc;
    if (!error || line < 1 || line > doc.lines) {
      editor.dispatch(setDiagnostics(editor.state, []));
      return;
    }
    const at = doc.line(line);
    const from = Math.min(at.from + Math.max(0, column - 1), at.to);
    const word = /^[\w."]*/.exec(doc.sliceString(from, at.to))?.[0].length ?? 0;
    editor.dispatch(
      setDiagnostics(editor.state, [
        { from, to: Math.min(at.to, from + Math.max(1, word)), severity: 'error', message: error },
      ]),
    );
  }, [error, line, column]);

  return <div ref={host} className={`sql-editor${error ? ' sql-editor-invalid' : ''}`} />;
}
