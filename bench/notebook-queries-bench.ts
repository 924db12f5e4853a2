// The notebook's built-in queries at 1M legs: the local ledger bench's store (a sandbox with
// --transfers 1000000 --busy-party, its busy party synced into a DuckDB store through main's
// services), then each query bound as the notebook binds it and run as local:sql runs a query (the
// profile's current snapshot, a SQL process, the screen's budgets). p50 of `runs` after a warm-up;
// target <= 100 ms each. A query that errors (or answers no row) fails the section.
// Alone: node bench/notebook-queries-bench.ts [--transfers N] [--runs N]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { startAppServices } from '../src-main/services/app-services.ts';
import { currentSnapshot } from '../src-main/services/local-ledger/sql-sandbox/sql-snapshot.ts';
import type { SqlResult } from '../src-shared/contract/local-ledger.ts';
import { BUILT_IN_QUERIES } from '../src-shared/notebook/library.ts';
import { parseQueryFile } from '../src-shared/notebook/query-file.ts';
import { bindQuery } from '../src-shared/notebook/query-params.ts';
import { type Figure, median, printTable, startReady, stop } from './bench-kit.ts';

export const NOTEBOOK_TARGET_MS = 100;

/** Values per query over the sandbox's history (it ends 2026-11-01T00:00:00Z): each answers rows. */
const VALUES: Record<string, Record<string, string>> = {
  'top-counterparties': { from: '2025-11-01T00:00:00Z', to: '2026-11-01T00:00:00Z' },
  'monthly-net-flow': { from: '2025-11-01T00:00:00Z', to: '2026-11-01T00:00:00Z' },
  'largest-legs': { instrument: 'Amulet' },
  'new-counterparties': { from: '2024-12-01T00:00:00Z', to: '2026-11-01T00:00:00Z' },
  'dormant-counterparties': { from: '2026-11-01T00:00:00Z' },
  'pending-legs': { to: '2026-11-01T00:00:00Z', days: '30' },
  'round-number-transfers': { step: '10' },
  'just-under-threshold': { instrument: 'Amulet' },
  velocity: { instrument: 'USDX', from: '2026-08-01T00:00:00Z', to: '2026-11-01T00:00:00Z' },
  'balance-change': { from: '2026-08-01T00:00:00Z', to: '2026-11-01T00:00:00Z' },
};

type Answer = { ok: true; value: any } | { ok: false; error: { message: string } };

export async function notebookQueriesBench(options: { transfers?: number; runs?: number } = {}): Promise<Figure[]> {
  const transfers = options.transfers ?? 1_000_000;
  const runs = options.runs ?? 10;
  const dir = mkdtempSync(join(tmpdir(), 'notebook-queries-bench-'));
  const { child, info } = await startReady('src-sandbox/cli.ts', [
    ...['--port', '0', '--seed', '42', '--transfers', String(transfers), '--busy-party'],
  ]);
  const services = await startAppServices({
    userDataDir: join(dir, 'user-data'),
    version: 'bench',
    transport: 'web',
    keychain: { keytar: async () => Promise.reject(new Error('no keychain in the benchmark')) },
    sandbox: false,
    host: { chooseSavePath: async () => null },
  });
  const call = async (channel: string, args: unknown[]): Promise<any> => {
    const answer = (await services.dispatch(channel as never, args as never)) as Answer;
    if (!answer.ok) throw new Error(`${channel}: ${answer.error.message}`);
    return answer.value;
  };
  try {
    const { profile } = await call('settings:saveProfile', [
      {
        name: 'bench',
        baseUrl: info.baseUrl,
        translateUrl: info.translateUrl,
        partnerUrl: info.partnerUrl,
        rpcUrl: info.rpcUrl,
        defaultNodeId: null,
        chainAuth: 'apiKey',
        rpcKeyPlacement: 'header',
        rpcSeparator: '_',
        ledgerAuthPlacement: 'header',
      },
    ]);
    await call('secrets:set', [profile.id, 'ledgerJwt', info.tokens.readAll]);
    const party: string = info.parties[0];
    const started = await call('local:sync', [
      { profileId: profile.id, party, nodeId: null, range: { after: null, before: null } },
    ]);
    const synced = await services.local.waitForSync(started.jobId);
    if (synced.state !== 'done') throw new Error(`sync ended ${synced.state}: ${synced.error?.message ?? ''}`);
    const local = await services.local.ledger();

    const figures: Figure[] = [];
    const errors: string[] = [];
    for (const query of BUILT_IN_QUERIES) {
      const file = parseQueryFile(query.text);
      const bound = bindQuery(file.sql, file.header.parameters, { party, ...VALUES[query.id] }, { zone: 'utc' });
      if (!bound.ok) throw new Error(`${query.id}: parameters not bound: ${JSON.stringify(bound)}`);
      // As runSql (src-main/services/local-ledger/sql-runner.ts) runs a query, with the notebook's values.
      const once = async () => {
        const snapshot = await currentSnapshot(await local.store(profile.id));
        return local.sql.run<SqlResult>({
          snapshot,
          budgets: local.sqlBudgets.screen,
          task: { kind: 'query', sql: bound.text, rowCap: 10_000, params: bound.params },
        });
      };
      try {
        const first = await once(); // warm-up, untimed
        if (first.rows.length === 0) throw new Error('no row answered');
        const times: number[] = [];
        for (let k = 0; k < runs; k++) {
          const t0 = performance.now();
          await once();
          times.push(performance.now() - t0);
        }
        const p50 = median(times);
        figures.push({
          figure: `notebook "${file.header.name}" (${first.rows.length}${first.truncated ? '+' : ''} rows)`,
          median: `${p50.toFixed(0)} ms`,
          range: `${Math.min(...times).toFixed(0)}-${Math.max(...times).toFixed(0)} ms, ${runs} runs`,
          target: `<= ${NOTEBOOK_TARGET_MS} ms`,
          pass: p50 <= NOTEBOOK_TARGET_MS,
        });
      } catch (error) {
        errors.push(`${query.id}: ${(error as Error).message}`);
      }
    }
    if (errors.length) throw new Error(`built-in queries failed at ${transfers} legs: ${errors.join('; ')}`);
    return figures;
  } finally {
    await services.close();
    await stop(child);
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { transfers: { type: 'string' }, runs: { type: 'string' } } });
  const figures = await notebookQueriesBench({
    transfers: values.transfers ? Number(values.transfers) : undefined,
    runs: values.runs ? Number(values.runs) : undefined,
  });
  printTable('notebook built-in queries (1M legs of one party, through the SQL process)', figures);
}
