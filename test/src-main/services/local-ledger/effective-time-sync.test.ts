// A service that spells effectiveAt with 12 fraction digits and offsets (+05:30, -04:00, +00:00, Z:
// legal RFC 3339, the sandbox's effective-at-forms variation): a sync stores every leg with its time
// as the instant it names, so the local table sorts and filters them as the service does, and keeps
// each text exactly as sent. Before issue 24 every such leg was stored with no time at all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALL_LEGS,
  type LocalLeg,
  type LocalLegsPage,
  type LocalPartyStatus,
} from '../../../../src-shared/contract/local-ledger.ts';
import type { TransferLeg } from '../../../../src-shared/contract/transfers.ts';
import { microsIso, readRfc3339 } from '../../../../src-shared/time/time-text.ts';
import { legsOverHttp } from '../../../fixtures/local-ledger.ts';
import { type RemoteSync, startRemoteSync } from './remote-sync-fixture.ts';

let fixture: RemoteSync;
let party: string;
let sent: TransferLeg[];
beforeAll(async () => {
  fixture = await startRemoteSync({ transfers: 3_000, variations: true });
  fixture.sandbox.variations?.arm('ledger', ['effective-at-forms']);
  // Legs seconds apart at the end: spelled in different offsets, their texts no longer sort as their times.
  fixture.sandbox.appendTransfers(600);
  party = fixture.parties[0];
  sent = await legsOverHttp(fixture.services, party, 'remote');
  const done = await fixture.sync(party);
  expect(done.state, JSON.stringify(done.error)).toBe('done');
});
afterAll(async () => {
  await fixture?.close();
});

const micros = (text: string | null) => readRfc3339(text)?.micros ?? null;

async function localLegs(range: { after: string | null; before: string | null }, desc = false): Promise<LocalLeg[]> {
  const page = await fixture.call<LocalLegsPage>('local:legs', {
    requestId: 'req-times-01',
    profileId: 'remote',
    party,
    filters: { ...ALL_LEGS, range },
    sort: { column: 'effectiveAt', desc },
    offset: 0,
    limit: 5000,
  });
  return page.legs;
}

describe('a service whose times have 12 fraction digits and offsets', () => {
  it('sends what the variation says (the test is about these times)', () => {
    expect(sent.length).toBeGreaterThan(20);
    expect(sent.every((l) => /\.\d{12}(Z|[+-]\d\d:\d\d)$/.test(l.effectiveAt ?? ''))).toBe(true);
    expect(new Set(sent.map((l) => /(Z|[+-]\d\d:\d\d)$/.exec(l.effectiveAt ?? '')?.[1]))).toEqual(
      new Set(['+05:30', '-04:00', '+00:00', 'Z']),
    );
  });

  it('stores every leg with its text as sent, in the order of the instants (not of the texts)', async () => {
    const stored = await localLegs({ after: null, before: null });
    expect(stored.map((l) => l.effectiveAt)).toEqual(
      [...sent]
        .sort((a, b) => {
          const [x, y] = [micros(a.effectiveAt) as bigint, micros(b.effectiveAt) as bigint];
          return x < y ? -1 : x > y ? 1 : 0;
        })
        .map((l) => l.effectiveAt),
    );
    // Sorting the texts would put every +05:30 time after the Z time of the same instant.
    expect(stored.map((l) => l.effectiveAt)).not.toEqual(sent.map((l) => l.effectiveAt).sort());
    const status = await fixture.call<LocalPartyStatus>('local:status', 'remote', party);
    const all = sent.map((l) => micros(l.effectiveAt) as bigint);
    const [first, last] = [all.reduce((a, b) => (b < a ? b : a)), all.reduce((a, b) => (b > a ? b : a))];
    expect([micros(status.firstEffectiveAt), micros(status.lastEffectiveAt)]).toEqual([first, last]);
  });

  it('filters a range by instants to the microsecond, never rounding .123456999999 up', async () => {
    const byInstant = [...sent].sort((a, b) =>
      Number((micros(a.effectiveAt) as bigint) - (micros(b.effectiveAt) as bigint)),
    );
    const middle = byInstant[Math.floor(byInstant.length / 2)];
    const at = micros(middle.effectiveAt) as bigint;
    const after = microsIso(at);
    // A bound at the leg's own microsecond, written in another offset: the leg is in [after, …).
    const inclusive = await localLegs({ after: '2026-01-01T00:00:00+05:30', before: null });
    const expectedFrom = (bound: bigint) => sent.filter((l) => (micros(l.effectiveAt) as bigint) >= bound).length;
    expect(inclusive.length).toBe(expectedFrom(micros('2026-01-01T00:00:00+05:30') as bigint));
    const from = await localLegs({ after, before: null });
    expect(from.map((l) => l.updateId)).toContain(middle.updateId);
    expect(from.length).toBe(expectedFrom(at));
    // One microsecond later: the leg (at .xxxxxx999999, less than a microsecond later) is left out.
    const later = await localLegs({ after: microsIso(at + 1n), before: null });
    expect(later.map((l) => l.updateId)).not.toContain(middle.updateId);
    const before = await localLegs({ after: null, before: microsIso(at + 1n) });
    expect(before.map((l) => l.updateId)).toContain(middle.updateId);
    expect(before.length + later.length).toBe(sent.length);
  });
});
