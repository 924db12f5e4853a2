// The app's one atomic write (files/atomic-write.ts), async and sync (the window's state as the
// app quits): the file is replaced whole with its exact mode, a failed write leaves what was there
// and no temp file, and a temp a killed write left is found by the same name either way.
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeStaleTemps, writeFileAtomic, writeFileAtomicSync } from '../../../src-main/files/atomic-write.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atomic-write-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const WRITERS = {
  async: writeFileAtomic,
  sync: async (path: string, data: string, options?: { mode?: number }) => writeFileAtomicSync(path, data, options),
};

describe.each(Object.entries(WRITERS))('atomic write (%s)', (_name, write) => {
  it('replaces the file whole, 0600 unless told, and leaves no temp file beside it', async () => {
    const path = join(dir, 'settings.json');
    await writeFile(path, 'old', { mode: 0o644 });
    await write(path, '{"new":true}\n');
    expect(await readFile(path, 'utf8')).toBe('{"new":true}\n');
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    await write(join(dir, 'shared.json'), 'x', { mode: 0o644 });
    expect((await stat(join(dir, 'shared.json'))).mode & 0o777).toBe(0o644);
    expect((await readdir(dir)).sort()).toEqual(['settings.json', 'shared.json']);
  });

  it('a write that cannot land leaves what was there, and no temp file', async () => {
    const path = join(dir, 'taken');
    await mkdir(path);
    await writeFile(join(path, 'inside'), 'kept');
    await expect(write(path, 'new')).rejects.toThrow();
    expect(await readFile(join(path, 'inside'), 'utf8')).toBe('kept');
    expect(await readdir(dir)).toEqual(['taken']);
  });
});

it('a temp file a killed write left (either writer names it alike) is removed when the file opens', async () => {
  const path = join(dir, 'window-state.json');
  await writeFileAtomic(path, 'whole');
  // What a write killed before its rename leaves: the temp name both writers use, never the file's.
  await writeFile(join(dir, `.window-state.json.${process.pid + 1}.0badf00d.tmp`), 'torn');
  await writeFile(join(dir, 'other.json'), 'not ours');
  await removeStaleTemps(path);
  expect((await readdir(dir)).sort()).toEqual(['other.json', 'window-state.json']);
  expect(await readFile(path, 'utf8')).toBe('whole');
});
