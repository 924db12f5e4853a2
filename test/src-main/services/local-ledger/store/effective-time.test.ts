// effectiveAt as the store orders it: microseconds, UTC; a time it cannot read is null, never another
// time. RFC 3339 sets no limit on the fraction: 12 digits are read (truncated to the microsecond,
// never rounded), and the text as sent is kept beside the TIMESTAMP in a real DuckDB store.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { effectiveMicros, microsToIso } from '../../../../../src-main/services/local-ledger/store/effective-time.ts';
import { LedgerStore } from '../../../../../src-main/services/local-ledger/store/ledger-store.ts';
import { appendLegs } from '../../../../../src-main/services/local-ledger/store/leg-rows.ts';
import type { TransferLeg } from '../../../../../src-shared/contract/transfers.ts';

describe('effectiveMicros', () => {
  it('reads offsets and any number of fraction digits (kept to microseconds, never rounded up)', () => {
    expect(microsToIso(effectiveMicros('2026-10-31T12:00:00.123456789Z') as bigint)).toBe(
      '2026-10-31T12:00:00.123456Z',
    );
    expect(microsToIso(effectiveMicros('2026-10-31T17:30:00.123456999999+05:30') as bigint)).toBe(
      '2026-10-31T12:00:00.123456Z',
    );
    expect(effectiveMicros('2026-10-31T14:00:00+02:00')).toBe(effectiveMicros('2026-10-31T12:00:00Z'));
    expect(effectiveMicros('2026-10-31T07:30:00-0430')).toBe(effectiveMicros('2026-10-31T12:00:00Z'));
  });

  it('refuses dates that do not exist instead of rolling them into the next month', () => {
    for (const text of [
      '2026-02-30T00:00:00Z',
      '2026-13-01T00:00:00Z',
      '2026-04-31T00:00:00Z',
      '2026-01-01T24:00:00Z',
      '2026-01-01T12:00:00',
      'yesterday',
    ]) {
      expect(effectiveMicros(text), text).toBeNull();
    }
    expect(effectiveMicros('2024-02-29T00:00:00Z')).not.toBeNull();
  });

  it('reads years before 100 as themselves, not as 19xx', () => {
    expect(microsToIso(effectiveMicros('0099-01-01T00:00:00Z') as bigint)).toBe('0099-01-01T00:00:00.000000Z');
  });
});

describe('in a DuckDB store', () => {
  let dir: string;
  let store: LedgerStore;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'local-times-'));
    store = await LedgerStore.open(join(dir, 'p.duckdb'));
  });
  afterAll(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  const leg = (n: number, effectiveAt: string | null): TransferLeg => ({
    updateId: `u-${n}`,
    effectiveAt,
    instrumentAdmin: 'admin::1',
    instrumentId: 'INST',
    symbol: 'INS',
    decimals: 0,
    amount: '1',
    senderParty: 'alice::1',
    receiverParty: 'bob::1',
    counterparty: 'bob::1',
    isIncoming: false,
    status: 'completed',
  });

  it('keeps the text as sent and stores the instant it names, to the microsecond', async () => {
    const texts = [
      '2026-10-31T17:30:00.123456999999+05:30',
      '2026-10-31T12:00:00.1234569Z',
      '2026-10-31t08:00:00.000000000001-04:00',
      '2026-10-31 12:00:01Z',
      '2016-12-31T23:59:60Z',
      '2026-10-31T12:00:00', // no offset: not an instant
    ];
    await store.write((c) =>
      appendLegs(
        c,
        0n,
        'alice::1',
        texts.map((t, k) => leg(k, t)),
        1n,
      ),
    );
    const rows = await store.read(async (c) =>
      (
        await c.runAndReadAll(
          "SELECT effective_at, strftime(effective_ts, '%Y-%m-%dT%H:%M:%S.%fZ') FROM leg_rows ORDER BY effective_ts NULLS LAST, seq",
        )
      ).getRows(),
    );
    expect(rows).toEqual([
      ['2016-12-31T23:59:60Z', '2016-12-31T23:59:59.999999Z'],
      ['2026-10-31t08:00:00.000000000001-04:00', '2026-10-31T12:00:00.000000Z'],
      ['2026-10-31T17:30:00.123456999999+05:30', '2026-10-31T12:00:00.123456Z'],
      ['2026-10-31T12:00:00.1234569Z', '2026-10-31T12:00:00.123456Z'],
      ['2026-10-31 12:00:01Z', '2026-10-31T12:00:01.000000Z'],
      ['2026-10-31T12:00:00', null],
    ]);
  });
});
