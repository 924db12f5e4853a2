// What the app's code editors (the SQL editor, the RPC console's JSON editor) are built from: the
// extensions they share, in one order with slots for each language's own parts, and their theme.
// The hook that mounts them is use-code-editor.ts.
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { bracketMatching, type HighlightStyle, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { type Extension, Prec } from '@codemirror/state';
import { drawSelection, EditorView, type KeyBinding, keymap, lineNumbers } from '@codemirror/view';
import { typeOverSelection } from '../type-over-selection.ts';

/** What one language adds. Built once (module constants): the editor is never rebuilt to take a change. */
export interface CodeEditorParts {
  /** Gutters after the line numbers (folding, lint markers), in their order on screen. */
  gutters?: readonly Extension[];
  /** Line decorations, under the highlighting (the active line). */
  lines?: readonly Extension[];
  highlight: HighlightStyle;
  /** The language and what reads it: completion, a linter. */
  language: Extension;
  /** Keys after the default and undo ones. */
  keys?: readonly KeyBinding[];
  /** From codeEditorTheme. */
  theme: Extension;
}

/** What the editor tells its owner; read when it happens, so always the latest render's. */
export interface CodeEditorCallbacks {
  onChange: (text: string) => void;
  /** Ctrl/Cmd+Enter, with the text as it is in the editor at that moment. */
  onSubmit: (text: string) => void;
}

export function codeEditorExtensions(
  parts: CodeEditorParts,
  label: string,
  callbacks: { readonly current: CodeEditorCallbacks },
): Extension[] {
  return [
    // Above the default keymap's Mod-Enter (insert a blank line): here it submits, and says it handled the key.
    Prec.highest(
      keymap.of([
        {
          key: 'Mod-Enter',
          run: (target) => {
            callbacks.current.onSubmit(target.state.doc.toString());
            return true;
          },
        },
      ]),
    ),
    lineNumbers(),
    ...(parts.gutters ?? []),
    history(),
    drawSelection(),
    typeOverSelection,
    indentOnInput(),
    bracketMatching(),
    ...(parts.lines ?? []),
    syntaxHighlighting(parts.highlight),
    parts.language,
    // Tab is left to the browser, so keyboard users can leave the editor.
    keymap.of([...defaultKeymap, ...historyKeymap, ...(parts.keys ?? [])]),
    EditorView.lineWrapping,
    parts.theme,
    EditorView.contentAttributes.of({ 'aria-label': label, spellcheck: 'false' }),
    EditorView.updateListener.of((update) => {
      if (update.docChanged) callbacks.current.onChange(update.state.doc.toString());
    }),
  ];
}

/**
 * The app's colours (CSS variables inherit into the shadow root) through CodeMirror's own theme
 * system, at an editor's height; `more` adds a language's own rules to the same theme.
 */
export function codeEditorTheme(
  height: { min: string; max: string },
  more: Parameters<typeof EditorView.theme>[0] = {},
) {
  return EditorView.theme({
    '&': {
      backgroundColor: 'var(--bg)',
      color: 'var(--fg)',
      fontSize: '12px',
      minHeight: height.min,
      maxHeight: height.max,
    },
    '&.cm-focused': { outline: '2px solid var(--accent)' },
    '.cm-scroller': { fontFamily: 'ui-monospace, "SFMono-Regular", Menlo, monospace', overflow: 'auto' },
    '.cm-content': { minHeight: height.min },
    '.cm-gutters': { backgroundColor: 'var(--bg-alt)', color: 'var(--muted)', borderRight: '1px solid var(--border)' },
    ...more,
  });
}
