// The live regions a screen reader hears: one per area (page, Load all, export, sync), saying
// what changed in words, progress held back to once every few seconds and the end said at once.
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SyncPanel, syncAnnouncement } from '../../../src-renderer/features/local-ledger/sync-panel.tsx';
import { exportAnnouncement } from '../../../src-renderer/features/transfers/export/export-panel.tsx';
import { LoadAllBar, PagingBar } from '../../../src-renderer/features/transfers/table/paging-bar.tsx';
import { useTransfersStore } from '../../../src-renderer/features/transfers/transfers-store.ts';
import { LiveStatus } from '../../../src-renderer/ui/live-status.tsx';
import type { SyncStatus } from '../../../src-shared/contract/local-ledger.ts';
import type { ExportStatus, TransferFilters } from '../../../src-shared/contract/transfers.ts';
import { ALICE } from '../../fixtures/transfer-legs.ts';
import { renderWithApp } from '../support/render-with-app.tsx';

const said = (label: string) => screen.getByRole('status', { name: label }).textContent;

describe('LiveStatus', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says the first text after the region exists, then progress at most once per interval, the end at once', () => {
    const { rerender } = render(<LiveStatus label="Work" text="Working: 1 leg" everyMs={5000} />);
    expect(said('Work')).toBe('Working: 1 leg');

    rerender(<LiveStatus label="Work" text="Working: 2 legs" everyMs={5000} />);
    rerender(<LiveStatus label="Work" text="Working: 3 legs" everyMs={5000} />);
    expect(said('Work')).toBe('Working: 1 leg');
    act(() => vi.advanceTimersByTime(5000));
    // The latest progress, not each step on the way.
    expect(said('Work')).toBe('Working: 3 legs');

    rerender(<LiveStatus label="Work" text="Working: 4 legs" everyMs={5000} />);
    rerender(<LiveStatus label="Work" text="Done: 4 legs" final everyMs={5000} />);
    expect(said('Work')).toBe('Done: 4 legs');
  });

  it('says an unchanged text again when it comes from a new event, and only then', () => {
    const { rerender } = render(<LiveStatus label="Page" text="Page 1 loaded: 50 legs" final seq={1} />);
    const region = screen.getByRole('status', { name: 'Page' });
    // What a screen reader reads out of a polite region: the text added to it.
    const observer = new MutationObserver(() => {});
    observer.observe(region, { childList: true, subtree: true, characterData: true });
    const heard = () =>
      observer
        .takeRecords()
        .flatMap((r) => [...r.addedNodes].map((n) => n.textContent))
        .filter(Boolean);

    rerender(<LiveStatus label="Page" text="Page 1 loaded: 50 legs" final seq={1} />);
    expect(heard()).toEqual([]);
    rerender(<LiveStatus label="Page" text="Page 1 loaded: 50 legs" final seq={2} />);
    expect(heard()).toEqual(['Page 1 loaded: 50 legs']);
    expect(said('Page')).toBe('Page 1 loaded: 50 legs');
    observer.disconnect();
  });

  it('is a polite status region, hidden from sight', () => {
    render(<LiveStatus label="Work" text="Done" final />);
    const region = screen.getByRole('status', { name: 'Work' });
    expect(region.className).toBe('visually-hidden');
  });
});

const FILTERS: TransferFilters = {
  party: ALICE,
  asset: { kind: 'all' },
  effectiveAfter: null,
  effectiveBefore: null,
  orderDesc: true,
  pageSize: 25,
  nodeId: null,
};

describe('page and Load all', () => {
  beforeEach(() => {
    useTransfersStore.setState(useTransfersStore.getInitialState(), true);
    useTransfersStore.getState().search(FILTERS);
  });

  it('says a page once it has come, nothing while it loads, and a page that failed', () => {
    const { rerender } = renderWithApp(<PagingBar count={null} next={null} loading={true} />);
    expect(said('Page status')).toBe('');
    rerender(<PagingBar count={25} next="cursor-2" loading={false} />);
    expect(said('Page status')).toBe('Page 1 loaded: 25 legs');
    rerender(<PagingBar count={1} next={null} loading={false} />);
    expect(said('Page status')).toBe('Page 1 loaded: 1 leg, the last page');
    rerender(<PagingBar count={null} next={null} loading={false} failed={{ showing: null }} />);
    expect(said('Page status')).toBe('Page 1 could not be loaded');
  });

  it('says Load all’s progress and its end', () => {
    const bar = (running: boolean, done: boolean, legs: number, pages: number) => (
      <LoadAllBar
        legs={legs}
        pages={pages}
        running={running}
        done={done}
        failed={false}
        canContinue={!done}
        onStop={() => {}}
        onContinue={() => {}}
      />
    );
    const { rerender } = renderWithApp(bar(true, false, 1000, 1));
    expect(said('Load all status')).toBe('Loading all pages: 1,000 legs from 1 page so far');
    rerender(bar(false, true, 12345, 13));
    expect(said('Load all status')).toBe('All pages loaded: 12,345 legs from 13 pages');
    rerender(bar(false, false, 12345, 13));
    expect(said('Load all status')).toBe('Load all stopped: 12,345 legs from 13 pages');
  });
});

const exportJob = (patch: Partial<ExportStatus>): ExportStatus => ({
  jobId: 'job-1',
  state: 'running',
  path: '/tmp/legs.csv',
  format: 'csv',
  legs: 2500,
  pages: 3,
  bytes: 1024,
  elapsedMs: 1000,
  legsPerSecond: 2500,
  error: null,
  summary: null,
  ...patch,
});

const syncStatus = (patch: Partial<SyncStatus>): SyncStatus => ({
  jobId: 'sync-1',
  profileId: 'sandbox',
  party: ALICE,
  nodeId: null,
  state: 'running',
  window: { after: null, before: null },
  incremental: false,
  resumed: false,
  legs: 4000,
  newLegs: null,
  changedLegs: null,
  goneLegs: null,
  pages: 4,
  legsPerSecond: 900,
  etaSeconds: 12,
  startedAt: '2026-01-01T00:00:00Z',
  finishedAt: null,
  error: null,
  ...patch,
});

describe('export and sync', () => {
  it('words the export’s progress and each way it ends', () => {
    expect(exportAnnouncement(exportJob({}), 'CSV')).toBe('Exporting CSV: 2,500 legs written so far');
    expect(exportAnnouncement(exportJob({ state: 'done' }), 'CSV')).toBe(
      'Export finished: 2,500 legs written to /tmp/legs.csv',
    );
    expect(exportAnnouncement(exportJob({ state: 'cancelled' }), 'CSV')).toBe('Export cancelled: no file was written');
    expect(exportAnnouncement(exportJob({ state: 'failed', legs: 1, error: 'disk full' }), 'JSON Lines')).toBe(
      'Export failed after 1 leg: disk full',
    );
  });

  it('words the sync’s progress and its end, and the panel says it in its region', () => {
    expect(syncAnnouncement(syncStatus({}))).toBe('Syncing to local: 4,000 legs in 4 pages');
    expect(syncAnnouncement(syncStatus({ state: 'waiting' }))).toBe('Waiting for the service to start…');
    expect(syncAnnouncement(syncStatus({ state: 'done', legs: 1, pages: 1 }))).toBe('Sync done: 1 leg in 1 page');
    // An incremental sync says what it added: its last hour, fetched again, is not new.
    const incremental = (newLegs: number, changedLegs = 0, goneLegs = 0) =>
      syncAnnouncement(
        syncStatus({ state: 'done', incremental: true, legs: 1002, pages: 2, newLegs, changedLegs, goneLegs }),
      );
    expect(incremental(0)).toBe('Sync done: nothing new since the last sync (1,002 legs checked again)');
    expect(incremental(1000)).toBe('Sync done: 1,000 new legs since the last sync (2 checked again)');
    expect(incremental(0, 0, 3)).toBe(
      'Sync done: nothing new since the last sync; 3 legs no longer sent, removed (1,002 checked again)',
    );
    expect(incremental(1, 1, 1)).toBe(
      'Sync done: 1 new leg and 1 leg with a changed status since the last sync; 1 leg no longer sent, removed (1,000 checked again)',
    );
    expect(
      syncAnnouncement(
        syncStatus({ state: 'failed', error: { name: 'BridgeError', code: 'network', message: 'no route' } }),
      ),
    ).toBe('Sync failed after 4,000 legs in 4 pages: The ledger could not be reached.');

    renderWithApp(
      <SyncPanel status={syncStatus({ state: 'done' })} onCancel={() => {}} cancelling={false} cancelError={null} />,
    );
    expect(said('Sync status')).toBe('Sync done: 4,000 legs in 4 pages');
    // The panel itself is no longer a live region: its rate and ETA change at every poll.
    expect(screen.getByTestId('sync-panel').getAttribute('aria-live')).toBeNull();
  });

  it('a cancel that main is still carrying out says so (the button only greyed)', () => {
    renderWithApp(<SyncPanel status={syncStatus({})} onCancel={() => {}} cancelling={true} cancelError={null} />);
    const button = screen.getByRole('button', { name: 'Cancelling…' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
  });
});
