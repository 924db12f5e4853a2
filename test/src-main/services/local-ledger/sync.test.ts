// Syncing a party into the local store against the in-process sandbox, through dispatch: every leg
// the service holds for the party ends up stored once, as sent (all 12 fields).
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServices, startAppServices } from '../../../../src-main/services/app-services.ts';
import { effectiveMicros } from '../../../../src-main/services/local-ledger/store/effective-time.ts';
import {
  ALL_LEGS,
  LOCAL_SORT_COLUMNS,
  type LocalLegsPage,
  type LocalSortColumn,
  type SyncStatus,
} from '../../../../src-shared/contract/local-ledger.ts';
import { TRANSFER_LEG_FIELDS, type TransferLeg } from '../../../../src-shared/contract/transfers.ts';
import { callOk, legsOverHttp } from '../../../fixtures/local-ledger.ts';

let services: AppServices;
let party: string;
beforeAll(async () => {
  services = await startAppServices({
    userDataDir: await mkdtemp(join(tmpdir(), 'local-sync-')),
    version: 'test',
    transport: 'web',
    keychain: { service: `ledger-explorer-test-${randomBytes(4).toString('hex')}` },
    sandbox: { transfers: 20_000, evm: false },
    host: { chooseSavePath: async () => null },
  });
  party = services.sandbox?.describe().parties[0] as string;
});
afterAll(async () => {
  await services.close();
});

const call = <T>(channel: string, ...args: unknown[]) => callOk<T>(services, channel, ...args);
const serviceLegs = (forParty: string) => legsOverHttp(services, forParty);

const key = (leg: TransferLeg) => JSON.stringify(TRANSFER_LEG_FIELDS.map((f) => leg[f]));
const multiset = (legs: TransferLeg[]) => legs.map(key).sort();

describe('sync to local', () => {
  it('stores every leg of the party once, field for field', async () => {
    const started = await call<SyncStatus>('local:sync', {
      profileId: 'sandbox',
      party,
      nodeId: null,
      range: { after: null, before: null },
    });
    const done = await services.local.waitForSync(started.jobId);
    expect(done.state, JSON.stringify(done.error)).toBe('done');
    const expected = await serviceLegs(party);
    expect(done.legs).toBe(expected.length);
    const stored = await call<LocalLegsPage>('local:legs', {
      requestId: 'req-00000001',
      profileId: 'sandbox',
      party,
      filters: ALL_LEGS,
      sort: { column: 'effectiveAt', desc: false },
      offset: 0,
      limit: 5000,
    });
    expect(stored.total).toBe(expected.length);
    expect(multiset(stored.legs.map(({ amountExact: _, ...leg }) => leg))).toEqual(multiset(expected));
  });

  it("pages the table in the order asked, whichever column: each window is the sorted list's next slice", async () => {
    const started = await call<SyncStatus>('local:sync', {
      profileId: 'sandbox',
      party,
      nodeId: null,
      range: { after: null, before: null },
    });
    expect((await services.local.waitForSync(started.jobId)).state).toBe('done');
    const expected = await serviceLegs(party);
    // Each column's key as the service sent it, compared as the table promises: times as instants,
    // amounts as exact decimals, nulls last in both directions.
    const exact = (text: string) => {
      const [whole, frac = ''] = text.split('.');
      return { units: BigInt(whole + frac), scale: frac.length };
    };
    const keys: Record<
      LocalSortColumn,
      (leg: TransferLeg) => string | bigint | boolean | null | ReturnType<typeof exact>
    > = {
      effectiveAt: (l) => effectiveMicros(l.effectiveAt),
      updateId: (l) => l.updateId,
      symbol: (l) => l.symbol,
      instrumentId: (l) => l.instrumentId,
      amount: (l) => (l.amount === null ? null : exact(l.amount)),
      senderParty: (l) => l.senderParty,
      receiverParty: (l) => l.receiverParty,
      counterparty: (l) => l.counterparty,
      isIncoming: (l) => l.isIncoming,
      status: (l) => l.status,
    };
    const compare = (a: unknown, b: unknown): number => {
      if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
      if (typeof a === 'object' && typeof b === 'object') {
        const x = a as ReturnType<typeof exact>;
        const y = b as ReturnType<typeof exact>;
        const left = x.units * 10n ** BigInt(y.scale);
        const right = y.units * 10n ** BigInt(x.scale);
        return left < right ? -1 : left > right ? 1 : 0;
      }
      return (a as string) < (b as string) ? -1 : (a as string) > (b as string) ? 1 : 0;
    };
    const shown = (value: unknown) => JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? String(v) : v));
    for (const column of LOCAL_SORT_COLUMNS) {
      for (const desc of [false, true]) {
        const key = keys[column];
        const sorted = expected
          .map(key)
          .sort((a, b) => (a === null || b === null ? compare(a, b) : desc ? compare(b, a) : compare(a, b)));
        const paged: TransferLeg[] = [];
        for (let offset = 0; offset < expected.length; offset += 3000) {
          const window = await call<LocalLegsPage>('local:legs', {
            requestId: `req-${column.slice(0, 6)}-${desc ? 'd' : 'a'}-${offset}`,
            profileId: 'sandbox',
            party,
            filters: ALL_LEGS,
            sort: { column, desc },
            offset,
            limit: 3000,
          });
          expect(window.total).toBe(expected.length);
          paged.push(...window.legs.map(({ amountExact: _, ...leg }) => leg));
        }
        const got = paged.map(key);
        const at = got.findIndex((value, i) => compare(value, sorted[i]) !== 0);
        expect(
          at === -1 ? 'in order' : `${at}: ${shown(got.slice(at, at + 3))} ${shown(sorted.slice(at, at + 3))}`,
          `${column} ${desc ? 'descending' : 'ascending'}`,
        ).toBe('in order');
        expect(multiset(paged)).toEqual(multiset(expected));
      }
    }
  });

  it('forgets a party while a read of it is running: the read ends, the store opens again empty for it', async () => {
    const started = await call<SyncStatus>('local:sync', {
      profileId: 'sandbox',
      party,
      nodeId: null,
      range: { after: null, before: null },
    });
    expect((await services.local.waitForSync(started.jobId)).state).toBe('done');
    const reading = services.dispatch('local:sql', [
      { requestId: 'req-slowread1', profileId: 'sandbox', sql: 'SELECT count(*) FROM legs, range(2000)', rowCap: 10 },
    ]);
    await call('local:forget', { profileId: 'sandbox', party });
    await reading;
    const status = await call<{ legs: number; lastSyncAt: string | null }>('local:status', 'sandbox', party);
    expect(status).toMatchObject({ legs: 0, lastSyncAt: null });
  });
});
