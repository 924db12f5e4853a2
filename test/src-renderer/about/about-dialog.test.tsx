// About: the versions a support case asks for, where settings and logs live, Reveal for each; the
// browser version says plainly it cannot open a file manager, and Escape closes with focus back.
import { act, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AboutDialog } from '../../../src-renderer/about/about-dialog.tsx';
import { FoldersPanel } from '../../../src-renderer/features/settings/folders-panel.tsx';
import { useUiStore } from '../../../src-renderer/ui-store.ts';
import { createFakeBridge, FAKE_APP_INFO, failWith } from '../../fixtures/fake-bridge.ts';
import { renderWithApp } from '../support/render-with-app.tsx';

const DESKTOP_INFO = {
  ...FAKE_APP_INFO,
  transport: 'electron' as const,
  versions: { app: '1.4.2', electron: '39.1.0', chromium: '142.0.7444.59', node: '22.20.0' },
};

function Harness() {
  return (
    <>
      <button type="button" onClick={() => useUiStore.getState().openDialog('about')}>
        About
      </button>
      <AboutDialog />
    </>
  );
}

beforeEach(() => {
  useUiStore.setState({ section: 'transfers', dialog: null });
});

describe('About', () => {
  it('shows the app, Electron, Chromium and Node versions and reveals the logs folder', async () => {
    const bridge = createFakeBridge({
      app: {
        info: async () => DESKTOP_INFO,
        reveal: async (target) => ({ path: DESKTOP_INFO.folders[target], opened: true }),
      },
    });
    const { user } = renderWithApp(<Harness />, { bridge });
    await user.click(screen.getByRole('button', { name: 'About' }));
    const dialog = await screen.findByRole('dialog', { name: 'About Ledger Explorer' });
    const term = (name: string) => within(dialog).getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(await within(dialog).findByText('39.1.0')).toBeTruthy();
    expect(term('Version')).toBe('1.4.2');
    expect(term('Electron')).toBe('39.1.0');
    expect(term('Chromium')).toBe('142.0.7444.59');
    expect(term('Node')).toBe('22.20.0');
    expect(term('Runs as')).toBe('Desktop app');
    expect(within(dialog).getByText(FAKE_APP_INFO.folders.logs)).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Reveal logs folder' }));
    expect(bridge.app.reveal).toHaveBeenCalledWith('logs');
    expect(await within(dialog).findByRole('status')).toHaveProperty(
      'textContent',
      `Opened ${FAKE_APP_INFO.folders.logs} in the file manager.`,
    );

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'About' }));
  });

  it('in the browser version: no Electron or Chromium, and Reveal names the folder instead of opening it', async () => {
    const { user } = renderWithApp(<Harness />);
    act(() => useUiStore.getState().openDialog('about'));
    const dialog = await screen.findByRole('dialog', { name: 'About Ledger Explorer' });
    await within(dialog).findByText('Browser version');
    expect(within(dialog).getAllByText('— (the browser version)')).toHaveLength(2);
    await user.click(within(dialog).getByRole('button', { name: 'Reveal settings folder' }));
    expect((await within(dialog).findByText(/cannot open a file manager/)).textContent).toBe(
      `This version cannot open a file manager: the folder is ${FAKE_APP_INFO.folders.settings}`,
    );
  });
});

describe('Settings: folders panel', () => {
  it('reveals the settings folder and shows why it failed when main refuses', async () => {
    const bridge = createFakeBridge();
    failWith(bridge.app.reveal, 'internal', 'EACCES: permission denied');
    const { user } = renderWithApp(<FoldersPanel />, { bridge });
    const panel = screen.getByRole('region', { name: 'Settings and logs folders' });
    await within(panel).findByText(FAKE_APP_INFO.folders.settings);
    await user.click(within(panel).getByRole('button', { name: 'Reveal settings folder' }));
    expect(await within(panel).findByText('The folder could not be shown.')).toBeTruthy();
    expect(within(panel).getByText(/EACCES: permission denied/)).toBeTruthy();
  });
});
