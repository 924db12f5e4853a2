// Hooks over links and recent views (docs/links.md): the recent list, recording a view (main makes
// its link, refusing one that would hold a secret), and the pump that pulls links and menu commands
// from main (app:nextEvent, a long poll). The same pump carries word that another program changed a
// local store; that goes to the data layer (the queries it makes stale), not to the link router.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { ShellEvent, ShellRequest } from '../../src-shared/contract/shell-events.ts';
import type { RecordedView } from '../../src-shared/contract/view-target.ts';
import type { RecentView, ViewTarget } from '../../src-shared/contract/views.ts';
import { formatViewLink } from '../../src-shared/links/view-link.ts';
import { bridge } from './bridge.ts';
import { invalidateLocalStore } from './local-ledger.ts';
import { queryKeys } from './query-keys.ts';

/** The last 50 views opened, newest first. */
export const useRecentViews = () =>
  useQuery({
    queryKey: queryKeys.views.recent(),
    queryFn: (): Promise<RecentView[]> => bridge().views.recent(),
    // Changes only through this window's own records, which update the cache.
    staleTime: Number.POSITIVE_INFINITY,
  });

/**
 * Records a view and answers its link (for Copy link). Recording the same view again only moves it
 * to the top, so callers may record on every search without filling the list.
 */
export function useRecordView() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (target: ViewTarget): Promise<RecordedView> => bridge().views.record(formatViewLink(target)),
    onSuccess: (answer) => client.setQueryData(queryKeys.views.recent(), answer.recent),
  });
}

/**
 * Calls `onEvent` for every link and menu command main hands over while mounted (mount it once, in
 * the app shell). An event that arrives between two mounts (React's strict double mount) waits for
 * the next; none is lost. A local store changed by another program refreshes what was read from it.
 */
export function useShellEvents(onEvent: (event: ShellRequest) => void): void {
  const client = useQueryClient();
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => {
    const unsubscribe = subscribe((event) => {
      if (event.kind === 'local-changed') invalidateLocalStore(client, event.profileId);
      else handler.current(event);
    });
    return unsubscribe;
  }, [client]);
}

let listener: ((event: ShellEvent) => void) | null = null;
/** Moves on with each mount: a loop from an earlier mount delivers what it already asked for, then stops. */
let generation = 0;
const held: ShellEvent[] = [];

function subscribe(next: (event: ShellEvent) => void): () => void {
  listener = next;
  for (const event of held.splice(0)) next(event);
  void pump(++generation);
  return () => {
    if (listener === next) listener = null;
  };
}

/** How long to wait before asking main again after `failures` failed polls in a row: 1 s, 2 s, 5 s, 10 s, 20 s, then 30 s. */
export function shellRetryMs(failures: number): number {
  return RETRY_MS[Math.min(Math.max(failures, 1), RETRY_MS.length) - 1];
}
const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 20_000, 30_000];

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
let retryWait: (ms: number) => Promise<void> = sleep;
/** For tests: how the pump waits between failed polls (the default sleeps). */
export function setShellRetryWait(wait: ((ms: number) => Promise<void>) | null): void {
  retryWait = wait ?? sleep;
}

async function pump(mine: number): Promise<void> {
  let failures = 0;
  while (listener && mine === generation) {
    try {
      const event = await bridge().app.nextEvent();
      failures = 0;
      if (!event) continue;
      if (listener) listener(event);
      else held.push(event);
    } catch {
      // Main restarting or busy: wait longer after each failure in a row (capped), never give up, so
      // links and menu commands work again once main answers; a closing page simply stops the loop.
      await retryWait(shellRetryMs(++failures));
    }
  }
}
