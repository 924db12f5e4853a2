// Beside a file main wrote: the browser version says which machine it is on and downloads it by
// the one-time address main gives for that path; the desktop app shows nothing (it saved where the
// user chose, on this machine).
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../src-renderer/data/query-keys.ts';
import { DownloadOffer } from '../../../src-renderer/ui/download-offer.tsx';
import { createFakeBridge, FAKE_APP_INFO, failWith } from '../../fixtures/fake-bridge.ts';
import { renderWithApp } from '../support/render-with-app.tsx';

const PATH = '/home/ana/.config/ledger-explorer/exports/transfers-alice-20261124-093000.csv';

describe('DownloadOffer', () => {
  it('in the browser version: says the file is on the machine running the app, and Download follows main’s address', async () => {
    const clicked: Array<{ href: string; download: string }> = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
    const { bridge, user } = renderWithApp(<DownloadOffer path={PATH} />);
    expect(await screen.findByText('This file is on the machine running the app.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Download transfers-alice-20261124-093000.csv' }));
    expect(bridge.app.download).toHaveBeenCalledExactlyOnceWith(PATH);
    await waitFor(() => expect(click).toHaveBeenCalledOnce());
    expect(clicked).toEqual([
      {
        href: '/__download/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
        download: 'transfers-alice-20261124-093000.csv',
      },
    ]);
  });

  it('says main’s words when the file cannot be offered', async () => {
    const bridge = createFakeBridge();
    failWith(bridge.app.download, 'not_found', 'x.csv is no longer where it was written: it was deleted or moved.');
    const { user } = renderWithApp(<DownloadOffer path={PATH} />, { bridge });
    await user.click(await screen.findByRole('button', { name: /^Download / }));
    expect((await screen.findByRole('alert')).textContent).toContain('it was deleted or moved');
  });

  it('for a folder (Parquet by month): says where it is and offers no download', async () => {
    renderWithApp(<DownloadOffer path="/exports/local-by-month" folder />);
    expect(await screen.findByText(/a folder cannot be downloaded here/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('in the desktop app: shows nothing (no machine note, no Download)', async () => {
    const bridge = createFakeBridge({ app: { info: async () => ({ ...FAKE_APP_INFO, transport: 'electron' }) } });
    const { container, queryClient } = renderWithApp(<DownloadOffer path={PATH} />, { bridge });
    // Once app:info has answered (rendered with it), still nothing.
    await waitFor(() =>
      expect(queryClient.getQueryData(queryKeys.app.info())).toMatchObject({ transport: 'electron' }),
    );
    expect(container.textContent).toBe('');
  });
});
