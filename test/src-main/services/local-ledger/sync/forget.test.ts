// "Forget local data" really deletes: after forgetting a party its id is in no byte of the store's
// files (the file is rewritten, not just rows marked deleted), and the other party's legs remain;
// after forgetting the profile its files are gone.
import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStoreInfo } from '../../../../../src-shared/contract/local-ledger.ts';
import type { TransferLeg } from '../../../../../src-shared/contract/transfers.ts';
import { multiset, serviceLegs, storedLegs } from '../../../../durability/local-legs.ts';
import { type RemoteSync, startRemoteSync } from '../remote-sync-fixture.ts';
import { filesHolding } from '../store-files.ts';

let fixture: RemoteSync;
beforeAll(async () => {
  fixture = await startRemoteSync({ transfers: 40 });
}, 60_000);
afterAll(async () => {
  await fixture?.close();
});

describe('forget local data', () => {
  it("a party: its id leaves every byte of the store; the other party's legs stay whole", async () => {
    const { baseUrl } = fixture.sandbox.urls;
    const jwt = fixture.sandbox.credentials.ledgerJwt;
    // Two parties that never traded with each other (a small ledger has such pairs): then the kept
    // party's legs do not name the forgotten one, and its id must be in no byte at all.
    const legsOf = new Map<string, TransferLeg[]>();
    for (const party of fixture.parties) legsOf.set(party, (await serviceLegs(baseUrl, jwt, party)).legs);
    const names = (legs: TransferLeg[], party: string) =>
      legs.some((leg) => [leg.senderParty, leg.receiverParty, leg.counterparty].includes(party));
    const pairs = fixture.parties.flatMap((a) => fixture.parties.map((b) => [a, b] as const));
    const pair = pairs.find(
      ([a, b]) =>
        a !== b &&
        (legsOf.get(a)?.length ?? 0) > 0 &&
        (legsOf.get(b)?.length ?? 0) > 0 &&
        !names(legsOf.get(a) ?? [], b) &&
        !names(legsOf.get(b) ?? [], a),
    );
    if (!pair) throw new Error('the sandbox ledger has no two parties that never traded: make it smaller');
    const [gone, kept] = pair;
    for (const party of [gone, kept]) expect((await fixture.sync(party)).state).toBe('done');
    const folder = fixture.services.local.folder;
    const path = fixture.services.local.storePath('remote');
    // Closed (checkpointed into the file) first, so "absent later" is not only "never written there".
    await fixture.services.local.close();
    expect(await filesHolding(folder, gone)).toContain('remote.duckdb');

    const infos = await fixture.call<LocalStoreInfo[]>('local:forget', { profileId: 'remote', party: gone });
    expect(infos.find((i) => i.profileId === 'remote')?.parties.map((p) => p.party)).toEqual([kept]);
    await fixture.services.local.close();
    expect(await filesHolding(folder, gone)).toEqual([]);

    expect(multiset((await storedLegs(path, kept)).legs)).toEqual(multiset(legsOf.get(kept) ?? []));
    expect((await storedLegs(path, gone)).legs).toEqual([]);
    // The kept aggregates were rewritten with the legs: the gone party's are gone too.
    expect((await storedLegs(path, kept)).aggregatesDiffering).toBe(0);
  }, 60_000);

  it('a profile: its files are gone', async () => {
    const folder = fixture.services.local.folder;
    expect((await readdir(folder)).some((name) => name.startsWith('remote.duckdb'))).toBe(true);
    const infos = await fixture.call<LocalStoreInfo[]>('local:forget', { profileId: 'remote', party: null });
    expect(infos.map((i) => i.profileId)).not.toContain('remote');
    expect((await readdir(folder)).filter((name) => name.startsWith('remote'))).toEqual([]);
  });
});
