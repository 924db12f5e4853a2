// Export files killed mid-write 100 times: the app exports to the same target again and again (each
// generation a different size) and is SIGKILLed at random moments. The target is never a half-written
// export under its final name: it is absent before the first export completes, then always one whole
// export, never older than the last one reported done (an existing file is not lost until the new
// one is complete). A killed export's `.partial` file is removed by the next export to that target.
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FILE_OF } from './generations.ts';
import { type KillReport, killRepeatedly, summaryLine } from './kill-harness.ts';

let report: KillReport | undefined;
afterAll(async () => {
  if (report) await rm(report.home, { recursive: true, force: true });
});

describe('export files under SIGKILL', () => {
  it('100 kills at random moments: 0 corrupt, 0 lost', async () => {
    report = await killRepeatedly('export', 100);
    console.log(summaryLine(report));
    expect(report.corrupt).toEqual([]);
    expect(report.lost).toEqual([]);
    expect(report.kills).toBe(100);
    expect(report.cutMidWrite).toBeGreaterThan(0);
    // At most the last killed export's partial file is left (kill-harness checks this after every kill).
    const dir = join(report.home, '.config', 'ledger-explorer');
    const partials = (await readdir(dir)).filter((name) => name.startsWith(`${FILE_OF.export}.partial-`));
    expect(partials.length).toBeLessThanOrEqual(1);
  }, 120_000);
});
