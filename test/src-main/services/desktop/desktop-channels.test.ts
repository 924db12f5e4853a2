// app:reveal and app:info's About fields through the real services, with a host that can open
// folders (the desktop app) and without (the browser version); and the hosts' taskFinished call
// when an export ends.

import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type AppServices, startAppServices } from '../../../../src-main/services/app-services.ts';
import type { TaskFinished } from '../../../../src-main/services/desktop/notify-policy.ts';
import { ExportJobs } from '../../../../src-main/services/local-ledger/export/export-jobs.ts';
import type { Host } from '../../../../src-main/services/service-context.ts';
import type { SyncStatus } from '../../../../src-shared/contract/local-ledger.ts';
import type { AppInfo, Revealed } from '../../../../src-shared/contract/schemas.ts';

let services: AppServices | null = null;
afterEach(async () => {
  await services?.close();
  services = null;
});

async function start(host: Partial<Host>, sandbox: false | { transfers: number; evm: false } = false) {
  const dir = await mkdtemp(join(tmpdir(), 'desktop-'));
  services = await startAppServices({
    userDataDir: dir,
    version: '9.8.7',
    transport: 'web',
    keychain: { service: `ledger-explorer-test-${randomBytes(4).toString('hex')}` },
    sandbox,
    host: { chooseSavePath: async () => null, ...host },
  });
  const call = async <T>(channel: string, ...args: unknown[]): Promise<T> => {
    const answer = await services?.dispatch(channel, args);
    if (!answer?.ok) throw new Error(`${channel}: ${JSON.stringify(answer)}`);
    return answer.value as T;
  };
  return { dir, call };
}

describe('app:reveal', () => {
  it('opens the folder through the host and answers its path', async () => {
    const opened: string[] = [];
    const { dir, call } = await start({ revealPath: async (path) => opened.push(path) > 0 });
    expect(await call<Revealed>('app:reveal', 'settings')).toEqual({ path: dir, opened: true });
    expect(await call<Revealed>('app:reveal', 'logs')).toEqual({ path: join(dir, 'logs'), opened: true });
    expect(opened).toEqual([dir, join(dir, 'logs')]);
  });

  it('only answers the path where the host cannot open folders, or failed to', async () => {
    const { dir, call } = await start({});
    expect(await call<Revealed>('app:reveal', 'logs')).toEqual({ path: join(dir, 'logs'), opened: false });
    const failing = await start({ revealPath: async () => Promise.reject(new Error('no file manager')) });
    expect(await failing.call<Revealed>('app:reveal', 'settings')).toEqual({ path: failing.dir, opened: false });
  });

  it('refuses any other folder before the host is asked', async () => {
    const opened: string[] = [];
    await start({ revealPath: async (path) => opened.push(path) > 0 });
    const answer = await services?.dispatch('app:reveal', ['/etc']);
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
    expect(opened).toEqual([]);
  });
});

describe('app:info for About', () => {
  it('names the app and Node versions and the folders; no Electron or Chromium outside Electron', async () => {
    const { dir, call } = await start({});
    const info = await call<AppInfo>('app:info');
    expect(info.versions).toEqual({ app: '9.8.7', electron: null, chromium: null, node: process.versions.node });
    expect(info.folders).toEqual({ settings: dir, logs: join(dir, 'logs') });
  });
});

describe('taskFinished', () => {
  it('is told when an export ends, with its state and legs', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'desktop-export-'));
    const ended: TaskFinished[] = [];
    const jobs = new ExportJobs((s) => ended.push({ ...s, kind: 'export' }));
    const job = jobs.start(join(dir, 'x.csv'), 'csv', async () => ({ legs: [], next: null }) as never);
    await jobs.finished(job.jobId);
    expect(ended).toMatchObject([
      { kind: 'export', state: 'done', legs: 0, elapsedMs: expect.any(Number), error: null },
    ]);
    const failed = jobs.start(join(dir, 'missing', 'y.csv'), 'csv', async () => ({ legs: [], next: null }) as never);
    await jobs.finished(failed.jobId);
    expect(ended[1]).toMatchObject({ state: 'failed', error: expect.stringMatching(/ENOENT/) });
  });

  it('is told when a local sync ends, with the legs it stored', async () => {
    const ended: TaskFinished[] = [];
    const { call } = await start({ taskFinished: (event) => ended.push(event) }, { transfers: 2_000, evm: false });
    const party = services?.sandbox?.describe().parties[0] as string;
    const range = { after: null, before: null };
    const started = await call<SyncStatus>('local:sync', { profileId: 'sandbox', party, nodeId: null, range });
    const done = await services?.local.waitForSync(started.jobId);
    expect(done?.state).toBe('done');
    expect(ended).toEqual([
      { kind: 'sync', state: 'done', legs: done?.legs, elapsedMs: expect.any(Number), error: null },
    ]);
    expect(done?.legs).toBeGreaterThan(0);
  });
});
