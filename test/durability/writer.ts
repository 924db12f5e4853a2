// Child process of the kill tests: writes generations of one file kind in a loop with the app's
// real code from src-main/services, until the test SIGKILLs it.
//   node writer.ts <kind> <user-data dir> [plain]
// `plain` (settings only) is the control: the same JSON written in place with fs.writeFile, as a
// careless app would; the test shows the harness catches the torn file that leaves.
// It loads its modules, says "loaded", and waits for "go" on stdin (the test keeps one warm child
// ready while the previous one runs, so the start-up cost overlaps). Then it opens the store (which
// cleans what the previous, killed writer left), says "ready <generation on disk>", and for each next
// generation says "writing <n>" before the write and "committed <n>" once the app considers it saved.
import { once } from 'node:events';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ExportJobs } from '../../src-main/services/local-ledger/export/export-jobs.ts';
import { RpcHistoryStore } from '../../src-main/services/rpc/rpc-history-store.ts';
import { SettingsStore } from '../../src-main/services/settings/settings-store.ts';
import { transferPage } from '../fixtures/transfer-legs.ts';
import {
  exportPagesOf,
  FILE_OF,
  type FileKind,
  historyEntryOf,
  partiesOf,
  readGeneration,
  savedRequestOf,
} from './generations.ts';

const [kind, dir, mode] = process.argv.slice(2) as [FileKind, string, 'plain' | undefined];
const say = (line: string) => process.stdout.write(`${line}\n`);

say('loaded');
await once(process.stdin, 'data');

/** Opens the kind's store as the app does at start; returns how to write generation n. */
async function openWriter(): Promise<(generation: number) => Promise<void>> {
  if (kind === 'settings') {
    const store = await SettingsStore.open(dir);
    if (mode === 'plain') {
      return async (generation) => {
        const next = { ...store.settings, savedParties: partiesOf(generation) };
        await writeFile(join(dir, FILE_OF.settings), `${JSON.stringify(next, null, 2)}\n`);
      };
    }
    return async (generation) => {
      await store.update((draft) => {
        draft.savedParties = partiesOf(generation);
      });
    };
  }
  if (kind === 'rpc-history' || kind === 'saved-requests') {
    const store = await RpcHistoryStore.open(dir);
    if (kind === 'rpc-history') {
      return async (generation) => {
        store.add(historyEntryOf(generation), []);
        await store.flushed();
      };
    }
    return async (generation) => {
      await store.saveRequest(savedRequestOf(generation), []);
    };
  }
  const jobs = new ExportJobs();
  return async (generation) => {
    const pages = exportPagesOf(generation);
    const { jobId } = jobs.start(join(dir, FILE_OF.export), 'csv', async (next) => {
      const index = next === null ? 0 : Number(next);
      const last = index === pages.length - 1;
      return transferPage('alice', pages[index], { hasNextPage: !last, next: last ? null : String(index + 1) });
    });
    const status = await jobs.finished(jobId);
    if (status.state !== 'done') throw new Error(`export ${status.state}: ${status.error}`);
  };
}

const write = await openWriter();
const found = await readGeneration(kind, dir);
if (!('generation' in found)) throw new Error(`the writer found a broken file: ${found.corrupt}`);
say(`ready ${found.generation}`);
for (let generation = found.generation + 1; ; generation++) {
  say(`writing ${generation}`);
  await write(generation);
  say(`committed ${generation}`);
}
