// "Sync all" on a remote profile whose own ledger JWT names its parties (a claims-form token from
// the sandbox: readAs one party): all-readable is exactly those; a party the token does not grant
// fails alone with the service's 403 and the others are synced.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncAllStatus } from '../../../../src-shared/contract/sync-all.ts';
import { type RemoteSync, startRemoteSync } from './remote-sync-fixture.ts';

let remote: RemoteSync;
beforeAll(async () => {
  remote = await startRemoteSync({ transfers: 3000 });
}, 120_000);
afterAll(async () => {
  await remote?.close();
});

const request = (parties: 'all-readable' | string[]) => ({
  profileId: 'remote',
  parties,
  nodeId: null,
  range: { after: null, before: null },
});

describe('sync all with a JWT that names its parties', () => {
  it("syncs the token's readAs party alone, and a party it does not grant fails with the 403 while the other is synced", async () => {
    // The sandbox signs a claims-form token for each odd-numbered party: readAs that party only.
    const reader = remote.parties[1];
    await remote.call('secrets:set', 'remote', 'ledgerJwt', remote.sandbox.ledger.auth.tokens.byParty[reader]);
    const jobs = (await remote.services.local.ledger()).syncAll;

    const mine = await remote.call<SyncAllStatus>('local:syncAll', request('all-readable'));
    expect(mine.source).toBe('token');
    expect(mine.parties.map((p) => p.party)).toEqual([reader]);
    const done = await jobs.wait(mine.jobId);
    expect([done.state, done.done, done.failed]).toEqual(['done', 1, 0]);
    expect(done.parties[0].legs).toBeGreaterThan(0);

    const other = remote.parties[3];
    const started = await remote.call<SyncAllStatus>('local:syncAll', request([other, reader]));
    const ended = await jobs.wait(started.jobId);
    expect(ended.state).toBe('done');
    expect(ended.parties.map((p) => p.state)).toEqual(['failed', 'done']);
    expect(ended.parties[0].error?.message).toMatch(/does not grant readAs or actAs|403/);
    expect(ended.failed).toBe(1);
  }, 120_000);
});
