// The export's row writer takes shortcuts for plain fields; every row must still be exactly the
// row the one cell rule gives (csvCell: quotes, formula guard, nulls), including hostile values.
import { describe, expect, it } from 'vitest';
import { csvCell } from '../../../../../src-main/files/csv-cell.ts';
import {
  csvRow,
  csvRows,
  jsonLine,
  type PartyLabels,
} from '../../../../../src-main/services/local-ledger/export/csv.ts';
import { TRANSFER_LEG_FIELDS, type TransferLeg } from '../../../../../src-shared/contract/transfers.ts';

/** The 12 fields, then the labels of sender and receiver (empty when the party is not saved). */
const reference = (leg: TransferLeg, labels: PartyLabels = new Map()) =>
  `${[
    ...TRANSFER_LEG_FIELDS.map((f) => leg[f]),
    (leg.senderParty !== null && labels.get(leg.senderParty)) || null,
    (leg.receiverParty !== null && labels.get(leg.receiverParty)) || null,
  ]
    .map((cell) => csvCell(cell))
    .join(',')}\r\n`;

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
  "'=1+1",
  "''@x",
  "'plain",
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
  it('is the row of csvCell for every field, hostile values included', () => {
    const all = [...legs()];
    for (const leg of all) expect(csvRow(leg)).toBe(reference(leg));
    expect(csvRows(all)).toBe(all.map((leg) => reference(leg)).join(''));
  });

  it('adds the labels of sender and receiver from the address book, guarded like any field', () => {
    // Every tricky text as a label, on the sender and the receiver in turn.
    for (const text of TRICKY.filter((t) => t !== '')) {
      const labels: PartyLabels = new Map([
        [PLAIN_LEG.senderParty as string, text],
        [PLAIN_LEG.receiverParty as string, `${text} 2`],
      ]);
      const all = [...legs()];
      for (const leg of all) expect(csvRow(leg, labels)).toBe(reference(leg, labels));
    }
    expect(csvRow(PLAIN_LEG, new Map([['alice::1220aa', 'Alice desk']]))).toMatch(/,completed,Alice desk,\r\n$/);
  });

  it('JSON Lines carry senderLabel and receiverLabel, null when not saved', () => {
    const line = JSON.parse(jsonLine(PLAIN_LEG, new Map([['bob::1220bb', 'Bob "B"']])));
    expect(line).toEqual({ ...PLAIN_LEG, senderLabel: null, receiverLabel: 'Bob "B"' });
  });
});
