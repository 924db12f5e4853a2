// The writes that move a sync's run on (sync-run.ts), each one transaction: a batch of pages with
// where its windows (or its one chain) stand after it, the run's plan of windows, and the staged
// pages dropped when the service refused a cursor. Each updates the run in memory only once its
// transaction committed, so the run always says what the store holds.
import type { LegWriter, StoreWait } from '../store/leg-access.ts';
import { appendLegs } from '../store/leg-rows.ts';
import { inTransaction, type Run, runGone } from './sync-state.ts';
import type { SyncPage, WindowBounds } from './sync-windows.ts';

/**
 * One transaction: the pages' legs into staging, and where each of their windows (or the one
 * chain) stands after them. The pages are in window order: the windows before the last page's are
 * finished by it.
 */
export async function commitBatch(
  store: LegWriter,
  party: string,
  run: Run,
  pages: readonly SyncPage[],
  wait: Partial<StoreWait>,
): Promise<void> {
  const legs = pages.flatMap((p) => p.page.legs);
  const last = pages[pages.length - 1].page;
  // Per window of the batch: its pages, legs and the cursor after its last page here.
  const touched = new Map<number, { pages: number; legs: number; cursor: string | null }>();
  for (const { window, page } of pages) {
    if (window === null) continue;
    const t = touched.get(window) ?? { pages: 0, legs: 0, cursor: null };
    t.pages++;
    t.legs += page.legs.length;
    t.cursor = page.next;
    touched.set(window, t);
  }
  await store.write(async (connection) => {
    // Read at this open: another program may have stored legs since this sync last held the file.
    const first = await store.takeSeq(connection, legs.length);
    await connection.run('BEGIN TRANSACTION');
    try {
      await appendLegs(connection, run.runId, party, legs, first);
      const updated = await connection.run(
        'UPDATE sync_runs SET next_cursor = ?, pages = pages + ?, legs = legs + ? WHERE run_id = ?',
        [run.windows ? null : last.next, BigInt(pages.length), BigInt(legs.length), run.runId],
      );
      if (updated.rowsChanged !== 1) throw runGone();
      for (const [k, t] of touched) {
        await connection.run(
          'UPDATE sync_windows SET next_cursor = ?, pages = pages + ?, legs = legs + ?, done = ? WHERE run_id = ? AND k = ?',
          [t.cursor, BigInt(t.pages), BigInt(t.legs), t.cursor === null, run.runId, k],
        );
      }
      await connection.run('COMMIT');
    } catch (error) {
      await connection.run('ROLLBACK').catch(() => {});
      throw error;
    }
  }, wait);
  if (run.windows) {
    for (const [k, t] of touched) {
      const w = run.windows[k];
      Object.assign(w, { cursor: t.cursor, pages: w.pages + t.pages, legs: w.legs + t.legs, done: t.cursor === null });
    }
  } else {
    run.cursor = last.next;
  }
  run.pages += pages.length;
  run.legs += legs.length;
}

/** One transaction: the run's windows, none of them begun (a kill before it leaves a run to plan again). */
export async function recordPlan(
  store: LegWriter,
  party: string,
  run: Run,
  windows: readonly WindowBounds[],
  wait: Partial<StoreWait>,
): Promise<void> {
  await store.write(
    (connection) =>
      inTransaction(connection, async () => {
        await connection.run('DELETE FROM sync_windows WHERE run_id = ?', [run.runId]);
        const appender = await connection.createAppender('sync_windows');
        try {
          windows.forEach((w, k) => {
            appender.appendBigInt(run.runId);
            appender.appendVarchar(party);
            appender.appendInteger(k);
            if (w.after === null) appender.appendNull();
            else appender.appendVarchar(w.after);
            if (w.before === null) appender.appendNull();
            else appender.appendVarchar(w.before);
            appender.appendNull();
            appender.appendBigInt(0n);
            appender.appendBigInt(0n);
            appender.appendBoolean(false);
            appender.endRow();
          });
          appender.flushSync();
        } finally {
          appender.closeSync();
        }
        const exists = await connection.runAndReadAll('SELECT count(*) FROM sync_runs WHERE run_id = ?', [run.runId]);
        if (Number(exists.getRows()[0][0]) !== 1) throw runGone();
      }),
    wait,
  );
  run.windows = windows.map((w) => ({ ...w, cursor: null, pages: 0, legs: 0, done: false }));
}

/** Drops the run's staged pages and cursors: its pages are fetched again from the first (a refused cursor). */
export async function discardStaged(store: LegWriter, run: Run, wait: Partial<StoreWait>): Promise<void> {
  // One transaction: a kill between the two would leave a cursor past pages that are gone.
  await store.write(
    (connection) =>
      inTransaction(connection, async () => {
        await connection.run('DELETE FROM leg_store WHERE run_id = ?', [run.runId]);
        const reset = await connection.run(
          'UPDATE sync_runs SET next_cursor = NULL, pages = 0, legs = 0 WHERE run_id = ?',
          [run.runId],
        );
        if (reset.rowsChanged !== 1) throw runGone();
        await connection.run(
          'UPDATE sync_windows SET next_cursor = NULL, pages = 0, legs = 0, done = false WHERE run_id = ?',
          [run.runId],
        );
      }),
    wait,
  );
  run.cursor = null;
  run.pages = 0;
  run.legs = 0;
  for (const w of run.windows ?? []) Object.assign(w, { cursor: null, pages: 0, legs: 0, done: false });
}
