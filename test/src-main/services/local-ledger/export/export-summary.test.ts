// The export summary's totals are exact: the fast path (small amounts added as integers) must give
// what adding every amount as a bigint decimal gives, across scales, signs, whales and odd text.
import { describe, expect, it } from 'vitest';
import { ExportTally } from '../../../../../src-main/services/local-ledger/export/export-summary.ts';
import type { TransferLeg } from '../../../../../src-shared/contract/transfers.ts';
import { addDecimal, decimalToString, parseDecimal, ZERO } from '../../../../../src-shared/decimal.ts';

function leg(amount: string | null, isIncoming: boolean, instrumentId = 'coin'): TransferLeg {
  return {
    updateId: 'u',
    effectiveAt: '2025-01-01T00:00:00Z',
    instrumentAdmin: 'admin',
    instrumentId,
    symbol: 'C',
    decimals: 2,
    amount,
    senderParty: 's',
    receiverParty: 'r',
    counterparty: 'r',
    isIncoming,
    status: 'ok',
  };
}

function exactSum(amounts: Array<string | null>): string {
  let total = ZERO;
  for (const text of amounts) {
    const parsed = text === null ? null : parseDecimal(text);
    if (parsed) total = addDecimal(total, parsed);
  }
  return decimalToString(total);
}

describe('ExportTally', () => {
  it('sums exactly, like bigint decimals, whatever the amounts', () => {
    const amounts: Array<string | null> = [];
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 20_000; i++) {
      const whole = Math.floor(random() * 10 ** Math.floor(random() * 14)).toString();
      const scale = Math.floor(random() * 4) * 3;
      const fraction = scale
        ? `.${Math.floor(random() * 10 ** scale)
            .toString()
            .padStart(scale, '0')}`
        : '';
      amounts.push(`${random() < 0.1 ? '-' : ''}${whole}${fraction}`);
    }
    // Near and past 2^53 in one amount, 16+ digits, whitespace, text, null, zero scales.
    amounts.push(
      '999999999999999',
      '999999999999999.9',
      '9007199254740993',
      '123456789012345678901234567890.123456789',
      ' 5.5 ',
      'abc',
      '1e5',
      null,
      '0.00',
      '-0',
    );
    for (let i = 0; i < 5000; i++) amounts.push('999999999999999');

    const tally = new ExportTally();
    amounts.forEach((amount, i) => {
      tally.add(leg(amount, i % 3 !== 0, i % 7 === 0 ? 'other' : 'coin'));
    });
    const summary = tally.summary();
    const of = (id: string, incoming: boolean) =>
      exactSum(amounts.filter((_, i) => (i % 7 === 0 ? 'other' : 'coin') === id && (i % 3 !== 0) === incoming));
    for (const id of ['coin', 'other']) {
      const totals = summary.instruments.find((t) => t.instrumentId === id);
      expect(totals?.totalIn).toBe(of(id, true));
      expect(totals?.totalOut).toBe(of(id, false));
    }
    expect(summary.legs).toBe(amounts.length);
  });

  it('keeps the scale of amounts that sum to zero', () => {
    const tally = new ExportTally();
    tally.add(leg('1.50', true));
    tally.add(leg('-1.50', true));
    expect(tally.summary().instruments[0].totalIn).toBe('0.00');
    expect(tally.summary().instruments[0].totalOut).toBe('0');
  });

  it('merging page tallies in order gives the tally of all legs, instruments in first-seen order', () => {
    const all = new ExportTally();
    const merged = new ExportTally();
    const ids = ['b', 'a', 'c', 'a', 'd', 'b'];
    for (let page = 0; page < 6; page++) {
      const part = new ExportTally();
      for (let i = 0; i < 50; i++) {
        const l = {
          ...leg(`${page}.${i}5`, i % 2 === 0, ids[(page + i) % ids.length]),
          effectiveAt: `2025-0${1 + page}-1${i % 10}T00:00:00Z`,
        };
        all.add(l);
        part.add(l);
      }
      merged.merge(part);
    }
    all.pages = merged.pages = 6;
    expect(merged.summary()).toEqual(all.summary());
  });
});
