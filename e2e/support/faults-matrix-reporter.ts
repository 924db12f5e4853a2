// Prints the fault matrix (e2e/browser/faults-matrix.spec.ts) at the end of a run, each cell the
// actual final result of its test as Playwright recorded it (after fixture teardown, so a CSP
// violation or a failed app stop counts). Prints nothing when no matrix test was in the run.
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { MATRIX_FAULTS, MATRIX_SCREENS, MATRIX_TITLE } from '../browser/faults-support.ts';

type Outcome = TestResult['status'] | 'not run';

export default class FaultsMatrixReporter implements Reporter {
  private readonly cells = new Map<string, Outcome>();
  private seen = false;

  onBegin(_config: unknown, suite: { allTests(): TestCase[] }): void {
    for (const test of suite.allTests()) {
      if (test.parent.title !== MATRIX_TITLE) continue;
      this.seen = true;
      this.cells.set(test.title, 'not run');
    }
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    // The last attempt decides (retries are off in this project, so there is one).
    if (test.parent.title === MATRIX_TITLE) this.cells.set(test.title, result.status);
  }

  onEnd(_result: FullResult): void {
    if (!this.seen) return;
    const word = (outcome: Outcome | undefined) =>
      outcome === undefined ? '-' : outcome === 'passed' ? 'PASS' : outcome === 'not run' ? 'not run' : 'FAIL';
    const header = ['fault \\ screen', ...MATRIX_SCREENS.map((s) => `${s.screen} (${s.interface})`)];
    const rows = MATRIX_FAULTS.map(({ label }) => [
      label,
      ...MATRIX_SCREENS.map(({ screen }) => {
        const outcome = this.cells.get(`${screen} × ${label}`);
        return outcome && outcome !== 'passed' && outcome !== 'not run' ? `FAIL (${outcome})` : word(outcome);
      }),
    ]);
    const widths = header.map((_, i) => Math.max(...[header, ...rows].map((row) => row[i].length)));
    const line = (row: string[]) => `| ${row.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
    const counts = { passed: 0, failed: 0, notRun: 0 };
    for (const outcome of this.cells.values()) {
      if (outcome === 'passed') counts.passed++;
      else if (outcome === 'not run') counts.notRun++;
      else counts.failed++;
    }
    const out = [
      '',
      'Fault matrix (each cell is its test result in this run):',
      line(header),
      `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
      ...rows.map(line),
      `${this.cells.size} cells: ${counts.passed} passed, ${counts.failed} failed, ${counts.notRun} not run`,
      '',
    ];
    process.stdout.write(`${out.join('\n')}\n`);
  }

  printsToStdio(): boolean {
    return true;
  }
}
