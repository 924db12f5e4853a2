// The paging bar: the service's cursor only goes forward, so Previous works from the cursor
// history the store keeps; Next needs the page's `next` and waits while a page loads.
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadAllBar, PagingBar } from '../../../../../src-renderer/features/transfers/table/paging-bar.tsx';
import { useTransfersStore } from '../../../../../src-renderer/features/transfers/transfers-store.ts';
import type { TransferFilters } from '../../../../../src-shared/contract/transfers.ts';
import { ALICE } from '../../../../fixtures/transfer-legs.ts';
import { renderWithApp } from '../../../support/render-with-app.tsx';

const FILTERS: TransferFilters = {
  party: ALICE,
  asset: { kind: 'all' },
  effectiveAfter: null,
  effectiveBefore: null,
  orderDesc: true,
  pageSize: 25,
  nodeId: null,
};

const view = () => useTransfersStore.getState().view;
const status = () => screen.getByTestId('page-status').textContent;
const button = (name: RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;

beforeEach(() => {
  useTransfersStore.setState(useTransfersStore.getInitialState(), true);
  useTransfersStore.getState().search(FILTERS);
});

describe('PagingBar', () => {
  it('shows nothing before a search', () => {
    useTransfersStore.setState({ view: null });
    renderWithApp(<PagingBar count={3} next={null} loading={false} />);

    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('on page 1: no Previous, Next when the service gave a cursor, and the count', () => {
    renderWithApp(<PagingBar count={25} next="cursor-2" loading={false} />);

    expect(status()).toBe('Page 1 · 25 legs');
    expect(button(/Previous page/).disabled).toBe(true);
    expect(button(/Next page/).disabled).toBe(false);
  });

  it('says "last page" and disables Next when there is no next cursor', () => {
    renderWithApp(<PagingBar count={1} next={null} loading={false} />);

    expect(status()).toBe('Page 1 · 1 leg · last page');
    expect(button(/Next page/).disabled).toBe(true);
  });

  it('Next pushes the cursor, Previous pops it: the history holds how each page was reached', async () => {
    const { user, rerender } = renderWithApp(<PagingBar count={25} next="cursor-2" loading={false} />);

    await user.click(button(/Next page/));
    expect(view()?.cursors.cursors).toEqual([null, 'cursor-2']);
    rerender(<PagingBar count={25} next="cursor-3" loading={false} />);
    expect(status()).toBe('Page 2 · 25 legs');
    expect(button(/Previous page/).disabled).toBe(false);

    await user.click(button(/Next page/));
    expect(view()?.cursors.cursors).toEqual([null, 'cursor-2', 'cursor-3']);
    rerender(<PagingBar count={7} next={null} loading={false} />);
    expect(status()).toBe('Page 3 · 7 legs · last page');

    await user.click(button(/Previous page/));
    expect(view()?.cursors.cursors).toEqual([null, 'cursor-2']);
    await user.click(button(/Previous page/));
    expect(view()?.cursors.cursors).toEqual([null]);
    expect(button(/Previous page/).disabled).toBe(true);
  });

  it('while a page loads: says which, and Next waits', async () => {
    const { user } = renderWithApp(<PagingBar count={25} next="cursor-2" loading />);

    expect(status()).toBe('Loading page 1…');
    expect(button(/Next page/).disabled).toBe(true);
    await user.click(button(/Next page/));
    expect(view()?.cursors.cursors).toEqual([null]);
  });

  it('an unknown count also reads as loading', () => {
    renderWithApp(<PagingBar count={null} next={null} loading={false} />);

    expect(status()).toBe('Loading page 1…');
  });

  it('says a page failed, and which earlier page is still shown', () => {
    useTransfersStore.getState().nextPage('cursor-2');
    const { rerender } = renderWithApp(<PagingBar count={null} next={null} loading={false} failed={{ showing: 1 }} />);
    expect(status()).toBe('Page 2 could not be loaded · showing page 1');

    rerender(<PagingBar count={null} next={null} loading={false} failed={{ showing: null }} />);
    expect(status()).toBe('Page 2 could not be loaded');
  });

  it('does not offer Load all when page 1 could not be read, and offers it again once a page loads', () => {
    const { rerender } = renderWithApp(
      <PagingBar count={null} next={null} loading={false} failed={{ showing: null }} />,
    );
    expect(button(/^Load all$/).disabled).toBe(true);

    rerender(<PagingBar count={3} next={null} loading={false} />);
    expect(button(/^Load all$/).disabled).toBe(false);
  });

  it('keeps Load all when a later page failed: page 1 was read', () => {
    useTransfersStore.getState().nextPage('cursor-2');
    renderWithApp(<PagingBar count={null} next={null} loading={false} failed={{ showing: 1 }} />);

    expect(button(/^Load all$/).disabled).toBe(false);
  });

  it('Load all switches the view to every page at once', async () => {
    const { user } = renderWithApp(<PagingBar count={25} next="cursor-2" loading={false} />);

    await user.click(screen.getByRole('button', { name: 'Load all' }));

    expect(view()?.mode).toBe('all');
  });
});

describe('LoadAllBar', () => {
  const props = {
    legs: 12_345,
    pages: 13,
    running: false,
    done: false,
    failed: false,
    canContinue: true,
    onStop: () => {},
    onContinue: () => {},
  };
  const loadStatus = () => screen.getByTestId('load-all-status').textContent;

  it('while running: a progress bar and Stop', async () => {
    const onStop = vi.fn();
    const { user } = renderWithApp(<LoadAllBar {...props} running onStop={onStop} />);

    expect(loadStatus()).toBe('12,345 legs from 13 pages — loading…');
    expect(screen.getByRole('progressbar', { name: 'Loading all pages' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(onStop).toHaveBeenCalledOnce();
  });

  it('stopped: Continue, no progress', async () => {
    const onContinue = vi.fn();
    const { user } = renderWithApp(<LoadAllBar {...props} pages={1} onContinue={onContinue} />);

    expect(loadStatus()).toBe('12,345 legs from 1 page — stopped');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onContinue).toHaveBeenCalledOnce();
  });

  it('stopped by an error, and nothing to continue from', () => {
    renderWithApp(<LoadAllBar {...props} failed canContinue={false} />);

    expect(loadStatus()).toBe('12,345 legs from 13 pages — stopped by an error');
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
  });

  it('all loaded: neither Stop nor Continue; Back to pages returns to paging', async () => {
    useTransfersStore.getState().setMode('all');
    const { user } = renderWithApp(<LoadAllBar {...props} done />);

    expect(loadStatus()).toBe('12,345 legs from 13 pages — all loaded');
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Back to pages' }));
    expect(view()?.mode).toBe('pages');
  });
});
