// Mounts one of the app's CodeMirror 6 editors (the SQL editor, the RPC console's JSON editor) on a
// host element, for the life of the component: the text it starts with, a text set from outside,
// the error announced with it, the callbacks of the latest render, and the editor let go at unmount.
//
// Why a shadow root: CodeMirror's styles go through style-mod, which uses a constructable
// stylesheet (adoptedStyleSheets) only when mounted in a shadow root; in the document itself it
// writes a <style> element, which the renderer's CSP (style-src 'self') blocks, leaving the
// editor unstyled. In a shadow root no CSP relaxation is needed. e2e/browser/rpc-console.spec.ts
// checks there is no CSP violation and that the editor's styles apply.
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { useEffect, useRef } from 'react';
import { type CodeEditorCallbacks, type CodeEditorParts, codeEditorExtensions } from './code-editor-setup.ts';

/** A text set from outside; a new `seq` each time, so setting the same text twice works. */
export interface CodeEditorReplacement {
  text: string;
  seq: number;
}

export interface CodeEditorOptions extends CodeEditorCallbacks {
  parts: CodeEditorParts;
  /** The text at mount. */
  doc: string;
  /** The editable area's accessible name, at mount. */
  label: string;
  replacement: CodeEditorReplacement | null;
  /**
   * Writes a replacement even when the editor already holds that text (a step of undo, a change
   * heard), as the SQL editor always has. Otherwise it is skipped: the JSON editor's replacement is
   * its value, which the editor already holds at mount.
   */
  replaceSameText?: boolean;
  /** Announced with the editor (an id reference cannot cross the shadow root). */
  error: string | null;
}

// The editor owns its text: the owner hears every change but a render's text is never written
// back. (Writing it back raced with typing: the effect of a render runs after paint, and a
// keystroke landing in between was undone by the older value: a query ran without its first letter.)
export function useCodeEditor({
  parts,
  doc,
  label,
  replacement,
  replaceSameText = false,
  error,
  ...callbacks
}: CodeEditorOptions) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  // The editor is built once; it calls whatever callbacks the latest render gave.
  const latest = useRef<CodeEditorCallbacks>(callbacks);
  latest.current = callbacks;

  // biome-ignore lint/correctness/useExhaustiveDependencies: built once; rebuilding would lose the undo history
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const shadow = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
    const editor = new EditorView({
      parent: shadow,
      root: shadow,
      state: EditorState.create({ doc, extensions: codeEditorExtensions(parts, label, latest) }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, []);

  // A text set from outside replaces the editor's, once per replacement.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the replacement, not on each render's text
  useEffect(() => {
    const editor = view.current;
    if (!editor || !replacement) return;
    if (replaceSameText || editor.state.doc.toString() !== replacement.text) {
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: replacement.text } });
    }
  }, [replacement?.seq]);

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

  return { host, view };
}
