// The RPC console's file (history and saved requests, one JSON file) killed mid-write 100 times while
// calls are recorded (saved-requests-kill.test.ts does the same while requests are saved). Every time
// the file is one whole generation, never older than the last write reported on disk, and the next
// start opens it without complaint.
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RpcHistoryStore } from '../../src-main/services/rpc/rpc-history-store.ts';
import type { FileKind } from './generations.ts';
import { killRepeatedly, summaryLine } from './kill-harness.ts';

const homes: string[] = [];
afterAll(async () => {
  for (const home of homes) await rm(home, { recursive: true, force: true });
});

describe('the RPC history file under SIGKILL', () => {
  it.each<FileKind>(['rpc-history'])(
    '%s: 100 kills at random moments, 0 corrupt, 0 lost',
    async (kind) => {
      const report = await killRepeatedly(kind, 100);
      homes.push(report.home);
      console.log(summaryLine(report));
      expect(report.corrupt).toEqual([]);
      expect(report.lost).toEqual([]);
      expect(report.kills).toBe(100);
      expect(report.cutMidWrite).toBeGreaterThan(0);
      const dir = join(report.home, '.config', 'ledger-explorer');
      const store = await RpcHistoryStore.open(dir);
      expect(store.history().problem).toBeNull();
      expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    },
    120_000,
  );
});
