// Reconciling a statement of 100,000 lines against a party of 1,000,000 legs (issue 28's target:
// <= 2 s). The store is built as the local-ledger bench builds it: a sandbox with --busy-party and
// main's services in a child process syncing the party (this file again, run with --worker). The
// statement is 100,000 of the party's legs as its books would list them, with 1% of amounts
// mistyped, 1% left out and 1% made up; local:reconcile runs through main's handler, warm-up first.
// Where the time goes comes from the service's own log line (read, load, legs, candidates, ...).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { SANDBOX_ARG_OPTIONS, sandboxArgs, sandboxFromArgs } from './bench-args.ts';
import { type Figure, median, ROOT, startBenchProfile, startReady, stop } from './bench-kit.ts';

const LINES = 100_000;
const TARGET_MS = 2_000;

interface WorkerResult {
  legs: number;
  lines: number;
  csvBytes: number;
  times: number[];
  counts: Record<string, number>;
  breakdown: string;
}

export async function reconcileBench(options: { transfers?: number; runs?: number } = {}): Promise<Figure[]> {
  const transfers = options.transfers ?? 1_000_000;
  const dir = mkdtempSync(join(tmpdir(), 'reconcile-bench-'));
  const { child, info } = await startReady('src-sandbox/cli.ts', [
    ...['--port', '0', '--seed', '42', '--transfers', String(transfers), '--busy-party'],
  ]);
  try {
    const run = spawnSync(
      process.execPath,
      [
        join(ROOT, 'bench/reconcile-bench.ts'),
        '--worker',
        ...sandboxArgs(info, info.parties[0]).args,
        ...['--dir', dir, '--runs', String(options.runs ?? 5)],
      ],
      { encoding: 'utf8', maxBuffer: 1 << 22, env: sandboxArgs(info, info.parties[0]).env },
    );
    if (run.status !== 0) throw new Error(`reconcile worker failed: ${run.stderr.slice(-2000)}`);
    const r = JSON.parse(run.stdout.trim().split('\n').pop() as string) as WorkerResult;
    const p50 = median(r.times);
    return [
      {
        figure: `reconcile ${r.lines.toLocaleString('en')} statement lines (${(r.csvBytes / 2 ** 20).toFixed(1)} MB CSV) against ${r.legs.toLocaleString('en')} legs, through local:reconcile`,
        median: `${Math.round(p50)} ms`,
        range: `${Math.round(Math.min(...r.times))}-${Math.round(Math.max(...r.times))} ms, ${r.times.length} runs`,
        target: `<= ${TARGET_MS} ms`,
        pass: p50 <= TARGET_MS,
      },
      {
        figure: '... where the time goes (the last run, main’s log)',
        median: r.breakdown.replace(/^reconcile: /, '').slice(0, 400),
        range: Object.entries(r.counts)
          .map(([k, n]) => `${k} ${n}`)
          .join(', '),
        target: '-',
        pass: null,
      },
    ];
  } finally {
    await stop(child);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The worker: main's services syncing the party, then the reconciliation timed. Prints one JSON line. */
async function worker(): Promise<void> {
  const { values } = parseArgs({
    options: {
      worker: { type: 'boolean' },
      ...SANDBOX_ARG_OPTIONS,
      dir: { type: 'string' },
      runs: { type: 'string' },
    },
  });
  const { sandbox, party } = sandboxFromArgs(values);
  let lastLog = '';
  const { services, profileId, sync, call } = await startBenchProfile(sandbox, {
    userDataDir: join(values.dir as string, 'user-data'),
    log: (line) => {
      if (line.startsWith('reconcile:')) lastLog = line;
    },
  });
  const profile = { id: profileId };
  await sync(party);

  // 100,000 legs spread over the whole history (every 10th), as the party's books list them.
  const store = await services.local.reader(profile.id);
  const reader = await store.read((c) =>
    c.runAndReadAll(
      `SELECT strftime(effective_at, '%Y-%m-%dT%H:%M:%S.%fZ'), counterparty, instrument_id,
         CASE WHEN direction = 'out' THEN '-' ELSE '' END || amount, update_id, (SELECT count(*) FROM legs)
       FROM legs WHERE effective_at IS NOT NULL AND counterparty IS NOT NULL AND amount_exact
       QUALIFY row_number() OVER (ORDER BY effective_at, update_id) % 10 = 0
       ORDER BY effective_at LIMIT ${LINES}`,
    ),
  );
  const rows = reader.getRows();
  const legs = Number(rows[0]?.[5] ?? 0);
  const lines = ['time,counterparty,instrument,amount,reference'];
  for (const [k, [at, counterparty, instrument, amount, ref]] of rows.entries()) {
    if (k % 100 === 1) continue; // left out of the statement
    const typed = k % 100 === 2 ? `${amount}1`.replace(/^(-?\d+)1$/, '$10') : amount;
    lines.push(`${at},${counterparty},${instrument},${typed},${ref}`);
    if (k % 100 === 3) lines.push(`${at},${counterparty},${instrument},424242.42,made-up-${k}`);
  }
  const csv = `${lines.join('\n')}\n`;
  const request = (k: number) => ({
    requestId: `bench-rec-${k + 2}`,
    profileId: profile.id,
    party,
    csv,
    delimiter: 'auto',
    mapping: {
      time: 'time',
      counterparty: 'counterparty',
      instrument: 'instrument',
      amount: 'amount',
      reference: 'reference',
      direction: null,
      sign: 'negative-is-out',
      decimal: '.',
      zone: 'utc',
    },
    toleranceSeconds: 300,
    onlyStatementCounterparties: false,
    rowCap: 500,
    remember: false,
  });
  await call('local:reconcile', request(-1)); // warm-up
  const times: number[] = [];
  let counts: Record<string, number> = {};
  for (let k = 0; k < Number(values.runs ?? 5); k++) {
    const t0 = performance.now();
    const result = await call<{ counts: Record<string, number> }>('local:reconcile', request(k));
    times.push(performance.now() - t0);
    counts = result.counts;
  }
  await services.close();
  const out: WorkerResult = {
    legs,
    lines: lines.length - 1,
    csvBytes: Buffer.byteLength(csv),
    times,
    counts,
    breakdown: lastLog,
  };
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

if (process.argv.includes('--worker')) await worker();
else if (import.meta.filename === process.argv[1]) {
  for (const f of await reconcileBench()) console.log(`${f.figure}: ${f.median} (${f.range}) target ${f.target}`);
}
