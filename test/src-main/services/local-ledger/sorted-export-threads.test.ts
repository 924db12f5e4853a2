// A sorted export (CSV, JSON Lines) runs with the store's DuckDB on one thread: two threads sorting
// wide rows ran out of the store's 192 MB and failed the export. The second thread comes back when
// the last such export ends, whether it finished, failed or was cancelled, and an export after a
// failed one is single-threaded again (a count left behind would let the next export run out).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LedgerStore } from '../../../../src-main/services/local-ledger/store/ledger-store.ts';

let dir: string;
let store: LedgerStore;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sorted-threads-'));
  store = await LedgerStore.open(join(dir, 'p.duckdb'));
});
afterAll(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

const threads = async (c: DuckDBConnection) =>
  Number((await c.runAndReadAll("SELECT current_setting('threads')")).getRows()[0][0]);

describe('a sorted export', () => {
  it('runs on one thread, two exports at once share it, and the second thread comes back after the last', async () => {
    await store.read(async (c) => {
      expect(await threads(c)).toBe(2);
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      const first = store.singleThreaded(c, async () => {
        await held;
        return threads(c);
      });
      const second = await store.read((c2) => store.singleThreaded(c2, () => threads(c2)));
      expect(second).toBe(1);
      // The first is still running: the store stays on one thread.
      expect(await store.read((c3) => threads(c3))).toBe(1);
      release();
      expect(await first).toBe(1);
      expect(await threads(c)).toBe(2);
    });
  });

  it('gives the thread back after a failure, and the next export is single-threaded again', async () => {
    await store.read(async (c) => {
      await expect(
        store.singleThreaded(c, async () => {
          throw new Error('the export failed');
        }),
      ).rejects.toThrow('the export failed');
      expect(await threads(c)).toBe(2);
    });
    const controller = new AbortController();
    // A cancel interrupts the export's connection: the restore does not depend on it.
    await expect(
      store.read(
        (c) =>
          store.singleThreaded(c, async () => {
            controller.abort();
            await c.run('SELECT count(*) FROM range(10000000000)');
          }),
        { signal: controller.signal },
      ),
    ).rejects.toThrow();
    expect(await store.read((c) => threads(c))).toBe(2);
    expect(await store.read((c) => store.singleThreaded(c, () => threads(c)))).toBe(1);
  });
});
