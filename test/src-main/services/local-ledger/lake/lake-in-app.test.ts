// A lake opened in the app: every Local ledger view answers over the lake exactly as over the store
// it was written from (the table's pages in every sort, facets, counterparties, a relationship,
// flows, every built-in SQL example, a scoped query, the provenance status), through the same
// channels the renderer calls; one of its parties has the longest id the app accepts. The app never writes to the lake (a COPY into it is refused, a sync
// still goes to the store), a folder that is not a lake is refused with why, and the choice is
// remembered per profile across a restart. A lake of a newer format, or a broken manifest, is refused
// saying which formats the app reads and what is wrong.
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServices, startAppServices } from '../../../../../src-main/services/app-services.ts';
import { verifyLake } from '../../../../../src-main/services/local-ledger/lake/lake-verify.ts';
import { writeLake } from '../../../../../src-main/services/local-ledger/lake/lake-writer.ts';
import { SQL_EXAMPLES } from '../../../../../src-renderer/features/local-ledger/sql/sql-examples.ts';
import type { LakeInfo } from '../../../../../src-shared/contract/lake.ts';
import { ALL_LEGS, type SqlResult, type SyncStatus } from '../../../../../src-shared/contract/local-ledger.ts';
import { callOk } from '../../../../fixtures/local-ledger.ts';

let folder: string;
let lake: string;
let services: AppServices;
let parties: string[];
/** Where the next export is saved (the save dialog's answer); null: cancelled. */
let savePath: string | null = null;
const keychain = `ledger-explorer-test-${randomBytes(4).toString('hex')}`;

const start = (dir: string) =>
  startAppServices({
    userDataDir: dir,
    version: 'test',
    transport: 'web',
    keychain: { service: keychain },
    // The third party's id is the longest the app accepts (255 characters): every view reads it too.
    sandbox: { transfers: 3_000, evm: false, longPartyId: true },
    host: { chooseSavePath: async () => savePath },
  });

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'lake-in-app-'));
  lake = join(folder, 'desk-lake');
  services = await start(join(folder, 'data'));
  parties = (services.sandbox?.describe().parties ?? []).slice(0, 3);
  expect(parties[2].length).toBe(255);
  for (const party of parties) {
    const started = await callOk<SyncStatus>(services, 'local:sync', {
      profileId: 'sandbox',
      party,
      nodeId: null,
      range: { after: null, before: null },
    });
    expect((await services.local.waitForSync(started.jobId)).state).toBe('done');
  }
  const store = await (await services.local.ledger()).writer('sandbox');
  await store.read((c) => writeLake(c, { lake, parties, program: 'test', profile: 'sandbox', say: () => {} }));
}, 120_000);
afterAll(async () => {
  await services?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

/** An answer without its timings (how long a read took is not what it answered). */
const timeless = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value, (key, v) => (/^(elapsedMs|ms|seconds|tookMs)$/.test(key) ? undefined : v)));
const call = async <T>(channel: string, ...args: unknown[]) =>
  timeless(await callOk<T>(services, channel, ...args)) as T;
const SORTS = ['effectiveAt', 'amount', 'counterparty', 'updateId'] as const;

/** What each view answers now, for the first party and the long one: compared before and after the lake opens. */
async function answers(): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const party of [parties[0], parties[2]]) {
    for (const column of SORTS) {
      for (const desc of [false, true]) {
        out[`legs ${party} ${column} ${desc}`] = await call('local:legs', {
          requestId: `r-${randomBytes(4).toString('hex')}`,
          profileId: 'sandbox',
          party,
          filters: ALL_LEGS,
          sort: { column, desc },
          offset: 40,
          limit: 120,
        });
      }
    }
    const analytics = { profileId: 'sandbox', party, range: { after: null, before: null }, instruments: null };
    out[`facets ${party}`] = await call('local:facets', 'sandbox', party);
    const ranking = await call<{ rows: Array<{ counterparty: string }> }>('local:counterparties', analytics);
    out[`counterparties ${party}`] = ranking;
    out[`relationship ${party}`] = await call('local:relationship', {
      ...analytics,
      counterparty: ranking.rows[0].counterparty,
      bucket: 'month',
    });
    out[`flows ${party}`] = await call('local:flows', { ...analytics, bucket: 'week' });
    out[`scoped counterparties ${party}`] = await call('local:counterparties', {
      ...analytics,
      scope: { kind: 'parties', parties: parties.slice(0, 2) },
    });
    const status = await call<Record<string, unknown>>('local:status', 'sandbox', party);
    out[`status ${party}`] = { legs: status.legs, first: status.firstEffectiveAt, last: status.lastEffectiveAt };
  }
  for (const example of SQL_EXAMPLES) {
    const result = await call<SqlResult>('local:sql', {
      requestId: `q-${randomBytes(4).toString('hex')}`,
      profileId: 'sandbox',
      sql: example.sql,
      rowCap: 10_000,
    });
    out[`sql ${example.title}`] = { columns: result.columns, rows: result.rows };
  }
  const scoped = await call<SqlResult>('local:sql', {
    requestId: `q-${randomBytes(4).toString('hex')}`,
    profileId: 'sandbox',
    sql: 'SELECT party, count(*) AS legs, sum(amount_units) AS units FROM legs GROUP BY party ORDER BY party',
    rowCap: 100,
    scope: { kind: 'parties', parties: [parties[0], parties[2]] },
  });
  out['sql scoped to two parties'] = scoped.rows;
  return out;
}

async function lakeListing(): Promise<string> {
  const names: string[] = [];
  const walk = async (dir: string) => {
    for (const name of (await readdir(dir)).sort()) {
      const path = join(dir, name);
      const s = await stat(path);
      if (s.isDirectory()) await walk(path);
      else names.push(`${path} ${s.size} ${s.mtimeMs}`);
    }
  };
  await walk(lake);
  return names.join('\n');
}

describe('a lake opened as the Local ledger', () => {
  it('answers every view, SQL example and status exactly as the store it was written from', async () => {
    const fromStore = await answers();
    const info = await call<LakeInfo>('local:openLake', { profileId: 'sandbox', folder: lake });
    expect(info).toMatchObject({ folder: lake, parties: expect.any(Array) });
    expect(info.parties.map((p) => p.party).sort()).toEqual([...parties].sort());
    const fromLake = await answers();
    for (const key of Object.keys(fromStore)) expect(fromLake[key], key).toEqual(fromStore[key]);
    expect(await call('local:lake', 'sandbox')).toEqual(info);
  }, 120_000);

  it('never writes to the lake: a COPY into it is refused, and a sync or forget goes to the store', async () => {
    await call('local:openLake', { profileId: 'sandbox', folder: lake });
    const before = await lakeListing();
    const copy = await services.dispatch('local:sql', [
      {
        requestId: 'copy-into-lake',
        profileId: 'sandbox',
        sql: `COPY (SELECT * FROM legs) TO '${lake}/party_key=x/month=2026-01/part-1.parquet'`,
        rowCap: 10,
      },
    ]);
    expect(copy.ok).toBe(false);
    const started = await call<SyncStatus>('local:sync', {
      profileId: 'sandbox',
      party: parties[0],
      nodeId: null,
      range: { after: null, before: null },
    });
    expect((await services.local.waitForSync(started.jobId)).state).toBe('done');
    await call('local:forget', { profileId: 'sandbox', party: parties[2] });
    expect(await lakeListing()).toBe(before);
    expect((await verifyLake(lake)).problems).toEqual([]);
    // The lake still holds the forgotten party: the views read the lake, not the store.
    const status = await call<{ legs: number }>('local:status', 'sandbox', parties[2]);
    expect(status.legs).toBeGreaterThan(0);
  }, 60_000);

  it('refuses a folder that is not a lake, saying why, and keeps the lake it had', async () => {
    const wrong = await services.dispatch('local:openLake', [{ profileId: 'sandbox', folder: folder }]);
    expect(wrong.ok).toBe(false);
    if (!wrong.ok)
      expect(wrong.error.message).toBe(
        `${folder} is not a lake: it has no _lake.json (a lake is written by npm run cli -- lake sync).`,
      );
    const relative = await services.dispatch('local:openLake', [{ profileId: 'sandbox', folder: 'desk-lake' }]);
    expect(relative.ok).toBe(false);
    expect((await call<LakeInfo | null>('local:lake', 'sandbox'))?.folder).toBe(lake);
  });

  it('refuses a lake of a newer format, and a broken manifest, saying which formats it reads and what is wrong', async () => {
    const top = JSON.parse(await readFile(join(lake, '_lake.json'), 'utf8'));
    const open = async (name: string, manifest: string) => {
      const dir = join(folder, name);
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, '_lake.json'), manifest);
      const answer = await services.dispatch('local:openLake', [{ profileId: 'sandbox', folder: dir }]);
      expect(answer.ok).toBe(false);
      return { dir, message: answer.ok ? '' : answer.error.message };
    };
    const newer = await open('lake-newer', JSON.stringify({ ...top, format: 3, layout: 'whatever comes next' }));
    expect(newer.message).toBe(
      `${newer.dir}'s _lake.json is of format 3, written by a newer version of the app: this version reads formats 1 and 2. Upgrade the app to read this lake.`,
    );
    const broken = await open('lake-broken', JSON.stringify({ ...top, legs: 'many' }));
    expect(broken.message).toBe(
      `${broken.dir}'s _lake.json is not a lake manifest this app reads (format 1 or 2): legs: Invalid input: expected number, received string.`,
    );
    const torn = await open('lake-torn', JSON.stringify(top).slice(0, 40));
    expect(torn.message).toBe(
      `${torn.dir}'s _lake.json is not a lake manifest this app reads (format 1 or 2): it is not JSON (a file cut short?).`,
    );
    expect((await call<LakeInfo | null>('local:lake', 'sandbox'))?.folder).toBe(lake);
  });

  it("names the lake's parties in an export's scope column, and the synced ones once it is closed", async () => {
    // The scope column of every row of a counterparty export over every party (scope-text.ts).
    const scopeColumn = async (name: string) => {
      savePath = join(folder, name);
      const source = {
        kind: 'counterparties',
        query: { party: parties[0], range: { after: null, before: null }, instruments: null, scope: { kind: 'all' } },
      };
      await call('local:export', { profileId: 'sandbox', source, format: 'csv' });
      savePath = null;
      const lines = (await readFile(join(folder, name), 'utf8')).split('\r\n').filter((l) => l !== '');
      expect(lines[0].endsWith(',scope')).toBe(true);
      return [...new Set(lines.slice(1).map((l) => l.slice(l.lastIndexOf(',') + 1)))];
    };
    await call('local:openLake', { profileId: 'sandbox', folder: lake });
    expect(await scopeColumn('lake-counterparties.csv')).toEqual(["all the lake's parties"]);
    await call('local:closeLake', 'sandbox');
    expect(await scopeColumn('store-counterparties.csv')).toEqual(['all synced parties']);
  }, 60_000);

  it('is remembered for the profile across a restart, and closing it reads the store again', async () => {
    await call('local:openLake', { profileId: 'sandbox', folder: lake });
    await services.close();
    services = await start(join(folder, 'data'));
    expect((await call<LakeInfo | null>('local:lake', 'sandbox'))?.folder).toBe(lake);
    expect((await call<{ legs: number }>('local:status', 'sandbox', parties[2])).legs).toBeGreaterThan(0);
    expect(await call('local:closeLake', 'sandbox')).toBeNull();
    expect(await call('local:lake', 'sandbox')).toBeNull();
    // The store forgot parties[2] above: the views read the store again.
    expect((await call<{ legs: number }>('local:status', 'sandbox', parties[2])).legs).toBe(0);
  }, 60_000);
});
