// Shared by the benchmarks: start processes, wait on their ready line, summarise samples.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { type AppServicesOptions, startAppServices } from '../src-main/services/app-services.ts';
import type { BenchSandbox } from './bench-args.ts';

export const ROOT = resolve(import.meta.dirname, '..');

/**
 * The Node flags `npm run sandbox` passes (package.json's script), so that every bench runs the
 * sandbox exactly as a user starts it.
 */
export function sandboxNodeFlags(): string[] {
  const scripts = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')).scripts as Record<string, string>;
  const words = scripts.sandbox.split(/\s+/);
  return words.slice(1, words.indexOf('src-sandbox/cli.ts')).filter((word) => word.startsWith('--'));
}

/** Starts a Node script and resolves with its first stdout line parsed as JSON (its ready line). */
export async function startReady(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ child: ChildProcess; info: any }> {
  const flags = script === 'src-sandbox/cli.ts' ? sandboxNodeFlags() : [];
  const child = spawn(process.execPath, [...flags, resolve(ROOT, script), ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  const info = await new Promise<any>((resolveLine, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code} before it was ready`)));
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).once('line', (line) =>
      resolveLine(JSON.parse(line)),
    );
  });
  return { child, info };
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** A figure's value or the error that kept it from being measured ({ error }). */
export function failed(value: unknown): value is { error: string } {
  return typeof value === 'object' && value !== null && 'error' in value;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Peak resident memory of a live process, in MB (Linux /proc). */
export function peakRssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmHWM'));
  return Number(line?.match(/(\d+)/)?.[1] ?? 0) / 1024;
}

export interface Figure {
  figure: string;
  median: string;
  range: string;
  target: string;
  pass: boolean | null;
}

export function printTable(title: string, rows: Figure[]): void {
  console.log(`\n${title}`);
  const widths = [58, 20, 24, 16];
  console.log(['figure', 'median', 'min-max', 'target'].map((h, i) => h.padEnd(widths[i])).join(' ') + ' result');
  for (const r of rows) {
    const result = r.pass === null ? 'INFO' : r.pass ? 'PASS' : 'MISS';
    console.log([r.figure, r.median, r.range, r.target].map((c, i) => c.padEnd(widths[i])).join(' ') + ` ${result}`);
  }
}

type Answer<T> = { ok: true; value: T } | { ok: false; error: { message: string } };
const unwrap = <T>(answer: Answer<T>): T => {
  if (!answer.ok) throw new Error(answer.error.message);
  return answer.value;
};

/**
 * Main's services in-process (as Electron's IPC handlers run them, no browser transport) with one
 * profile on a separately running sandbox whose ledger JWT reads every party: `call` a channel as
 * the renderer would, `sync` a party into the profile's store to the end. `localLedger` and `host`
 * go to startAppServices as they are (the local-ledger bench's engine and save paths).
 */
export async function startBenchProfile(
  sandbox: BenchSandbox,
  options: {
    userDataDir?: string;
    log?: (line: string) => void;
    localLedger?: AppServicesOptions['localLedger'];
    host?: AppServicesOptions['host'];
  } = {},
) {
  const services = await startAppServices({
    userDataDir: options.userDataDir ?? mkdtempSync(join(tmpdir(), 'bench-main-')),
    version: 'bench',
    transport: 'web',
    keychain: { keytar: async () => Promise.reject(new Error('no keychain in the benchmark')) },
    sandbox: false,
    host: options.host ?? { chooseSavePath: async () => null },
    ...(options.localLedger ? { localLedger: options.localLedger } : {}),
    ...(options.log ? { log: options.log } : {}),
  });
  const call = async <T>(channel: string, ...args: unknown[]): Promise<T> => {
    const answer = (await services.dispatch(channel as never, args as never)) as Answer<T>;
    if (!answer.ok) throw new Error(`${channel}: ${answer.error.message}`);
    return answer.value;
  };
  const { profile } = await call<{ profile: { id: string } }>('settings:saveProfile', {
    name: 'bench',
    baseUrl: sandbox.baseUrl,
    translateUrl: sandbox.translateUrl,
    partnerUrl: sandbox.partnerUrl,
    rpcUrl: sandbox.rpcUrl,
    defaultNodeId: null,
    chainAuth: 'apiKey',
    rpcKeyPlacement: 'header',
    rpcSeparator: '_',
    ledgerAuthPlacement: 'header',
  });
  await call('secrets:set', profile.id, 'ledgerJwt', sandbox.tokens.readAll);
  return {
    services,
    profileId: profile.id,
    call,
    /** Syncs the party's whole history into the profile's store; throws unless it ends done. */
    async sync(party: string): Promise<void> {
      const started = await call<{ jobId: string }>('local:sync', {
        profileId: profile.id,
        party,
        nodeId: null,
        range: { after: null, before: null },
      });
      const synced = await services.local.waitForSync(started.jobId);
      if (synced.state !== 'done') throw new Error(`sync ended ${synced.state}: ${synced.error?.message ?? ''}`);
    },
  };
}

/** startBenchProfile, answering one transfers page through main at a time. */
export async function startMainAlone(sandbox: BenchSandbox) {
  const { services, profileId } = await startBenchProfile(sandbox);
  const profile = { id: profileId };
  let n = 0;
  return {
    /** Milliseconds for one page through main; throws unless it has `expectLegs` legs. */
    async page(filters: object, expectLegs: number): Promise<number> {
      const t0 = performance.now();
      const page = unwrap(
        (await services.dispatch('transfers:page', [
          { requestId: `bench-main-${n++}`, profileId: profile.id, filters, next: null },
        ])) as Answer<{ legs: unknown[] }>,
      );
      if (page.legs.length !== expectLegs) throw new Error(`page had ${page.legs.length} legs`);
      return performance.now() - t0;
    },
    close: () => services.close(),
  };
}

/** CPU ms of a sync's processes (bench/local-ledger-worker.ts, cpuDuring) and of its floor runs. */
export interface SyncCpu {
  wallMs: number;
  mainMs: number;
  engineMs: number | null;
  sandboxMs: number | null;
  /** Main's collections over the sync: full (mark-compact) and young, with their pauses. */
  mainGc?: { full: number; fullMs: number; young: number; youngMs: number };
}
export interface FloorRun {
  legs: number;
  ms: number;
  cpuMs: number;
  sandboxCpuMs: number | null;
}

/** DuckDB's own CPU to store the synced legs (bench/store-floor-worker.ts), at a thread count. */
export interface StoreFloorRun {
  legs: number;
  threads: number;
  ms: number;
  cpuMs: number;
}

/**
 * Where a sync's CPU goes a leg (main, the engine, the sandbox) against its floor's (the floor's
 * process, the sandbox), and the ceiling that sets on this machine: with every core busy all the
 * time, `cores` seconds of CPU a second, the sync cannot pass cores / (its CPU a leg), whatever its
 * parallelism. Its share of the floor's rate is the highest share this machine allows today.
 *
 * `bound` is the ceiling no code of ours can lift here: a sync must at least fetch and parse the
 * pages (the floor's CPU a leg, the sandbox's included) and have DuckDB store the legs (the store
 * floor's CPU a leg, the cheaper of its thread counts), so it cannot pass cores / (their sum).
 * What the sync spends beyond that sum (`oursUs`: the hop between the processes, building DuckDB's
 * vectors, main's part of the fetch, collections) is what stands between `ceilingShare` and it.
 */
export function syncCpuCeiling(legs: number, sync: SyncCpu, floor: FloorRun[], storeFloor: StoreFloorRun[] = []) {
  const us = (ms: number) => (ms * 1000) / legs;
  const cores = availableParallelism();
  const syncUs = us(sync.mainMs + (sync.engineMs ?? 0) + (sync.sandboxMs ?? 0));
  const floorUs = median(floor.map((f) => us(f.cpuMs + (f.sandboxCpuMs ?? 0))));
  const floorRate = floor.reduce((a, f) => a + f.legs / (f.ms / 1000), 0) / floor.length;
  const ceiling = (cores * 1e6) / syncUs;
  const storeUs = storeFloor.length ? Math.min(...storeFloor.map((s) => (s.cpuMs * 1000) / s.legs)) : null;
  const boundRate = storeUs === null ? null : (cores * 1e6) / (floorUs + storeUs);
  return {
    cores,
    sync: {
      mainUs: us(sync.mainMs),
      engineUs: us(sync.engineMs ?? 0),
      sandboxUs: us(sync.sandboxMs ?? 0),
      totalUs: syncUs,
    },
    floor: {
      processUs: median(floor.map((f) => us(f.cpuMs))),
      sandboxUs: median(floor.map((f) => us(f.sandboxCpuMs ?? 0))),
      totalUs: floorUs,
    },
    /** Cores busy on average over the sync. */
    coresBusy: (sync.mainMs + (sync.engineMs ?? 0) + (sync.sandboxMs ?? 0)) / sync.wallMs,
    ceilingLegsPerS: ceiling,
    ceilingShare: ceiling / floorRate,
    /** DuckDB's own CPU a leg to store the legs, by thread count (its own wall beside it). */
    storeFloor: storeFloor.map((s) => ({
      threads: s.threads,
      cpuUs: (s.cpuMs * 1000) / s.legs,
      legsPerS: s.legs / (s.ms / 1000),
    })),
    bound:
      storeUs === null || boundRate === null
        ? null
        : {
            fetchParseUs: floorUs,
            storeUs,
            legsPerS: boundRate,
            share: boundRate / floorRate,
            oursUs: syncUs - floorUs - storeUs,
          },
  };
}
