// A CodeMirror extension for the app's code editors (the SQL editor, the RPC console's JSON).
//
// Why: CodeMirror lets the browser insert typed text itself and reads the change back from the DOM.
// When the text replaces a selection, Chromium first deletes the selection and then, to keep the look
// of the deleted text (its "typing style"), writes a style attribute with the first deleted token's
// colour on what it inserts. The renderer's CSP (style-src 'self') refuses that attribute and the
// console says "Applying inline style violates …" (issue 37, item 5: select the example, or part of a
// line starting on a keyword, a string or a comment, and type). So the browser is never left to edit
// across a selection:
// - a typed character (insertText, cancellable) is inserted here instead, as CodeMirror's own insert
//   would do it: the editor's input handlers first, else the selection replaced, as typing;
// - a composition (a dead key, an IME; its events cannot be cancelled) starts with the selection
//   deleted here, so the browser composes at a caret. CodeMirror already does this itself for a
//   selection over several lines; this does it for any selection.
// Typing with nothing selected stays the browser's. docs/security.md, "Content-Security-Policy";
// e2e/browser/editor-typing.spec.ts.
import { EditorView } from '@codemirror/view';

const selects = (view: EditorView) => view.state.selection.ranges.some((range) => !range.empty);

export const typeOverSelection = [
  EditorView.domEventHandlers({
    beforeinput(event, view) {
      if (event.inputType !== 'insertText' || event.isComposing || !event.data || !selects(view)) return false;
      event.preventDefault();
      const { state } = view;
      if (state.readOnly) return true;
      const text = event.data;
      const { from, to } = state.selection.main;
      const insert = () =>
        state.update(state.replaceSelection(text), { scrollIntoView: true, userEvent: 'input.type' });
      if (!state.facet(EditorView.inputHandler).some((handler) => handler(view, from, to, text, insert))) {
        view.dispatch(insert());
      }
      return true;
    },
  }),
  EditorView.domEventObservers({
    compositionstart(_event, view) {
      if (view.composing || view.state.readOnly || !selects(view)) return;
      view.dispatch({
        changes: view.state.selection.ranges.filter((range) => !range.empty).map(({ from, to }) => ({ from, to })),
        userEvent: 'input',
      });
    },
  }),
];
