// Syncing a party into the local store against the in-process sandbox, through dispatch: every leg
// the service holds for the party ends up stored once, as sent (all 12 fields).
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServices, startAppServices } from '../../../../src-main/services/app-services.ts';
import { ALL_LEGS, type LocalLegsPage, type SyncStatus } from '../../../../src-shared/contract/local-ledger.ts';
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
