// The export's row writer takes shortcuts for plain fields; every row must still be exactly the
// row csvField's rules give (quotes, formula guard, nulls), including hostile values.
import { describe, expect, it } from 'vitest';
import { csvField, csvRow, csvRows } from '../../../../src-main/services/export/csv.ts';
import { TRANSFER_LEG_FIELDS, type TransferLeg } from '../../../../src-shared/contract/transfers.ts';

const reference = (leg: TransferLeg) => `${TRANSFER_LEG_FIELDS.map((f) => csvField(leg[f])).join(',')}\r\n`;

const TRICKY = [
  '',
  'plain',
  'a,b',
  'say "hi"',
  'line\nbreak',
  'cr\rhere',
  '=1+1',
  '+1',
  '-1',
  '-12.50',
  '-abc',
  '@SUM(A1)',
  '\tTAB',
  '\rstart',
  '<script>alert(1)</script>',
  'émoji 💸',
  '12.000000000000000001',
  '0',
];

const PLAIN_LEG: TransferLeg = {
  updateId: '1220ab::7',
  effectiveAt: '2025-03-01T12:00:00.123456Z',
  instrumentAdmin: 'admin::1220ff',
  instrumentId: 'USDX',
  symbol: 'USDX',
  decimals: 6,
  amount: '1200.000001',
  senderParty: 'alice::1220aa',
  receiverParty: 'bob::1220bb',
  counterparty: 'bob::1220bb',
  isIncoming: false,
  status: 'completed',
};

function* legs(): Generator<TransferLeg> {
  // A plain row (the fast path), then each field of it made hostile on its own.
  yield PLAIN_LEG;
  for (const field of TRANSFER_LEG_FIELDS) {
    for (const text of TRICKY) yield { ...PLAIN_LEG, [field]: text };
    yield { ...PLAIN_LEG, [field]: null };
  }
  yield { ...PLAIN_LEG, decimals: -3 };
  yield { ...PLAIN_LEG, isIncoming: true };
  let k = 0;
  for (const text of TRICKY) {
    for (const nullable of [text, null]) {
      k++;
      yield {
        updateId: nullable,
        effectiveAt: TRICKY[k % TRICKY.length],
        instrumentAdmin: TRICKY[(k * 3) % TRICKY.length],
        instrumentId: nullable,
        symbol: TRICKY[(k * 5) % TRICKY.length],
        decimals: k % 3 === 0 ? null : k - 20,
        amount: TRICKY[(k * 7) % TRICKY.length],
        senderParty: nullable,
        receiverParty: TRICKY[(k * 11) % TRICKY.length],
        counterparty: null,
        isIncoming: k % 2 === 0,
        status: text,
      };
    }
  }
}

describe('csvRow', () => {
  it('is the row of csvField for every field, hostile values included', () => {
    const all = [...legs()];
    for (const leg of all) expect(csvRow(leg)).toBe(reference(leg));
    expect(csvRows(all)).toBe(all.map(reference).join(''));
  });
});
