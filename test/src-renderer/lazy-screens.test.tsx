// Screens loaded on demand (lazy-screens.tsx): in this file no screen but Transfers has been loaded
// before each test's first step, so each test meets a screen whose chunk is not yet in. An action
// asked for it is taken once it is on the page (not dropped while it loads), and the page says it
// is ready only then.
import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../src-renderer/app-shell.tsx';
import { useTransfersStore } from '../../src-renderer/features/transfers/transfers-store.ts';
import { useUiStore } from '../../src-renderer/ui-store.ts';
import { renderWithApp } from './support/render-with-app.tsx';

beforeEach(() => {
  useUiStore.setState({ section: 'transfers', consoleTarget: null, action: null });
  useTransfersStore.setState(useTransfersStore.getInitialState(), true);
});

const ready = () => document.querySelector('.app')?.getAttribute('data-ready');

describe('a screen loaded on demand', () => {
  it('takes the action it was opened for once it is on the page, and only then is the page ready', async () => {
    renderWithApp(<App />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Transfers' })).toBeTruthy();
    await expect.poll(ready).toBe('true');

    // The palette's "Address book": Settings, whose chunk this file has not loaded yet.
    act(() => useUiStore.getState().requestAction('settings:address-book'));
    expect(ready()).not.toBe('true');
    const heading = await screen.findByRole('heading', { level: 2, name: 'Address book' });
    // The address book took it: focus is on its first control, and nothing says it was dropped.
    await expect.poll(() => heading.closest('section')?.contains(document.activeElement)).toBe(true);
    expect(screen.queryByTestId('dropped-action')).toBeNull();
    await expect.poll(ready).toBe('true');
  });
});
