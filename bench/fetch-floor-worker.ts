// The sync's floor in a process of its own (bench/local-ledger-worker.ts runs it before and after
// the sync): the same pages, fetched and parsed by the same TransferSource with the same window plan
// and chains, nothing stored (sync/sync-windows.ts, fetchFloor). Its own process, so main's memory
// in the bench is what the app's main holds: the app never runs a floor, and a floor of a million
// parsed legs left main's RSS ~150 MB above that after a gc(). Prints one JSON line.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openTransferSource } from '../src-main/services/ledger/transfer-fetch.ts';
import { fetchFloor, syncFilters, syncTuning } from '../src-main/services/local-ledger/sync/sync-windows.ts';
import { SANDBOX_ARG_OPTIONS, sandboxFromArgs } from './bench-args.ts';
import { startBenchProfile } from './bench-kit.ts';

const { values } = parseArgs({
  options: { ...SANDBOX_ARG_OPTIONS, chains: { type: 'string' }, 'read-ahead': { type: 'string' } },
});
const { sandbox, party } = sandboxFromArgs(values);
if (values.chains) syncTuning.chains = Number(values.chains);
if (values['read-ahead']) syncTuning.readAhead = Number(values['read-ahead']);
const dir = mkdtempSync(join(tmpdir(), 'fetch-floor-'));
try {
  const { services, profileId } = await startBenchProfile(sandbox, { userDataDir: join(dir, 'user-data') });
  const source = await openTransferSource(services.context, profileId);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const got = await fetchFloor(
    source,
    syncFilters(party, null, { after: null, before: null }),
    new AbortController().signal,
  );
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  process.stdout.write(`${JSON.stringify({ ...got, ms, cpuMs: Math.round((cpu.user + cpu.system) / 1000) })}\n`);
  await services.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
