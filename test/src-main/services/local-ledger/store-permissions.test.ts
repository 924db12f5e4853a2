// The store at rest is the owner's alone: the local-ledger folder 0700, the database file 0600, its
// WAL 0600 whenever it exists, under a umask that would leave them readable by everyone (so the
// modes are the store's doing, not the environment's).
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RemoteSync, startRemoteSync } from './remote-sync-fixture.ts';

let fixture: RemoteSync;
let umask: number;
beforeAll(async () => {
  umask = process.umask(0);
  fixture = await startRemoteSync({ transfers: 3_000 });
}, 60_000);
afterAll(async () => {
  await fixture?.close();
  process.umask(umask);
});

async function modes(folder: string): Promise<Record<string, string>> {
  const found: Record<string, string> = { '.': ((await stat(folder)).mode & 0o777).toString(8) };
  for (const name of await readdir(folder)) found[name] = ((await stat(join(folder, name))).mode & 0o777).toString(8);
  return found;
}

describe('store permissions', () => {
  it.runIf(process.platform !== 'win32')(
    'folder 0700, database and WAL 0600, during and after a sync',
    async () => {
      const folder = fixture.services.local.folder;
      const party = fixture.parties[0];
      const seen: Array<Record<string, string>> = [];
      const started = await fixture.call<{ jobId: string }>('local:sync', {
        profileId: 'remote',
        party,
        nodeId: null,
        range: { after: null, before: null },
      });
      seen.push(await modes(folder));
      await fixture.services.local.waitForSync(started.jobId);
      seen.push(await modes(folder));
      // A second sync writes again (the WAL, if DuckDB keeps one, is there now).
      expect((await fixture.sync(party)).state).toBe('done');
      seen.push(await modes(folder));
      await fixture.services.local.close();
      seen.push(await modes(folder));
      for (const found of seen) {
        const expected = Object.fromEntries(
          Object.keys(found).map((name) => [name, name === '.' || name.endsWith('.tmp') ? '700' : '600']),
        );
        expect(found).toEqual(expected);
      }
      expect(seen.some((found) => 'remote.duckdb' in found)).toBe(true);
      console.log(`store files seen: ${[...new Set(seen.flatMap((found) => Object.keys(found)))].join(', ')}`);
    },
    60_000,
  );
});
