import { describe, expect, it } from 'vitest';
import {
  dailyNetFlow,
  instrumentKey,
  netOf,
  summarizeLegs,
} from '../../../../../src-renderer/features/transfers/summary/transfer-summary.ts';
import type { TransferLeg } from '../../../../../src-shared/contract/transfers.ts';
import { decimalToString } from '../../../../../src-shared/decimal.ts';

const leg = (patch: Partial<TransferLeg>): TransferLeg => ({
  updateId: 'u',
  effectiveAt: '2026-10-01T10:00:00Z',
  instrumentAdmin: 'dso::1220',
  instrumentId: 'Amulet',
  symbol: 'CC',
  decimals: 10,
  amount: '1',
  senderParty: 'a',
  receiverParty: 'b',
  counterparty: 'b',
  isIncoming: true,
  status: 'completed',
  ...patch,
});

describe('summarizeLegs', () => {
  it('totals in and out per instrument exactly (no float drift)', () => {
    const legs = [
      leg({ amount: '0.1' }),
      leg({ amount: '0.2' }),
      leg({ amount: '0.3', isIncoming: false }),
      leg({ instrumentAdmin: 'reg::1220', instrumentId: 'USDX', symbol: 'USDX', decimals: 6, amount: '5' }),
    ];
    const [cc, usdx] = summarizeLegs(legs);
    expect(cc.legs).toBe(3);
    expect(decimalToString(cc.totalIn)).toBe('0.3');
    expect(decimalToString(cc.totalOut)).toBe('0.3');
    expect(decimalToString(netOf(cc))).toBe('0.0');
    expect(usdx.symbol).toBe('USDX');
    expect(decimalToString(usdx.totalIn)).toBe('5');
  });

  it('adds 18-decimal and whale amounts to the last digit', () => {
    const legs = [
      leg({ amount: '1000000000000000.000000000000000001', decimals: 18 }),
      leg({ amount: '0.000000000000000001', decimals: 18 }),
    ];
    expect(decimalToString(summarizeLegs(legs)[0].totalIn)).toBe('1000000000000000.000000000000000002');
  });

  it('counts legs without a readable amount without summing them, and keeps null instruments apart', () => {
    const legs = [
      leg({ amount: null }),
      leg({ amount: 'n/a' }),
      leg({ instrumentAdmin: null, instrumentId: null, amount: '7' }),
    ];
    const totals = summarizeLegs(legs);
    const cc = totals.find((t) => t.key === instrumentKey('dso::1220', 'Amulet'));
    expect(cc?.unreadable).toBe(2);
    expect(decimalToString(totals.find((t) => t.id === null)?.totalIn ?? { units: 0n, scale: 0 })).toBe('7');
  });
});

describe('dailyNetFlow', () => {
  const legs = [
    leg({ effectiveAt: '2026-10-01T23:30:00Z', amount: '10' }),
    leg({ effectiveAt: '2026-10-01T01:00:00Z', amount: '2.5', isIncoming: false }),
    leg({ effectiveAt: '2026-10-02T00:30:00Z', amount: '1' }),
    leg({ effectiveAt: null, amount: '100' }),
  ];

  it('buckets by UTC day: incoming minus outgoing, exact, days ascending', () => {
    const days = dailyNetFlow(legs, 'utc').get(instrumentKey('dso::1220', 'Amulet')) ?? [];
    expect(days.map((d) => [d.day, decimalToString(d.net)])).toEqual([
      ['2026-10-01', '7.5'],
      ['2026-10-02', '1'],
    ]);
    expect(days[0].start).toBe(Date.parse('2026-10-01T00:00:00Z'));
  });

  it('buckets by local day when asked (23:30 UTC is the next day east of Greenwich)', () => {
    const previous = process.env.TZ;
    process.env.TZ = 'Asia/Tokyo';
    try {
      const days = dailyNetFlow(legs, 'local').get(instrumentKey('dso::1220', 'Amulet')) ?? [];
      expect(days.map((d) => [d.day, decimalToString(d.net)])).toEqual([
        ['2026-10-01', '-2.5'],
        ['2026-10-02', '11'],
      ]);
    } finally {
      process.env.TZ = previous;
    }
  });
});
