// The keys the whole app answers: Mod+K and Mod+E open the palette (recent views for E) from
// anywhere, even from a field; `?` opens the shortcuts sheet only when the user is not typing (in a
// field, a select or the code editors' contenteditable, which sits in a shadow root).
import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { CommandDialogs } from '../../../src-renderer/commands/app-dialogs.tsx';
import { SHORTCUT_GROUPS } from '../../../src-renderer/commands/shortcuts.ts';
import { useGlobalKeys } from '../../../src-renderer/commands/use-global-keys.ts';
import { useUiStore } from '../../../src-renderer/ui-store.ts';
import { renderWithApp } from '../support/render-with-app.tsx';

function Harness() {
  useGlobalKeys();
  return (
    <>
      <input aria-label="Party" />
      <textarea aria-label="Note" />
      <button type="button">Search</button>
      <div data-testid="editor-host" />
      <CommandDialogs />
    </>
  );
}

beforeEach(() => {
  useUiStore.setState({ section: 'transfers', dialog: null });
});

describe('global keys', () => {
  it('opens the palette on Ctrl+K and on Cmd+K, also from a field', async () => {
    const { user } = renderWithApp(<Harness />);
    await user.click(screen.getByRole('textbox', { name: 'Party' }));
    await user.keyboard('{Control>}k{/Control}');
    expect(await screen.findByRole('dialog', { name: 'Command palette' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('combobox'));

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Party' }));

    await user.keyboard('{Meta>}k{/Meta}');
    expect(useUiStore.getState().dialog).toBe('palette');
  });

  it('opens recent views on Mod+E and switches sections on Mod+1..5', async () => {
    const { user } = renderWithApp(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.keyboard('{Control>}3{/Control}');
    expect(useUiStore.getState().section).toBe('chains');
    await user.keyboard('{Control>}5{/Control}');
    expect(useUiStore.getState().section).toBe('settings');

    await user.keyboard('{Control>}e{/Control}');
    expect(await screen.findByRole('dialog', { name: 'Recent views' })).toBeTruthy();
  });

  it('opens the shortcuts sheet on ? outside fields, listing every group, and not while typing', async () => {
    const { user } = renderWithApp(<Harness />);
    await user.click(screen.getByRole('textbox', { name: 'Party' }));
    await user.keyboard('?');
    await user.click(screen.getByRole('textbox', { name: 'Note' }));
    await user.keyboard('?');
    expect(useUiStore.getState().dialog).toBeNull();
    expect((screen.getByRole('textbox', { name: 'Party' }) as HTMLInputElement).value).toBe('?');

    // A code editor: contenteditable inside a shadow root, as CodeMirror is mounted here.
    const host = screen.getByTestId('editor-host');
    const editable = host.attachShadow({ mode: 'open' }).appendChild(document.createElement('div'));
    editable.setAttribute('contenteditable', 'true');
    act(() => {
      editable.dispatchEvent(new KeyboardEvent('keydown', { key: '?', bubbles: true, composed: true }));
    });
    expect(useUiStore.getState().dialog).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.keyboard('?');
    const sheet = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    for (const group of SHORTCUT_GROUPS) expect(sheet.textContent).toContain(group.title);
    expect(sheet.textContent).toContain('Ctrl+K');
    expect(sheet.textContent).toContain('Alt+↑');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));

    await user.keyboard('{Escape}');
    expect(useUiStore.getState().dialog).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Search' }));
  });
});
