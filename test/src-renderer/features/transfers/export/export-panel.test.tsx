// Export: the panel asks main to start a job for the filters on screen, follows its progress until
// it is done, cancelled or failed, and says so when the user closed the save dialog (null).
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ExportPanel } from '../../../../../src-renderer/features/transfers/export/export-panel.tsx';
import { useTransfersStore } from '../../../../../src-renderer/features/transfers/transfers-store.ts';
import type { ExportStatus, TransferFilters } from '../../../../../src-shared/contract/transfers.ts';
import { createFakeBridge, failWith } from '../../../../fixtures/fake-bridge.ts';
import { ALICE, DSO, REGISTRAR } from '../../../../fixtures/transfer-legs.ts';
import { renderWithApp } from '../../../support/render-with-app.tsx';

const FILTERS: TransferFilters = {
  party: ALICE,
  asset: { kind: 'ledgerCoin' },
  effectiveAfter: '2026-10-01T00:00:00Z',
  effectiveBefore: null,
  orderDesc: false,
  pageSize: 100,
  nodeId: 'node-b',
};
const JOB = '00000000000000aa';

const job = (patch: Partial<ExportStatus>): ExportStatus => ({
  jobId: JOB,
  state: 'running',
  path: '/home/user/alice-transfers.csv',
  format: 'csv',
  legs: 1200,
  pages: 2,
  bytes: 204_800,
  elapsedMs: 3_000,
  legsPerSecond: 400,
  error: null,
  summary: null,
  ...patch,
});

const card = () => screen.getByTestId('export-card');
const exportButtons = () => [
  screen.getByRole('button', { name: 'Export CSV' }) as HTMLButtonElement,
  screen.getByRole('button', { name: 'Export JSON Lines' }) as HTMLButtonElement,
];

beforeEach(() => {
  useTransfersStore.setState(useTransfersStore.getInitialState(), true);
});

describe('ExportPanel', () => {
  it('starts a job for exactly the filters on screen, the profile and the format chosen', async () => {
    const { bridge, user } = renderWithApp(<ExportPanel profileId="acme" filters={FILTERS} />);

    await user.click(screen.getByRole('button', { name: 'Export JSON Lines' }));

    expect(bridge.export.start).toHaveBeenCalledExactlyOnceWith({
      profileId: 'acme',
      filters: FILTERS,
      format: 'jsonl',
    });
  });

  it('follows a running job to done: progress, then the file and the per-instrument totals', async () => {
    let polls = 0;
    const bridge = createFakeBridge({
      export: {
        start: async () => job({ legs: 0, pages: 0, bytes: 0, elapsedMs: 0, legsPerSecond: 0 }),
        status: async () =>
          ++polls < 2
            ? job({})
            : job({
                state: 'done',
                legs: 2500,
                pages: 3,
                elapsedMs: 75_000,
                summary: {
                  legs: 2500,
                  pages: 3,
                  firstEffectiveAt: '2026-10-01T00:00:01Z',
                  lastEffectiveAt: '2026-10-30T23:59:59Z',
                  instruments: [
                    {
                      instrumentAdmin: DSO,
                      instrumentId: 'Amulet',
                      symbol: 'CC',
                      legs: 2400,
                      totalIn: '1234567.5',
                      totalOut: '0.25',
                    },
                    {
                      instrumentAdmin: REGISTRAR,
                      instrumentId: 'USDx',
                      symbol: null,
                      legs: 100,
                      totalIn: '10',
                      totalOut: '0',
                    },
                  ],
                },
              }),
      },
    });
    // The table saw the coin, so its totals are padded to its 10 decimals; USDx was not seen.
    useTransfersStore.setState({ seenInstruments: [{ admin: DSO, id: 'Amulet', symbol: 'CC', decimals: 10 }] });
    const { user } = renderWithApp(<ExportPanel profileId="sandbox" filters={FILTERS} />, { bridge });

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    expect(await screen.findByRole('heading', { name: 'Exporting CSV…' })).toBeTruthy();
    expect(within(card()).getByRole('progressbar', { name: 'Export running' })).toBeTruthy();
    expect(exportButtons().map((b) => b.disabled)).toEqual([true, true]);
    expect(await within(card()).findByText('1,200')).toBeTruthy();
    expect(within(card()).getByText('400 legs/s')).toBeTruthy();
    expect(within(card()).getByText('200 KB')).toBeTruthy();

    expect(await screen.findByRole('heading', { name: 'Exported CSV' })).toBeTruthy();
    expect(card().getAttribute('data-state')).toBe('done');
    expect(screen.getByTestId('export-path').textContent).toBe('/home/user/alice-transfers.csv');
    expect(screen.getByTestId('export-legs').textContent).toBe('2,500');
    expect(within(card()).getByText('1 min 15 s')).toBeTruthy();
    expect(within(card()).queryByRole('progressbar')).toBeNull();
    expect(within(card()).queryByRole('button', { name: 'Cancel export' })).toBeNull();
    expect(
      within(card()).getByText('2,500 legs in 3 pages, effective from 2026-10-01T00:00:01Z to 2026-10-30T23:59:59Z.'),
    ).toBeTruthy();
    const totals = within(screen.getByRole('table', { name: 'Exported totals per instrument' }));
    expect(
      totals
        .getAllByRole('row')
        .slice(1)
        .map((row) => Array.from(row.children, (c) => c.textContent)),
    ).toEqual([
      ['CC', 'DSO::1220dd…dddd', '2,400', '1,234,567.5000000000', '0.2500000000'],
      ['USDx', 'registrar::1220ee…eeee', '100', '10', '0'],
    ]);
    expect(exportButtons().map((b) => b.disabled)).toEqual([false, false]);
    expect(bridge.export.status).toHaveBeenCalledWith(JOB);
  });

  it('cancels a running job and says no file was written', async () => {
    const bridge = createFakeBridge({
      export: { start: async () => job({}), status: async () => job({}) },
    });
    const { user } = renderWithApp(<ExportPanel profileId="sandbox" filters={FILTERS} />, { bridge });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    await user.click(await screen.findByRole('button', { name: 'Cancel export' }));

    expect(await screen.findByRole('heading', { name: 'Export cancelled: no file was written' })).toBeTruthy();
    expect(bridge.export.cancel).toHaveBeenCalledExactlyOnceWith(JOB);
    expect(screen.queryByTestId('export-path')).toBeNull();
    expect(exportButtons().map((b) => b.disabled)).toEqual([false, false]);
  });

  it('shows why a job failed, in main’s words', async () => {
    const bridge = createFakeBridge({
      export: {
        start: async () => job({ format: 'jsonl' }),
        status: async () => job({ format: 'jsonl', state: 'failed', error: 'disk full after 1,200 legs' }),
      },
    });
    const { user } = renderWithApp(<ExportPanel profileId="sandbox" filters={FILTERS} />, { bridge });

    await user.click(screen.getByRole('button', { name: 'Export JSON Lines' }));

    expect(await screen.findByRole('heading', { name: 'Export failed' })).toBeTruthy();
    expect(within(card()).getByRole('alert').textContent).toBe('[service_error] disk full after 1,200 legs');
    expect(screen.queryByTestId('export-path')).toBeNull();
  });

  it('when the user closes the save dialog (main answers null): says so, and shows no job', async () => {
    const bridge = createFakeBridge({ export: { start: async () => null } });
    const { user } = renderWithApp(<ExportPanel profileId="sandbox" filters={FILTERS} />, { bridge });

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    expect(await screen.findByText('Export cancelled: no file was chosen.')).toBeTruthy();
    expect(screen.queryByTestId('export-card')).toBeNull();
    expect(bridge.export.status).not.toHaveBeenCalled();
    expect(exportButtons().map((b) => b.disabled)).toEqual([false, false]);
  });

  it('shows main’s error when the job cannot start', async () => {
    const bridge = createFakeBridge();
    failWith(bridge.export.start, 'unauthorized', 'the ledger JWT was refused');
    const { user } = renderWithApp(<ExportPanel profileId="sandbox" filters={FILTERS} />, { bridge });

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'The export could not start. [unauthorized] the ledger JWT was refused',
    );
    expect(screen.queryByTestId('export-card')).toBeNull();
  });

  it('shows main’s error when the progress cannot be read, or the cancel fails', async () => {
    const bridge = createFakeBridge({ export: { start: async () => job({}) } });
    failWith(bridge.export.status, 'not_found', 'no export job 00000000000000aa');
    failWith(bridge.export.cancel, 'not_found', 'no export job to cancel');
    const { user } = renderWithApp(<ExportPanel profileId="sandbox" filters={FILTERS} />, { bridge });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    expect(
      await screen.findByText(
        (_, el) =>
          el?.textContent === "The export's progress could not be read. [not_found] no export job 00000000000000aa",
      ),
    ).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Cancel export' }));
    expect(await screen.findByText((_, el) => el?.textContent === '[not_found] no export job to cancel')).toBeTruthy();
  });
});
