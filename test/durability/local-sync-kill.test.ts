// A local sync SIGKILLed at random points, at least 20 times, restarted each time: the store always
// holds either the state before the run or the complete new state (never a partial window in
// leg_rows), and once a run completes, the stored legs equal the service's for the party as a
// multiset of all 12 fields. The child is the real CLI (`npm run cli -- sync`, started through the
// tests' entry cli-with-hooks.ts, which adds the hook line below), against a sandbox in this process
// through a remote profile whose JWT comes from LEDGER_EXPLORER_LEDGER_JWT. The CLI's sync runs in its
// ledger engine, a child process that writes the store: each kill is its process group's (the CLI and
// the engine at once), so it lands in the engine's DuckDB commits.
// Kill points, from a seeded RNG: some event-loop turns after the k-th progress line; the n-th
// file-system event in the store's folder (lands inside DuckDB's commits); some turns after the
// line the child prints just before the final replace transaction (engine-with-hooks.ts).
// The sync pages its range as several cursor chains over time windows (sync-windows.ts): ~60 pages
// make ~7 windows paged 4 at once, so kills land with some windows committed and others not, and
// each resume must continue the recorded plan without losing or doubling a leg.
import { type ChildProcess, spawn } from 'node:child_process';
import { watch } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isAlive } from '../../src-main/services/local-ledger/store/store-markers.ts';
import { type SandboxNetwork, startSandboxNetwork } from '../../src-sandbox/index.ts';
import { ENGINE_LINE } from '../src-main/cli/cli-process.ts';
import { multiset, serviceLegs, storedLegs, writeRemoteProfile } from './local-legs.ts';

/** The product's CLI with the tests' hooks (the product's own entry has none). */
const CLI = resolve(import.meta.dirname, 'cli-with-hooks.ts');
const SEED = Number(process.env.KILL_SEED ?? 13);
const KILLS = 20;
/** Kills that must land with a window plan part committed (some windows done, others not). */
const MID_PLAN = 3;
/** A bound on the runs, so a run that never lands the kills it needs fails instead of looping. */
const MAX_RUNS = 80;

/** mulberry32: the same kill points on every run with the same seed. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = rng(SEED);
const randomInt = (below: number) => Math.floor(random() * below);
const turn = () => new Promise<void>((done) => setImmediate(done));

let sandbox: SandboxNetwork;
let home: string;
let party: string;
let expected: string[];

beforeAll(async () => {
  // busyParty: parties[0] is in every transfer, so 60,000 transfers are ~60 pages of its legs.
  sandbox = await startSandboxNetwork({ transfers: 60_000, busyParty: true, evm: false });
  party = sandbox.describe().parties[0];
  const { legs, pages } = await serviceLegs(sandbox.urls.baseUrl, sandbox.credentials.ledgerJwt, party);
  expect(pages).toBeGreaterThanOrEqual(60);
  expected = multiset(legs);
  home = await mkdtemp(join(tmpdir(), 'local-sync-kill-'));
  const { baseUrl, translateUrl, partnerUrl, rpcUrl } = sandbox.urls;
  await writeRemoteProfile(join(home, 'data'), 'kill', { baseUrl, translateUrl, partnerUrl, rpcUrl });
}, 60_000);

afterAll(async () => {
  await sandbox?.close();
  if (home) await rm(home, { recursive: true, force: true });
});

function startSync(): { child: ChildProcess; lines: AsyncIterableIterator<string>; stderr: () => string } {
  const child = spawn(
    process.execPath,
    [CLI, 'sync', '--profile', 'kill', '--party', party, '--user-data-dir', join(home, 'data')],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
      // A process group of its own: the kill reaches the engine the CLI forks.
      detached: true,
      env: {
        PATH: process.env.PATH,
        HOME: home,
        XDG_CONFIG_HOME: join(home, '.config'),
        XDG_DATA_HOME: join(home, '.local', 'share'),
        XDG_CACHE_HOME: join(home, '.cache'),
        // No session bus: the keychain is not there, and the JWT comes from the environment.
        DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent',
        LEDGER_EXPLORER_LEDGER_JWT: sandbox.credentials.ledgerJwt,
      },
    },
  );
  let stderr = '';
  const lines = createInterface({ input: child.stderr as NodeJS.ReadableStream })[Symbol.asyncIterator]();
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  return { child, lines, stderr: () => stderr };
}

type Plan =
  | { kind: 'lines'; after: number; turns: number }
  | { kind: 'events'; n: number }
  | { kind: 'replace'; turns: number }
  | { kind: 'none' };

function choosePlan(needKills: boolean): Plan {
  if (!needKills) return { kind: 'none' };
  const r = random();
  if (r < 0.1) return { kind: 'none' };
  if (r < 0.4) return { kind: 'lines', after: randomInt(4), turns: randomInt(200) };
  if (r < 0.7) return { kind: 'events', n: 1 + randomInt(60) };
  return { kind: 'replace', turns: randomInt(100) };
}

describe('local sync under SIGKILL', () => {
  it(`${KILLS}+ kills at random points: the store is the old state or the whole new one, and equals the service once done`, async () => {
    const store = join(home, 'data', 'local-ledger', 'kill.duckdb');
    await mkdir(join(home, 'data', 'local-ledger'), { recursive: true, mode: 0o700 });
    let onEvent = () => {};
    const watcher = watch(join(home, 'data', 'local-ledger'), () => onEvent());
    const log: string[] = [];
    let kills = 0;
    let completions = 0;
    let killsInReplace = 0;
    /** Kills that left a window plan with some windows committed and some not. */
    let killsMidPlan = 0;
    /** Legs the store must hold between kills: none before the first completion of a cycle, else all. */
    let before: string[] = [];
    // The kills it needs: KILLS in all, MID_PLAN of them inside a window plan. Which runs complete
    // before their kill lands is the machine's timing, so the runs go on until both are reached.
    const needKills = () => kills < KILLS || killsMidPlan < MID_PLAN;
    let runs = 0;
    try {
      while ((needKills() || completions < 2) && runs++ < MAX_RUNS) {
        const plan = choosePlan(needKills());
        const run = startSync();
        const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
          run.child.once('exit', (code, signal) => done({ code, signal })),
        );
        let killing = false;
        const kill = (turns: number, why: string) => {
          if (killing) return;
          killing = true;
          void (async () => {
            for (let i = 0; i < turns; i++) await turn();
            if (why === 'replace') killsInReplace++;
            try {
              if (run.child.pid) process.kill(-run.child.pid, 'SIGKILL');
            } catch {
              // The run had already ended (ESRCH): a completed run, told by its exit code.
            }
          })();
        };
        let events = 0;
        onEvent = () => {
          if (plan.kind === 'events' && ++events >= plan.n) kill(0, 'events');
        };
        let progress = 0;
        let engine: number | null = null;
        for await (const line of run.lines) {
          const named = ENGINE_LINE.exec(line);
          if (named) engine = Number(named[1]);
          if (line.startsWith('sync:') && plan.kind === 'lines' && progress++ >= plan.after) kill(plan.turns, 'lines');
          // The engine's hook line, said by the CLI as one of main's log lines.
          if (line === '[main] test-hook: replacing' && plan.kind === 'replace') kill(plan.turns, 'replace');
        }
        const end = await exited;
        onEvent = () => {};
        // Killed with the CLI, the engine may still be tearing down (its lock on the file goes when it has).
        const killed = engine;
        if (killed !== null)
          await vi.waitFor(() => expect(isAlive(killed)).toBe(false), { timeout: 10_000, interval: 10 });
        const state = await storedLegs(store, party);
        const now = multiset(state.legs);
        if (end.signal === 'SIGKILL') {
          kills++;
          if (state.windowsDone > 0 && state.windowsDone < state.windows) killsMidPlan++;
          log.push(
            `kill ${kills} (${JSON.stringify(plan)}): ${state.legs.length} legs, ${state.staged} staged, windows ${state.windowsDone}/${state.windows} done`,
          );
          // Nothing partial: the state before this run, or (the kill came after the replace committed) the whole new one.
          expect([before, expected]).toContainEqual(now);
          // And the aggregates the sync keeps agree with those legs, whichever they are.
          expect(state.aggregatesDiffering).toBe(0);
          continue;
        }
        expect(end, run.stderr()).toEqual({ code: 0, signal: null });
        completions++;
        log.push(`done after ${kills} kills (${JSON.stringify(plan)}): ${state.legs.length} legs`);
        expect(now).toEqual(expected);
        expect([state.staged, state.runs, state.windows]).toEqual([0, 0, 0]);
        expect(state.aggregatesDiffering).toBe(0);
        // Next cycle: from an empty store (a first sync again: the only one with a window plan, while
        // mid-plan kills are still missing) or on this one (an incremental sync).
        if (killsMidPlan < MID_PLAN || random() < 0.5) {
          for (const suffix of ['', '.wal']) await rm(`${store}${suffix}`, { force: true });
          before = [];
        } else {
          before = expected;
        }
      }
    } finally {
      watcher.close();
      console.log(
        `local-sync-kill (seed ${SEED}): ${runs} runs, ${kills} kills (${killsInReplace} at the replace, ${killsMidPlan} mid-plan), ${completions} completed\n${log.join('\n')}`,
      );
    }
    expect(kills).toBeGreaterThanOrEqual(KILLS);
    // The kills the windows need: between a window's commit and the next one's.
    expect(killsMidPlan).toBeGreaterThanOrEqual(MID_PLAN);
    expect(completions).toBeGreaterThanOrEqual(2);
    // The hook line came (engine-with-hooks.ts): kills were aimed at the replace, not only elsewhere.
    expect(killsInReplace).toBeGreaterThan(0);
    // Each cycle starts two processes (the CLI and its ledger engine): 262 s measured at load 10 on 2 cores.
  }, 480_000);
});
