// "Sync all" against single-party syncs of the same parties (issue 28: "Sync all" at the sync rate
// of a single party, no per-party overhead over 5%). One in-process sandbox, one store; before each
// arm the store is forgotten whole. Arm A: each party synced alone through local:sync, one after
// another (the sum of the single syncs' times). Arm B: local:syncAll of the same parties. Arm C:
// the singles two at a time (bounded concurrency 2), to see whether parallel syncs would gain.
// A B C A B C ...: medians of the rounds; overhead = B / A - 1.
// Direct: node bench/sync-all-bench.ts [--transfers N] [--rounds R]
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startAppServices } from '../src-main/services/app-services.ts';
import type { SyncStatus } from '../src-shared/contract/local-ledger.ts';
import type { SyncAllStatus } from '../src-shared/contract/sync-all.ts';
import { type Figure, median, printTable } from './bench-kit.ts';

/** The size is 20 parties x 50k legs (1M legs); the sandbox's party count is fixed, so the legs are spread over its parties. */
export const SYNC_ALL_TRANSFERS = 500_000;

export async function syncAllBench(options: { transfers?: number; rounds?: number } = {}): Promise<Figure[]> {
  const transfers = options.transfers ?? SYNC_ALL_TRANSFERS;
  const rounds = options.rounds ?? 2;
  const dir = await mkdtemp(join(tmpdir(), 'sync-all-bench-'));
  const services = await startAppServices({
    userDataDir: dir,
    version: 'bench',
    transport: 'web',
    keychain: { service: `ledger-explorer-bench-${randomBytes(4).toString('hex')}` },
    sandbox: { transfers, evm: false },
    host: { chooseSavePath: async () => null },
  });
  const call = async <T>(channel: string, ...args: unknown[]): Promise<T> => {
    const answer = await services.dispatch(channel, args);
    if (!answer.ok) throw new Error(`${channel}: ${answer.error.message}`);
    return answer.value as T;
  };
  const ledger = await services.local.ledger();
  const parties = [...(services.sandbox?.parties ?? [])];
  const range = { after: null, before: null };
  const fresh = () => call('local:forget', { profileId: 'sandbox', party: null });
  const single = async (party: string) => {
    const started = await call<SyncStatus>('local:sync', { profileId: 'sandbox', party, nodeId: null, range });
    const done = await ledger.waitForSync(started.jobId);
    if (done.state !== 'done') throw new Error(`sync of ${party}: ${done.state} ${done.error?.message ?? ''}`);
    return done.legs;
  };
  const a: number[] = [];
  const b: number[] = [];
  const c: number[] = [];
  const own: number[] = [];
  let legs = 0;
  try {
    for (let round = 0; round < rounds; round++) {
      await fresh();
      let t = performance.now();
      let sum = 0;
      for (const party of parties) sum += await single(party);
      a.push(performance.now() - t);
      legs = sum;

      await fresh();
      t = performance.now();
      const started = await call<SyncAllStatus>('local:syncAll', {
        profileId: 'sandbox',
        parties: 'all-readable',
        nodeId: null,
        range,
      });
      const all = await ledger.syncAll.wait(started.jobId);
      const wall = performance.now() - t;
      b.push(wall);
      // Sync all's own time: the run's wall time less its parties' syncs (each job's start to finish),
      // immune to how fast the machine syncs at the moment.
      let inSyncs = 0;
      for (const p of all.parties) {
        if (!p.jobId) continue;
        const job = ledger.syncStatus(p.jobId);
        inSyncs += Date.parse(job.finishedAt ?? job.startedAt) - Date.parse(job.startedAt);
      }
      own.push((wall - inSyncs) / wall);
      if (all.state !== 'done' || all.failed > 0 || all.legs !== sum) {
        throw new Error(`sync all: ${all.state}, ${all.failed} failed, ${all.legs} legs of ${sum}`);
      }

      await fresh();
      t = performance.now();
      for (let i = 0; i < parties.length; i += 2) await Promise.all(parties.slice(i, i + 2).map(single));
      c.push(performance.now() - t);
    }
  } finally {
    await services.close();
    await rm(dir, { recursive: true, force: true });
  }
  const [ma, mb, mc] = [median(a), median(b), median(c)];
  const overhead = mb / ma - 1;
  const secs = (xs: number[]) => xs.map((x) => (x / 1000).toFixed(2)).join(' / ');
  const rate = (ms: number) => Math.round(legs / (ms / 1000)).toLocaleString('en');
  const per = Math.round(legs / parties.length).toLocaleString('en');
  return [
    {
      figure: `${parties.length} parties, ${legs.toLocaleString('en')} legs (~${per}/party): singles one after another, legs/s`,
      median: rate(ma),
      range: `${secs(a)} s`,
      target: 'baseline',
      pass: null,
    },
    {
      figure: 'the same parties by "Sync all": legs/s',
      median: rate(mb),
      range: `${secs(b)} s`,
      target: 'baseline',
      pass: null,
    },
    {
      figure: '"Sync all" overhead over the singles (all parties)',
      median: `${(overhead * 100).toFixed(1)} %`,
      range: `${rounds} rounds, A B A B`,
      target: '<= 5 %',
      pass: overhead <= 0.05,
    },
    {
      figure: '"Sync all"\'s own share of its wall time (between and around the parties\' syncs)',
      median: `${(median(own) * 100).toFixed(1)} %`,
      range: own.map((x) => `${(x * 100).toFixed(1)}`).join(' / '),
      target: '<= 5 %',
      pass: median(own) <= 0.05,
    },
    {
      figure: 'the singles two at a time (bounded concurrency 2), vs one at a time',
      median: `${((mc / ma - 1) * 100).toFixed(1)} %`,
      range: `${secs(c)} s`,
      target: 'info',
      pass: null,
    },
  ];
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { transfers: { type: 'string' }, rounds: { type: 'string' } } });
  const figures = await syncAllBench({
    transfers: values.transfers ? Number(values.transfers) : undefined,
    rounds: values.rounds ? Number(values.rounds) : undefined,
  });
  printTable('sync all my parties', figures);
}
