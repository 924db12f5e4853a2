// The palette and the shortcuts sheet inside the whole app: Ctrl+K from the page, a Settings
// panel reached from the palette (focus on its first control), ? and Escape with focus back.
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../../src-renderer/app-shell.tsx';
import { useTransfersStore } from '../../../src-renderer/features/transfers/transfers-store.ts';
import { useUiStore } from '../../../src-renderer/ui-store.ts';
import { renderWithApp } from '../support/render-with-app.tsx';

const sidebar = () => within(screen.getByRole('navigation', { name: 'Sections' }));

beforeEach(() => {
  useUiStore.setState({ section: 'transfers', consoleTarget: null, dialog: null });
  useTransfersStore.setState(useTransfersStore.getInitialState(), true);
});

describe('App: command palette and shortcuts', () => {
  it('opens the palette on Ctrl+K and jumps to a Settings panel, focus on its first control', async () => {
    const { user, container } = renderWithApp(<App />);
    await vi.waitFor(() => expect((container.querySelector('.app') as HTMLElement).dataset.ready).toBe('true'));

    await user.keyboard('{Control>}k{/Control}');
    await user.type(await screen.findByRole('combobox', { name: /Command palette/ }), 'appearance');

    await user.keyboard('{Enter}');

    const theme = await screen.findByRole('combobox', { name: 'Theme' });
    await vi.waitFor(() => expect(document.activeElement).toBe(theme));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the shortcuts sheet on ? and closes it on Escape', async () => {
    const { user } = renderWithApp(<App />);
    await screen.findByTestId('active-profile');
    await user.click(sidebar().getByRole('button', { name: 'Chains' }));
    await user.keyboard('?');
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull();
    expect(document.activeElement).toBe(sidebar().getByRole('button', { name: 'Chains' }));
  });
});
