// What the browser version remembers about itself in its user-data folder, `web-shell.json` (0600):
// the bridge key and the port it last served on. Both outlive a restart so that a tab left open
// keeps working when `npm run dev:web` runs again on the same folder: its origin (scheme, host and
// PORT) still matches, so its sessionStorage still holds the key, and the server still accepts it
// (docs/security.md, "The browser version's key").
import { readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../files/atomic-write.ts';

export const RECORD_FILE = 'web-shell.json';

export interface ServerRecord {
  /** The bridge key (hex). */
  key: string;
  /** The port it served on last. */
  port: number;
}

/** The record, or null when there is none or it cannot be used (then kept aside as `.corrupt-<time>`, and said). */
export async function readServerRecord(dir: string, log: (line: string) => void): Promise<ServerRecord | null> {
  const path = join(dir, RECORD_FILE);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    log(`${path} could not be read (${(error as Error).message}): starting with a new key`);
    return null;
  }
  const record = parseRecord(text);
  if (record) return record;
  const kept = `${path}.corrupt-${new Date().toISOString().replaceAll(':', '-')}`;
  await rename(path, kept).catch(() => {});
  log(`${path} was not usable; kept as ${kept}. Starting with a new key: open the address printed below.`);
  return null;
}

export async function writeServerRecord(dir: string, record: ServerRecord): Promise<void> {
  await writeFileAtomic(join(dir, RECORD_FILE), `${JSON.stringify({ version: 1, ...record }, null, 2)}\n`);
}

function parseRecord(text: string): ServerRecord | null {
  try {
    const value = JSON.parse(text) as Record<string, unknown>;
    const { key, port } = value;
    if (value.version !== 1 || typeof key !== 'string' || !/^[0-9a-f]{48}$/.test(key)) return null;
    if (typeof port !== 'number' || !Number.isInteger(port) || port < 1 || port > 65_535) return null;
    return { key, port };
  } catch {
    return null;
  }
}
