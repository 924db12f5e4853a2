// A CodeMirror 6 JSON editor (params, or a batch), on the app's code editor base (ui/code-editor/:
// in a shadow root, for the CSP). Its own parts: JSON highlighting, folding, the active line, and
// the JSON parse linter marking the spot.
import { json, jsonParseLinter } from '@codemirror/lang-json';
import { foldGutter, foldKeymap, HighlightStyle } from '@codemirror/language';
import { linter, lintGutter } from '@codemirror/lint';
import { highlightActiveLine } from '@codemirror/view';
import { tags } from '@lezer/highlight';
import { type CodeEditorParts, codeEditorTheme } from '../../ui/code-editor/code-editor-setup.ts';
import { useCodeEditor } from '../../ui/code-editor/use-code-editor.ts';

export interface JsonEditorProps {
  /** The text: shown at mount, and again whenever `replaceSeq` changes. */
  value: string;
  /**
   * Moves on each time the text is set from outside (a template, a history entry, the contract
   * form). The editor owns its text otherwise: a render's value is never written back on its own.
   */
  replaceSeq: number;
  onChange: (text: string) => void;
  /** Ctrl/Cmd+Enter. */
  onSubmit: () => void;
  label: string;
  /** The inline error, announced with the editor (an id reference cannot cross the shadow root). */
  error: string | null;
}

/** JSON colours from the app's palette (CSS variables reach into the shadow root): right in light and dark. */
const jsonHighlight = HighlightStyle.define([
  { tag: tags.propertyName, color: 'var(--accent)' },
  { tag: tags.string, color: 'var(--code-string)' },
  { tag: [tags.number, tags.bool], color: 'var(--code-number)' },
  { tag: tags.null, color: 'var(--muted)' },
  { tag: tags.invalid, color: 'var(--error-fg)' },
]);

const JSON_PARTS: CodeEditorParts = {
  gutters: [foldGutter(), lintGutter()],
  lines: [highlightActiveLine()],
  highlight: jsonHighlight,
  language: [json(), linter(jsonParseLinter(), { delay: 250 })],
  keys: foldKeymap,
  theme: codeEditorTheme(
    { min: '90px', max: '360px' },
    {
      '.cm-activeLine': { backgroundColor: 'transparent' },
      '&.cm-focused .cm-activeLine': { backgroundColor: 'color-mix(in srgb, var(--accent) 8%, transparent)' },
    },
  ),
};

// Why the sequence number: a render's value is never written back (use-code-editor.ts says why);
// only a replacement asked for from outside touches the text.
export function JsonEditor({ value, replaceSeq, onChange, onSubmit, label, error }: JsonEditorProps) {
  const { host } = useCodeEditor({
    parts: JSON_PARTS,
    doc: value,
    label,
    replacement: { text: value, seq: replaceSeq },
    error,
    onChange,
    onSubmit: () => onSubmit(),
  });

  return <div ref={host} className={`json-editor${error ? ' json-editor-invalid' : ''}`} />;
}
