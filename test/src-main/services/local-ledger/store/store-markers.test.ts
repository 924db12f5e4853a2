// A marker's process is alive only while it can still hold a file: an ended process that nobody
// reaped (a zombie) is gone. A CLI killed with its process group leaves its ledger engine so until
// something reaps it, and the next run must not wait on that engine's markers.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { isAlive } from '../../../../../src-main/services/local-ledger/store/store-markers.ts';

describe('isAlive', () => {
  it.runIf(process.platform === 'linux')('a running process is alive; an ended one nobody reaped is not', async () => {
    // The shell starts `sleep 0.2`, then becomes a `sleep 30` that never reaps it: a zombie once it ends.
    const parent = spawn('sh', ['-c', 'sleep 0.2 & echo $!; exec sleep 30'], { stdio: ['ignore', 'pipe', 'ignore'] });
    try {
      const [line] = (await once(createInterface({ input: parent.stdout }), 'line')) as [string];
      const pid = Number(line);
      expect(isAlive(pid)).toBe(true);
      await expect.poll(() => isAlive(pid), { timeout: 5000, interval: 20 }).toBe(false);
      // Still there, unreaped: kill(0) alone would call it alive.
      expect(() => process.kill(pid, 0)).not.toThrow();
    } finally {
      parent.kill('SIGKILL');
    }
  });

  it('this process and a process id nobody has', () => {
    expect(isAlive(process.pid)).toBe(true);
    expect(isAlive(2 ** 22 + 1)).toBe(false);
  });
});
