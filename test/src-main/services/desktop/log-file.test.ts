// Main's log on disk: one line per entry, rotated so the folder stays small.
import { mkdtemp, readdir, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LogFile } from '../../../../src-main/services/desktop/log-file.ts';

describe('LogFile', () => {
  it('appends timestamped lines, a line break in a message cannot forge another entry', async () => {
    const dir = join(await mkdtemp(join(tmpdir(), 'logs-')), 'logs');
    const log = new LogFile(dir);
    log.append('sandbox started');
    log.append('bad\n2026-01-01T00:00:00.000Z forged');
    const lines = (await readFile(log.path, 'utf8')).trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z sandbox started$/);
    expect(lines[1]).toMatch(/ bad 2026-01-01T00:00:00.000Z forged$/);
  });

  it('rotates at the size limit into main.1.log, keeping one old file, and carries on after a restart', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'logs-'));
    const line = 'x'.repeat(70);
    let log = new LogFile(dir, 1_000);
    for (let i = 0; i < 30; i++) log.append(`${i} ${line}`);
    expect((await readdir(dir)).sort()).toEqual(['main.1.log', 'main.log']);
    expect((await stat(log.path)).size).toBeLessThanOrEqual(1_000);
    // The newest line is in main.log, the ones just before it in main.1.log; the oldest are gone.
    expect(await readFile(log.path, 'utf8')).toContain(`29 ${line}`);
    expect(await readFile(join(dir, 'main.1.log'), 'utf8')).not.toContain(`Z 0 ${line}\n`);
    log = new LogFile(dir, 1_000);
    for (let i = 30; i < 60; i++) log.append(`${i} ${line}`);
    expect((await stat(log.path)).size).toBeLessThanOrEqual(1_000);
    expect((await readdir(dir)).sort()).toEqual(['main.1.log', 'main.log']);
  });
});
