// The bytes of every file in the local-ledger folder (the store, its WAL, temp files), to search
// for what must not be there.
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

export async function folderFiles(folder: string): Promise<Array<{ name: string; bytes: Buffer }>> {
  const files: Array<{ name: string; bytes: Buffer }> = [];
  for (const name of await readdir(folder).catch(() => [] as string[])) {
    const path = join(folder, name);
    if ((await stat(path)).isDirectory()) {
      for (const inner of await folderFiles(path)) files.push({ name: `${name}/${inner.name}`, bytes: inner.bytes });
    } else {
      files.push({ name, bytes: await readFile(path) });
    }
  }
  return files;
}

/** The files (by name) whose bytes hold `text`, in UTF-8 or UTF-16LE. */
export async function filesHolding(folder: string, text: string): Promise<string[]> {
  const needles = [Buffer.from(text, 'utf8'), Buffer.from(text, 'utf16le')];
  return (await folderFiles(folder))
    .filter(({ bytes }) => needles.some((needle) => bytes.includes(needle)))
    .map(({ name }) => name);
}
