// Settings killed mid-write 100 times (SIGKILL at random moments, kill-harness.ts): every time the
// file is one whole generation, never older than the last save reported, and the next start opens it
// without complaint and without a temp file left.
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SettingsStore } from '../../src-main/services/settings/settings-store.ts';
import { type KillReport, killRepeatedly, summaryLine } from './kill-harness.ts';

const homes: string[] = [];
afterAll(async () => {
  for (const home of homes) await rm(home, { recursive: true, force: true });
});

describe('settings under SIGKILL', () => {
  it('100 kills at random moments: 0 corrupt, 0 lost', async () => {
    const report: KillReport = await killRepeatedly('settings', 100);
    homes.push(report.home);
    console.log(summaryLine(report));
    expect(report.corrupt).toEqual([]);
    expect(report.lost).toEqual([]);
    expect(report.kills).toBe(100);
    // Proof the kills landed inside writes, not only between them.
    expect(report.cutMidWrite).toBeGreaterThan(0);
    const dir = join(report.home, '.config', 'ledger-explorer');
    const store = await SettingsStore.open(dir);
    expect(store.view().loadProblem).toBeNull();
    expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  }, 120_000);

  it('control: the same kills against a plain in-place writeFile do leave a torn file (the harness can fail)', async () => {
    const report = await killRepeatedly('settings', 60, { plain: true, stopAfterCorrupt: 1 });
    homes.push(report.home);
    console.log(`durability control: a plain writeFile left a torn settings file after ${report.kills} kills`);
    expect(report.corrupt).toHaveLength(1);
  }, 120_000);
});
