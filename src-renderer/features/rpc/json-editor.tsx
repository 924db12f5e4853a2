// A CodeMirror 6 JSON editor (params, or a batch). Built from the @codemirror packages directly:
// JSON highlighting, bracket matching, folding, undo, and the JSON parse linter marking the spot.
//
// Why a shadow root: CodeMirror's styles go through style-mod, which uses a constructable
// stylesheet (adoptedStyleSheets) only when mounted in a shadow root; in the document itself it
// writes a <style> element, which the renderer's CSP (style-src 'self') blocks, leaving the
// editor unstyled. In a shadow root no CSP relaxation is needed. e2e/browser/rpc-console.spec.ts
// checks there is no CSP violation and that the editor's styles apply.
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { json, jsonParseLinter } from '@codemirror/lang-json';
import {
  bracketMatching,
  foldGutter,
  foldKeymap,
  HighlightStyle,
  indentOnInput,
  syntaxHighlighting,
} from '@codemirror/language';
import { linter, lintGutter } from '@codemirror/lint';
import { EditorState, Prec } from '@codemirror/state';
import { drawSelection, EditorView, highlightActiveLine, keymap, lineNumbers } from '@codemirror/view';
import { tags } from '@lezer/highlight';
import { useEffect, useRef } from 'react';
import { typeOverSelection } from '../../ui/type-over-selection.ts';

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

/** The app's colours (CSS variables inherit into the shadow root), through CodeMirror's own theme system. */
/** JSON colours from the app's palette (CSS variables reach into the shadow root): right in light and dark. */
const jsonHighlight = HighlightStyle.define([
  { tag: tags.propertyName, color: 'var(--accent)' },
  { tag: tags.string, color: 'var(--code-string)' },
  { tag: [tags.number, tags.bool], color: 'var(--code-number)' },
  { tag: tags.null, color: 'var(--muted)' },
  { tag: tags.invalid, color: 'var(--error-fg)' },
]);

const appTheme = EditorView.theme({
  '&': {
    backgroundColor: 'var(--bg)',
    color: 'var(--fg)',
    fontSize: '12px',
    minHeight: '90px',
    maxHeight: '360px',
  },
  '&.cm-focused': { outline: '2px solid var(--accent)' },
  '.cm-scroller': { fontFamily: 'ui-monospace, "SFMono-Regular", Menlo, monospace', overflow: 'auto' },
  '.cm-content': { minHeight: '90px' },
  '.cm-gutters': { backgroundColor: 'var(--bg-alt)', color: 'var(--muted)', borderRight: '1px solid var(--border)' },
  '.cm-activeLine': { backgroundColor: 'transparent' },
  '&.cm-focused .cm-activeLine': { backgroundColor: 'color-mix(in srgb, var(--accent) 8%, transparent)' },
});

// Why the sequence number: writing every render's value back raced with typing. The effect of a
// render runs after paint; a keystroke landing in between was undone by the older value (the same
// race the SQL editor had). Now only a replacement asked for from outside touches the text.
export function JsonEditor({ value, replaceSeq, onChange, onSubmit, label, error }: JsonEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  // The editor is built once; it calls whatever callbacks the latest render gave.
  const callbacks = useRef({ onChange, onSubmit });
  callbacks.current = { onChange, onSubmit };

  // Built once per mount: later values arrive through the effect below, callbacks through the ref.
  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilding the editor would lose its undo history
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const shadow = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
    const editor = new EditorView({
      parent: shadow,
      root: shadow,
      state: EditorState.create({
        doc: value,
        extensions: [
          Prec.highest(
            keymap.of([
              {
                key: 'Mod-Enter',
                run: () => {
                  callbacks.current.onSubmit();
                  return true;
                },
              },
            ]),
          ),
          lineNumbers(),
          foldGutter(),
          lintGutter(),
          history(),
          drawSelection(),
          typeOverSelection,
          indentOnInput(),
          bracketMatching(),
          highlightActiveLine(),
          syntaxHighlighting(jsonHighlight),
          json(),
          linter(jsonParseLinter(), { delay: 250 }),
          // Tab is left to the browser, so keyboard users can leave the editor.
          keymap.of([...defaultKeymap, ...historyKeymap, ...foldKeymap]),
          EditorView.lineWrapping,
          appTheme,
          EditorView.contentAttributes.of({ 'aria-label': label, spellcheck: 'false' }),
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

  // A value set from outside (a catalog template, a history entry) replaces the text, once per replacement.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the replacement, not on each render's text
  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value) {
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
    }
  }, [replaceSeq]);

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

  return <div ref={host} className={`json-editor${error ? ' json-editor-invalid' : ''}`} />;
}
