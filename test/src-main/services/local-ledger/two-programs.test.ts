// The app and `npm run cli` on one store at the same time (docs/local-ledger.md, "Two programs, one
// store"). The app's services run in this process as the web shell starts them, its store held by its
// ledger engine (a child process of this one); the CLI is the real one, a child process on the same
// user-data folder; both read a sandbox network in this process
// through a remote profile. Real DuckDB files, real HTTP, real processes. The app keeps the file
// open for a minute after its last read here (its grace is 5 s by default), so every test meets a
// store the app holds: the CLI gets it only because the app lets go for a waiting program. Where two
// syncs must meet, the sandbox's ledger answers slowly (an armed latency fault) for as long as the
// test needs, so they meet on a fast machine too.
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { forkEngine } from '../../../../src-main/services/local-ledger/engine/engine-client.ts';
import type { LocalPartyStatus, SyncStatus } from '../../../../src-shared/contract/local-ledger.ts';
import type { ShellEvent } from '../../../../src-shared/contract/shell-events.ts';
import { multiset, serviceLegs } from '../../../durability/local-legs.ts';
import { ENGINE_LINE, enginePidOf, holdStore, parentPidOf, runCli, untilLine } from '../../cli/cli-process.ts';
import { type RemoteSync, startRemoteSync } from './remote-sync-fixture.ts';

let fixture: RemoteSync;
let home: string;
let jwt: string;

beforeAll(async () => {
  // busyParty: parties[0] is in every transfer (60 pages), the others in a page or two.
  fixture = await startRemoteSync(
    { transfers: 60_000, busyParty: true, faults: true },
    { localLedger: { access: { idleMs: 60_000 }, engine: forkEngine }, timeouts: { shellPollMs: 60_000 } },
  );
  jwt = fixture.sandbox.credentials.ledgerJwt;
  home = await mkdtemp(join(tmpdir(), 'two-programs-'));
}, 120_000);
afterAll(async () => {
  await fixture?.close();
  if (home) await rm(home, { recursive: true, force: true });
});

const cliSync = (party: string) =>
  runCli(home, ['sync', '--profile', 'remote', '--party', party, '--user-data-dir', fixture.userDataDir], {
    LEDGER_EXPLORER_LEDGER_JWT: jwt,
  });

/** Every ledger request answers `ms` later, until disarmed (null). */
async function slowLedger(ms: number | null): Promise<void> {
  const url = fixture.sandbox.describe().faultsUrl as string;
  const answer =
    ms === null
      ? await fetch(`${url}?interface=ledger`, { method: 'DELETE' })
      : await fetch(url, { method: 'POST', body: JSON.stringify({ interface: 'ledger', fault: `latency=${ms}` }) });
  expect(answer.ok).toBe(true);
}

const status = (party: string) => fixture.call<LocalPartyStatus>('local:status', 'remote', party);

/** The party's legs as the app reads them now: its table's pages (its engine's store waits for the file like any read). */
async function appLegs(party: string): Promise<string[]> {
  const legs: Array<Record<string, unknown>> = [];
  for (let offset = 0; ; offset += 5000) {
    const page = await fixture.call<{ total: number; legs: Array<Record<string, unknown>> }>('local:legs', {
      requestId: `legs-${randomBytes(6).toString('hex')}`,
      profileId: 'remote',
      party,
      filters: {
        instruments: null,
        range: { after: null, before: null },
        direction: null,
        statuses: null,
        counterparty: null,
        amountMin: null,
        amountMax: null,
        search: null,
      },
      sort: { column: 'effectiveAt', desc: false },
      offset,
      limit: 5000,
    });
    legs.push(...page.legs);
    if (offset + 5000 >= page.total) break;
  }
  return multiset(legs.map(({ amountExact: _, ...leg }) => leg) as unknown as Parameters<typeof multiset>[0]);
}

/** The engine has the store's file open (the app holds it while idle), read from /proc. */
function engineHolds(path: string): boolean {
  const pid = fixture.services.local.engine?.pid;
  if (!pid) return false;
  return readdirSync(`/proc/${pid}/fd`).some((fd) => {
    try {
      return readlinkSync(`/proc/${pid}/fd/${fd}`) === path;
    } catch {
      return false;
    }
  });
}

const syncStatus = (jobId: string) => fixture.call<SyncStatus>('local:syncStatus', jobId);

const serviceMultiset = async (party: string) =>
  multiset((await serviceLegs(fixture.sandbox.urls.baseUrl, jwt, party)).legs);

describe('the app and the CLI on one store', () => {
  it('the app holds the store, idle: a scheduled sync gets it, and the app reads the new legs and is told', async () => {
    const party = fixture.parties[1];
    expect((await status(party)).legs).toBe(0);
    expect(engineHolds(fixture.services.local.storePath('remote'))).toBe(true);

    const run = cliSync(party);
    const result = await run.done;
    expect(result.code, result.stderr).toBe(0);

    const event = await fixture.call<ShellEvent | null>('app:nextEvent');
    // The CLI's sync ran in its ledger engine, the process that wrote the store: the words name it.
    const engine = enginePidOf(result.stderr);
    expect(engine).not.toBe(run.child.pid);
    expect(event).toEqual({
      kind: 'local-changed',
      profileId: 'remote',
      party,
      by: `npm run cli -- sync (PID ${engine})`,
    });
    const expected = await serviceMultiset(party);
    expect(expected.length).toBeGreaterThan(0);
    expect((await status(party)).legs).toBe(expected.length);
    expect(await appLegs(party)).toEqual(expected);
  }, 120_000);

  it('the app is running a long SQL query: the CLI syncs meanwhile, and the query still cancels', async () => {
    const party = fixture.parties[2];
    const requestId = `sq-${randomBytes(12).toString('hex')}`;
    // A query that would run for minutes. It reads the SQL snapshot in its own process, not the
    // store (sql/), so a scheduled sync does not wait for it.
    const slow = fixture.services.dispatch('local:sql', [
      {
        requestId,
        profileId: 'remote',
        sql: 'SELECT count(*) FROM range(1000000000000) t(x) WHERE x % 7 = 3',
        rowCap: 10,
      },
    ]);
    let answered = false;
    void slow.then(() => {
      answered = true;
    });
    const result = await cliSync(party).done;
    expect(result.code, result.stderr).toBe(0);
    expect(`${result.stdout}\n${result.stderr}`).not.toMatch(/^waiting: /m);
    expect(answered).toBe(false);
    expect(await fixture.call('app:cancel', requestId)).toBe(true);
    expect(await slow).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    expect(await appLegs(party)).toEqual(await serviceMultiset(party));
  }, 120_000);

  it('the CLI is syncing a large ledger: the app reads meanwhile, then its own sync waits for the CLI and adds what is new', async () => {
    const party = fixture.parties[0];
    // 60 pages at a fifth of a second each: the CLI is still at it when the app starts its sync.
    await slowLedger(200);
    const run = cliSync(party);
    const engine = enginePidOf(await untilLine(run, ENGINE_LINE));
    // The CLI's own child: the CLI's engine holds the store while the CLI runs.
    expect(parentPidOf(engine)).toBe(run.child.pid);
    await untilLine(run, /^sync: [1-9]\d* legs/);
    // DuckDB is the engine's alone: the CLI process (main) never loads it.
    expect(readFileSync(`/proc/${engine}/maps`, 'utf8')).toMatch(/duckdb/i);
    expect(readFileSync(`/proc/${run.child.pid}/maps`, 'utf8')).not.toMatch(/duckdb/i);

    // A read while the CLI syncs: the CLI lets go between two batches. Its legs are not visible yet.
    expect((await status(party)).legs).toBe(0);

    const started = await fixture.call<SyncStatus>('local:sync', {
      profileId: 'remote',
      party,
      nodeId: null,
      range: { after: null, before: null },
    });
    const waiting = await vi.waitFor(
      async () => {
        const now = await syncStatus(started.jobId);
        expect(now.state).toBe('waiting');
        expect(now.waitingFor).toBeTruthy();
        return now;
      },
      { timeout: 60_000, interval: 20 },
    );
    // The app's sync waits for the CLI's sync of the party, in words the sync panel shows.
    expect(waiting.waitingFor).toBe(
      `npm run cli -- sync (PID ${engine}) is syncing this party: this sync starts when it is done`,
    );
    await slowLedger(null);
    const done = await vi.waitFor(
      async () => {
        const now = await syncStatus(started.jobId);
        expect(now.state).toMatch(/done|failed|cancelled/);
        return now;
      },
      { timeout: 120_000, interval: 50 },
    );
    const cli = await run.done;
    expect(cli.code, cli.stderr).toBe(0);
    expect(JSON.parse(cli.stdout)).toMatchObject({ state: 'done', incremental: false });
    expect(done.error).toBeNull();
    // It started while the CLI held the party's sync, waited for it, then fetched only what is new.
    expect(done).toMatchObject({ state: 'done', incremental: true, waitingFor: null });
    expect(await appLegs(party)).toEqual(await serviceMultiset(party));
  }, 180_000);

  it('a CLI killed mid-sync leaves its markers behind: the app takes over its run and ends equal to the service', async () => {
    const party = fixture.parties[0];
    await fixture.call('local:forget', { profileId: 'remote', party });
    expect((await status(party)).legs).toBe(0);

    // Slow enough that the kill lands mid-sync on any machine.
    await slowLedger(50);
    const run = cliSync(party);
    const engine = enginePidOf(await untilLine(run, ENGINE_LINE));
    // The CLI's own child: the CLI's engine holds the store while the CLI runs.
    expect(parentPidOf(engine)).toBe(run.child.pid);
    await untilLine(run, /^sync: [1-9]\d* legs/);
    // Killed as a whole (the OOM killer, a power cut): the engine, mid-write, and the CLI.
    process.kill(engine, 'SIGKILL');
    run.child.kill('SIGKILL');
    expect((await run.done).signal).toBe('SIGKILL');
    await slowLedger(null);

    const left = await status(party);
    expect(left).toMatchObject({ legs: 0, resumable: true });
    const done = await fixture.sync(party);
    expect(done).toMatchObject({ state: 'done', resumed: true, error: null });
    expect(await appLegs(party)).toEqual(await serviceMultiset(party));
  }, 180_000);

  it('a view waits a few seconds for another program, then says who has the store, and reads once it is free', async () => {
    const party = fixture.parties[1];
    const path = fixture.services.local.storePath('remote');
    // Let go of the file (as the app does when it is idle), then another program takes it and keeps it.
    await fixture.services.local.close();
    const holder = holdStore(path);
    await once(holder.stdout as NodeJS.ReadableStream, 'data');

    const busy = await fixture.services.dispatch('local:status', ['remote', party]);
    expect(busy).toMatchObject({
      ok: false,
      error: {
        code: 'local_store',
        message: `nightly-job (PID ${holder.pid}) has this local store open: this view loads when it is done.`,
        details: { cause: 'busy', holderPid: holder.pid },
      },
    });

    holder.stdin?.end();
    await once(holder, 'exit');
    expect((await status(party)).legs).toBe((await serviceMultiset(party)).length);
  }, 60_000);
});
