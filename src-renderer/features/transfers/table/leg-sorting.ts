// How leg columns sort. Nulls sort last either way; amounts compare exactly as decimals.
import type { TransferLeg } from '../../../../src-shared/contract/transfers.ts';
import { type Decimal, parseDecimal, rescale } from '../../../../src-shared/decimal.ts';
import type { LegRow } from './leg-table-features.ts';

const compareNullable = <T>(a: T | null, b: T | null, compare: (x: T, y: T) => number): number => {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return compare(a, b);
};
export const byText = (a: LegRow, b: LegRow, id: string) =>
  compareNullable(a.getValue(id) as string | null, b.getValue(id) as string | null, (x, y) =>
    x < y ? -1 : x > y ? 1 : 0,
  );
export const byNumber = (a: LegRow, b: LegRow, id: string) =>
  compareNullable(a.getValue(id) as number | null, b.getValue(id) as number | null, (x, y) => x - y);
/** Parsed once per leg: sorting 100,000 legs compares about two million times. */
const parsedAmounts = new WeakMap<TransferLeg, Decimal | null>();
function amountOf(leg: TransferLeg): Decimal | null {
  let parsed = parsedAmounts.get(leg);
  if (parsed === undefined) {
    parsed = leg.amount === null ? null : parseDecimal(leg.amount);
    parsedAmounts.set(leg, parsed);
  }
  return parsed;
}
/** Amounts compared exactly as decimals (never as floats), across any number of decimals. */
export const byAmount = (a: LegRow, b: LegRow) =>
  compareNullable(amountOf(a.original), amountOf(b.original), (x, y) => {
    const scale = Math.max(x.scale, y.scale);
    const dx = x.scale === scale ? x.units : rescale(x, scale).units;
    const dy = y.scale === scale ? y.units : rescale(y, scale).units;
    return dx < dy ? -1 : dx > dy ? 1 : 0;
  });
export const byDirection = (a: LegRow, b: LegRow) => Number(a.original.isIncoming) - Number(b.original.isIncoming);
