// The params editor is CodeMirror 6 in a shadow root. It mounts and handles keys in happy-dom, but
// typing through user-event does not work there: happy-dom fires `selectionchange` synchronously
// inside CodeMirror's own update, which CodeMirror refuses ("Calls to EditorView.update are not
// allowed while an update is in progress"). So an edit here is what typing becomes inside
// CodeMirror, a transaction marked as user input, and the keys go to the editable content as
// keydown events. Typing itself is covered by the browser tier (e2e/browser/rpc-console.spec.ts).
import { EditorView } from '@codemirror/view';
import { fireEvent, render, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { JsonEditor, type JsonEditorProps } from '../../../../src-renderer/features/rpc/json-editor.tsx';

function renderEditor(props: Partial<JsonEditorProps> = {}) {
  const all: JsonEditorProps = {
    value: '["0x1", "latest"]',
    replaceSeq: 0,
    onChange: vi.fn(),
    onSubmit: vi.fn(),
    label: 'Params (JSON array)',
    error: null,
    ...props,
  };
  // Plain render (no query client needed): its rerender updates the same editor, never a new one.
  const rendered = render(<JsonEditor {...all} />);
  const host = rendered.container.querySelector<HTMLElement>('.json-editor');
  const content = host?.shadowRoot?.querySelector<HTMLElement>('.cm-content');
  if (!host || !content) throw new Error('the editor did not mount in a shadow root');
  const view = EditorView.findFromDOM(content) as EditorView;
  /** What typing `text` at `from` becomes inside CodeMirror. */
  const type = (text: string, from = view.state.doc.length) =>
    view.dispatch({ changes: { from, insert: text }, userEvent: 'input.type' });
  const rerender = (next: Partial<JsonEditorProps>) => rendered.rerender(<JsonEditor {...all} {...next} />);
  return { ...rendered, host, content, view, type, rerender, props: all };
}

describe('JsonEditor', () => {
  it('shows the text in an editable area named by its label, inside a shadow root', () => {
    const { host, content } = renderEditor();

    expect(content.textContent).toBe('["0x1", "latest"]');
    expect(content.getAttribute('aria-label')).toBe('Params (JSON array)');
    expect(content.getAttribute('contenteditable')).toBe('true');
    // Nothing of the editor in the document itself: its styles could not apply there under the CSP.
    expect(document.querySelector('.cm-content')).toBeNull();
    expect(host.className).toBe('json-editor');
  });

  it('reports every edit with the whole text', () => {
    const { type, props, content } = renderEditor({ value: '[]' });

    type('"latest"', 1);

    expect(props.onChange).toHaveBeenLastCalledWith('["latest"]');
    expect(content.textContent).toBe('["latest"]');
  });

  it('sends on Ctrl+Enter and marks the key handled', () => {
    const { content, props } = renderEditor();

    // Enter alone is a new line in the text.
    fireEvent.keyDown(content, { key: 'Enter' });
    expect(props.onSubmit).not.toHaveBeenCalled();
    expect(props.onChange).toHaveBeenCalledOnce();
    const handled = !fireEvent.keyDown(content, { key: 'Enter', ctrlKey: true });

    expect(props.onSubmit).toHaveBeenCalledOnce();
    // The console's form sends on Ctrl+Enter too, unless the editor already did.
    expect(handled).toBe(true);
    expect(props.onChange).toHaveBeenCalledOnce();
  });

  it('calls the callbacks of the latest render, without rebuilding the editor (undo survives)', () => {
    const { type, rerender, content, view, props } = renderEditor({ value: '[]' });
    type('1', 1);
    const onChange = vi.fn();
    const onSubmit = vi.fn();

    rerender({ value: '[1]', onChange, onSubmit });
    type(',2', 2);
    fireEvent.keyDown(content, { key: 'Enter', ctrlKey: true });

    expect(onChange).toHaveBeenLastCalledWith('[1,2]');
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(props.onSubmit).not.toHaveBeenCalled();
    expect(EditorView.findFromDOM(content)).toBe(view);

    fireEvent.keyDown(content, { key: 'z', ctrlKey: true });
    expect(view.state.doc.toString()).toBe('[]');
    expect(onChange).toHaveBeenLastCalledWith('[]');
  });

  it('replaces its text when a new value comes from outside (a template, a history entry)', () => {
    const { rerender, content, props } = renderEditor({ value: '[]' });

    rerender({ value: '[\n  "0x0000000000000000000000000000000000000000",\n  "latest"\n]', replaceSeq: 1 });

    expect(content.querySelectorAll('.cm-line')).toHaveLength(4);
    expect(content.textContent).toBe('[  "0x0000000000000000000000000000000000000000",  "latest"]');
    // The editor tells the form its text, which the form already has.
    expect(props.onChange).toHaveBeenLastCalledWith(
      '[\n  "0x0000000000000000000000000000000000000000",\n  "latest"\n]',
    );
  });

  it('keeps a keystroke that lands before the render of the one before it (no write-back of a stale value)', () => {
    const { type, rerender, view } = renderEditor({ value: '[]' });
    type('1', 1);
    type('2', 2);

    // The render for the first keystroke arrives after the second: its value is stale.
    rerender({ value: '[1]' });

    expect(view.state.doc.toString()).toBe('[12]');
  });

  it('announces the inline error with the editor and clears it when the text is fixed', () => {
    const { rerender, content, host } = renderEditor({ value: '[1,', error: 'Params are not valid JSON' });

    expect(content.getAttribute('aria-invalid')).toBe('true');
    expect(content.getAttribute('aria-description')).toBe('Params are not valid JSON');
    expect(host.className).toContain('json-editor-invalid');

    rerender({ value: '[1]', error: null });

    expect(content.hasAttribute('aria-invalid')).toBe(false);
    expect(content.hasAttribute('aria-description')).toBe(false);
    expect(host.className).not.toContain('json-editor-invalid');
  });

  it('marks a line whose JSON does not parse, and unmarks it once it does', async () => {
    const { host, view } = renderEditor({ value: '["0x1", latest]' });
    const marker = () => host.shadowRoot?.querySelector('.cm-gutter-lint .cm-lint-marker-error') ?? null;

    await waitFor(() => expect(marker()).not.toBeNull());

    view.dispatch({ changes: { from: 8, to: 14, insert: '"latest"' }, userEvent: 'input.type' });
    await waitFor(() => expect(marker()).toBeNull());
  });

  it('lets go of the editor when it unmounts', () => {
    const { unmount, view } = renderEditor();

    unmount();

    expect(view.dom.isConnected).toBe(false);
  });
});
