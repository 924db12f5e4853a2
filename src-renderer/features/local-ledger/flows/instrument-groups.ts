// Rows of the analytics answers grouped per instrument, with exact totals (bigint decimals), and
// the labels and time texts the tables show.
import type { FlowBucket, InstrumentOfRow } from '../../../../src-shared/contract/local-ledger.ts';
import { addDecimal, type Decimal, decimalToString, parseDecimal, ZERO } from '../../../../src-shared/decimal.ts';

export const instrumentKey = (row: InstrumentOfRow) =>
  JSON.stringify([row.instrumentAdmin ?? null, row.instrumentId ?? null]);

export const instrumentLabel = (row: InstrumentOfRow) => row.symbol ?? row.instrumentId ?? '(no instrument)';

/** Rows of each instrument together, in the order the answer gave them. */
export function byInstrument<T extends InstrumentOfRow>(rows: readonly T[]): Array<{ key: string; rows: T[] }> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const key = instrumentKey(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return [...groups].map(([key, group]) => ({ key, rows: group }));
}

const exact = (text: string): Decimal => parseDecimal(text) ?? ZERO;

export interface FlowTotals {
  legsIn: number;
  legsOut: number;
  volumeIn: string;
  volumeOut: string;
  net: string;
}

/** The buckets' legs and volumes added up exactly. */
export function totalsOf(rows: ReadonlyArray<Pick<FlowBucket, 'legsIn' | 'legsOut' | 'volumeIn' | 'volumeOut'>>) {
  let legsIn = 0;
  let legsOut = 0;
  let volumeIn = ZERO;
  let volumeOut = ZERO;
  for (const r of rows) {
    legsIn += r.legsIn;
    legsOut += r.legsOut;
    volumeIn = addDecimal(volumeIn, exact(r.volumeIn));
    volumeOut = addDecimal(volumeOut, exact(r.volumeOut));
  }
  const net = addDecimal(volumeIn, { units: -volumeOut.units, scale: volumeOut.scale });
  return {
    legsIn,
    legsOut,
    volumeIn: decimalToString(volumeIn),
    volumeOut: decimalToString(volumeOut),
    net: decimalToString(net),
  } satisfies FlowTotals;
}

/** "2025-06-01 12:30:05 UTC" from the store's ISO text; the store keeps every time in UTC. */
export function utcText(iso: string | null): string {
  if (!iso) return '—';
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}

/** A bucket's start as the table shows it: the day, the week's Monday, or the month. */
export function bucketText(iso: string, bucket: 'day' | 'week' | 'month'): string {
  if (bucket === 'month') return iso.slice(0, 7);
  return bucket === 'week' ? `week of ${iso.slice(0, 10)}` : iso.slice(0, 10);
}
