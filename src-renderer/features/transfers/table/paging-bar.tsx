// Paging controls: previous / next page by cursor, the page number, and the switch to Load all.

import { LiveStatus } from '../../../ui/live-status.tsx';
import { useTransfersStore } from '../transfers-store.ts';
import { canGoBack, pageNumber } from './cursor-history.ts';

export function PagingBar({
  count,
  next,
  loading,
  failed = null,
}: {
  count: number | null;
  next: string | null;
  loading: boolean;
  /** The page on screen could not be loaded; `showing` is the earlier page still shown, if any. */
  failed?: { showing: number | null } | null;
}) {
  const view = useTransfersStore((s) => s.view);
  const nextPage = useTransfersStore((s) => s.nextPage);
  const previousPage = useTransfersStore((s) => s.previousPage);
  const setMode = useTransfersStore((s) => s.setMode);
  if (!view) return null;
  const page = pageNumber(view.cursors);
  const firstPageFailed = failed !== null && page === 1;
  return (
    <nav className="paging" aria-label="Pages">
      <button type="button" onClick={previousPage} disabled={!canGoBack(view.cursors)}>
        ← Previous page
      </button>
      {/* Read out once per page, when it has come (or failed), never the "Loading…" in between. */}
      <LiveStatus
        label="Page status"
        final
        text={
          loading || (count === null && !failed)
            ? ''
            : failed
              ? `Page ${page} could not be loaded`
              : `Page ${page} loaded: ${count} ${count === 1 ? 'leg' : 'legs'}${next ? '' : ', the last page'}`
        }
      />
      <span data-testid="page-status">
        {loading
          ? `Loading page ${page}…`
          : failed
            ? `Page ${page} could not be loaded${failed.showing ? ` · showing page ${failed.showing}` : ''}`
            : count === null
              ? `Loading page ${page}…`
              : `Page ${page} · ${count} ${count === 1 ? 'leg' : 'legs'}${next ? '' : ' · last page'}`}
      </span>
      <button type="button" onClick={() => next && nextPage(next)} disabled={!next || loading}>
        Next page →
      </button>
      {/* Page 1 could not be read (404, a quarantined node, any error): Load all would only ask
          for the same page again, so it is not offered until a page has loaded. */}
      <button
        type="button"
        onClick={() => setMode('all')}
        disabled={firstPageFailed}
        title={
          firstPageFailed
            ? 'The first page could not be loaded: nothing to load all of'
            : 'Fetch every page for these filters into one table'
        }
      >
        Load all
      </button>
    </nav>
  );
}

export function LoadAllBar({
  legs,
  pages,
  running,
  done,
  failed,
  canContinue,
  onStop,
  onContinue,
}: {
  legs: number;
  pages: number;
  running: boolean;
  done: boolean;
  failed: boolean;
  canContinue: boolean;
  onStop: () => void;
  onContinue: () => void;
}) {
  const setMode = useTransfersStore((s) => s.setMode);
  const state = done ? 'all loaded' : running ? 'loading…' : failed ? 'stopped by an error' : 'stopped';
  const soFar = `${legs.toLocaleString('en')} legs from ${pages} ${pages === 1 ? 'page' : 'pages'}`;
  return (
    <nav className="paging" aria-label="Load all">
      {running && <progress aria-label="Loading all pages" />}
      {/* While pages keep coming this is throttled (PROGRESS_EVERY_MS); the end is said at once. */}
      <LiveStatus
        label="Load all status"
        final={!running}
        text={
          running
            ? `Loading all pages: ${soFar} so far`
            : done
              ? `All pages loaded: ${soFar}`
              : `Load all ${state}: ${soFar}`
        }
      />
      <span data-testid="load-all-status">
        {legs.toLocaleString('en')} legs from {pages} {pages === 1 ? 'page' : 'pages'} — {state}
      </span>
      {running && (
        <button type="button" onClick={onStop}>
          Stop
        </button>
      )}
      {!running && !done && canContinue && (
        <button type="button" onClick={onContinue}>
          Continue
        </button>
      )}
      <button type="button" onClick={() => setMode('pages')}>
        Back to pages
      </button>
    </nav>
  );
}
