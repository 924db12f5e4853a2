// Incremental sync: after a full sync, new transfers arrive at the service; the next sync fetches
// only the window from the newest stored leg minus the 1 h overlap (docs/service-decisions.md,
// "Local sync"), and the store then equals the service's legs for the party, field for field.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceError } from '../../../../src-main/services/errors.ts';
import type { TransferSource } from '../../../../src-main/services/ledger/transfer-source.ts';
import { isoToMicros, microsToIso } from '../../../../src-main/services/local-ledger/store/effective-time.ts';
import { LedgerStore } from '../../../../src-main/services/local-ledger/store/ledger-store.ts';
import { LEG_SELECT, rowToLeg } from '../../../../src-main/services/local-ledger/store/leg-rows.ts';
import { INCREMENTAL_OVERLAP_MICROS, runSync } from '../../../../src-main/services/local-ledger/sync/sync-run.ts';
import { reviseTransfer } from '../../../../src-sandbox/ledger/transfer-store.ts';
import { newSinceLastSync } from '../../../../src-shared/text/sync-outcome.ts';
import { multiset, serviceLegs } from '../../../durability/local-legs.ts';
import { type RemoteSync, startRemoteSync } from './remote-sync-fixture.ts';

let fixture: RemoteSync;
beforeAll(async () => {
  // busyParty: parties[0] is in every transfer (8 pages of its legs), and in every appended one.
  fixture = await startRemoteSync({ transfers: 8_000, busyParty: true });
}, 60_000);
afterAll(async () => {
  await fixture?.close();
});

describe('incremental sync', () => {
  it('fetches only the window from the newest stored leg minus the overlap, then equals the service', async () => {
    const { sandbox } = fixture;
    const party = fixture.parties[0];
    const jwt = sandbox.credentials.ledgerJwt;
    const first = await fixture.sync(party);
    expect(first).toMatchObject({ state: 'done', incremental: false, window: { after: null, before: null } });
    // Into an empty store every leg is new.
    expect(first.newLegs).toBe(first.legs);
    const before = await serviceLegs(sandbox.urls.baseUrl, jwt, party);
    expect(first.legs).toBe(before.legs.length);
    const newest = before.legs.reduce((max, leg) => {
      const at = leg.effectiveAt === null ? -1n : isoToMicros(leg.effectiveAt);
      return at > max ? at : max;
    }, -1n);

    sandbox.appendTransfers(250);

    const second = await fixture.sync(party);
    const after = microsToIso(newest - INCREMENTAL_OVERLAP_MICROS);
    expect(second).toMatchObject({ state: 'done', incremental: true, window: { after, before: null } });
    // Exactly the window's legs and pages, as the service counts them: the 250 new ones and the last hour's.
    const window = await serviceLegs(sandbox.urls.baseUrl, jwt, party, after);
    expect(second.legs).toBe(window.legs.length);
    expect(second.pages).toBe(window.pages);
    expect(window.legs.length).toBeGreaterThanOrEqual(250);
    expect(window.legs.length).toBeLessThan(before.legs.length / 4);
    // New: the 250 appended (the party is in every transfer); the rest of the window was checked again.
    expect(second.newLegs).toBe(250);

    // Nothing new at the service: the last hour fetched again, and none of it is new.
    const third = await fixture.sync(party);
    expect(third).toMatchObject({ state: 'done', incremental: true, newLegs: 0 });
    expect(third.legs).toBeGreaterThan(0);

    const now = await serviceLegs(sandbox.urls.baseUrl, jwt, party);
    expect(now.legs.length).toBe(before.legs.length + 250);
    const stored = await storedLegsOf(party);
    expect(stored).toEqual(multiset(now.legs));
  }, 120_000);
});

describe('what an incremental sync says it found', () => {
  // newLegs was the legs fetched minus the older copies replaced: a net difference, so a leg gone
  // and another come in the overlap hour read "Nothing new", and a changed status "checked again".
  it('counts legs, not a difference: one gone and one new in the overlap hour is one new; a changed status is said', async () => {
    const { sandbox } = fixture;
    const party = fixture.parties[0];
    await fixture.sync(party);
    const transfers = sandbox.ledger.store;
    // The two newest transfers (the busy party is in each) lie in the next sync's overlap hour.
    const [newest, next] = [transfers.count - 1, transfers.count - 2];
    // Another instrument: the leg the store holds is no longer sent, and a leg it never held is.
    reviseTransfer(transfers, newest, { instrument: transfers.instrument[newest] === 0 ? 1 : 0 });
    const swapped = await fixture.sync(party);
    expect(swapped).toMatchObject({ state: 'done', incremental: true, newLegs: 1, changedLegs: 0, goneLegs: 1 });
    expect(newSinceLastSync(swapped)).toBe(
      `1 new leg since the last sync; 1 leg no longer sent, removed (${(swapped.legs - 1).toLocaleString('en')} checked again)`,
    );

    reviseTransfer(transfers, next, { status: 'withdrawn' });
    const changed = await fixture.sync(party);
    expect(changed).toMatchObject({ state: 'done', incremental: true, newLegs: 0, changedLegs: 1, goneLegs: 0 });
    expect(newSinceLastSync(changed)).toBe(
      `1 leg with a changed status since the last sync (${(changed.legs - 1).toLocaleString('en')} checked again)`,
    );

    const again = await fixture.sync(party);
    expect(again).toMatchObject({ state: 'done', incremental: true, newLegs: 0, changedLegs: 0, goneLegs: 0 });
    expect(newSinceLastSync(again)).toBe(
      `Nothing new since the last sync (${again.legs.toLocaleString('en')} legs checked again)`,
    );
    const now = await serviceLegs(sandbox.urls.baseUrl, sandbox.credentials.ledgerJwt, party);
    expect(await storedLegsOf(party)).toEqual(multiset(now.legs));
  }, 120_000);
});

describe('a service that refuses every cursor', () => {
  it('fetches the window again a few times, then fails with its answer instead of looping', async () => {
    const store = await LedgerStore.open(join(await mkdtemp(join(tmpdir(), 'cursor-refused-')), 'p.duckdb'));
    let firstPages = 0;
    const source: TransferSource = {
      fetchPage: async (_filters, next) => {
        if (next !== null) throw new ServiceError('bad_request', 'HTTP 400: unknown cursor');
        firstPages++;
        return {
          party: null,
          legs: [],
          count: 0,
          hasNextPage: true,
          next: 'cursor-1',
          unknownFields: [],
          nodeId: null,
          elapsedMs: 0,
        };
      },
    };
    const plan = { party: fixture.parties[0], nodeId: null, after: null, before: null };
    try {
      await expect(runSync(store, source, plan, new AbortController().signal, () => {})).rejects.toThrow(
        'unknown cursor',
      );
      expect(firstPages).toBe(4);
    } finally {
      await store.close();
    }
  });
});

/** What the store holds for the party: read through the app's own store (it is open in this process). */
async function storedLegsOf(party: string): Promise<string[]> {
  const store = await fixture.services.local.reader('remote');
  const rows = await store.read((c) => c.runAndReadAll(`SELECT ${LEG_SELECT} FROM leg_rows WHERE party = ?`, [party]));
  return multiset(
    rows.getRows().map((row) => {
      const { amountExact: _, ...leg } = rowToLeg(row);
      return leg;
    }),
  );
}
