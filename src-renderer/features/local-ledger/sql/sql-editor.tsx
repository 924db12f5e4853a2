// A CodeMirror 6 SQL editor (PostgreSQL dialect, the nearest to DuckDB's, told the `legs` view's
// columns). In a shadow root for the same reason as the RPC console's JSON editor:
// CodeMirror's styles then go through a constructable stylesheet, which the renderer's CSP allows.
// Ctrl/Cmd+Enter runs; the error from the last run is announced with the editor.
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { PostgreSQL, sql } from '@codemirror/lang-sql';
import { bracketMatching, HighlightStyle, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { setDiagnostics } from '@codemirror/lint';
import { EditorState, Prec } from '@codemirror/state';
import { drawSelection, EditorView, keymap, lineNumbers } from '@codemirror/view';
import { tags } from '@lezer/highlight';
import { useEffect, useRef } from 'react';
import { SQL_VIEWS } from '../../../../src-shared/contract/legs-view.ts';
import { typeOverSelection } from '../../../ui/type-over-selection.ts';

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

const appTheme = EditorView.theme({
  '&': { backgroundColor: 'var(--bg)', color: 'var(--fg)', fontSize: '12px', minHeight: '110px', maxHeight: '320px' },
  '&.cm-focused': { outline: '2px solid var(--accent)' },
  '.cm-scroller': { fontFamily: 'ui-monospace, "SFMono-Regular", Menlo, monospace', overflow: 'auto' },
  '.cm-content': { minHeight: '110px' },
  '.cm-gutters': { backgroundColor: 'var(--bg-alt)', color: 'var(--muted)', borderRight: '1px solid var(--border)' },
});

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

// The editor owns its text: the parent hears every change but never writes it back on a render.
// (Writing a render's value back raced with typing: a keystroke landing before React re-rendered
// was undone, and a query ran without its first letter.)
export function SqlEditor({ initial, replace, onChange, onRun, error, errorAt = null }: SqlEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const callbacks = useRef({ onChange, onRun });
  callbacks.current = { onChange, onRun };

  // biome-ignore lint/correctness/useExhaustiveDependencies: built once; rebuilding would lose the undo history
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const shadow = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
    const editor = new EditorView({
      parent: shadow,
      root: shadow,
      state: EditorState.create({
        doc: initial,
        extensions: [
          Prec.highest(
            keymap.of([
              {
                key: 'Mod-Enter',
                run: (target) => {
                  callbacks.current.onRun(target.state.doc.toString());
                  return true;
                },
              },
            ]),
          ),
          lineNumbers(),
          history(),
          drawSelection(),
          typeOverSelection,
          indentOnInput(),
          bracketMatching(),
          syntaxHighlighting(sqlHighlight),
          sql({ dialect: PostgreSQL, schema: SCHEMA, upperCaseKeywords: true }),
          keymap.of([...defaultKeymap, ...historyKeymap]),
          EditorView.lineWrapping,
          appTheme,
          EditorView.contentAttributes.of({ 'aria-label': 'SQL query', spellcheck: 'false' }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) callbacks.current.onChange(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, []);

  // An example chosen from the list replaces the text (once per choice).
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the choice, not on its text
  useEffect(() => {
    const editor = view.current;
    if (editor && replace) editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: replace.text } });
  }, [replace?.seq]);

  useEffect(() => {
    const content = view.current?.contentDOM;
    if (!content) return;
    if (error) {
      content.setAttribute('aria-invalid', 'true');
      content.setAttribute('aria-description', error);
    } else {
      content.removeAttribute('aria-invalid');
      content.removeAttribute('aria-description');
    }
  }, [error]);

  // The place DuckDB pointed at, marked under the text (a word from there to its end), cleared by a
  // new run's answer. A position past the text (it was edited since) marks nothing.
  const line = errorAt?.line ?? 0;
  const column = errorAt?.column ?? 0;
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
