// Sums of HUGEINT amount units, exactly. DuckDB sums HUGEINT into HUGEINT and raises "Overflow in
// HUGEINT addition" when a sum passes 2^127; then the same query runs again with every sum over
// BIGNUM (arbitrary precision, exact). The fast path serves every realistic ledger; the slow one
// only exists so that no sum is ever wrong or refused. Sums leave DuckDB as text (::VARCHAR) and
// become bigints here: never a float.
import type { DuckDBConnection, DuckDBValue } from '@duckdb/node-api';
import { unitsToDecimal } from './stored-amount.ts';

/** Writes the sum of `expr` (HUGEINT) over the rows where `filter` holds, as text. */
export type SumOf = (expr: string, filter: string) => string;

const HUGEINT_SUM: SumOf = (expr, filter) => `coalesce(sum(${expr}) FILTER (WHERE ${filter}), 0)::VARCHAR`;
// Through HUGEINT: DuckDB casts HUGEINT to BIGNUM, not DECIMAL(38,0) (a lake's units, lake-store.ts).
const BIGNUM_SUM: SumOf = (expr, filter) =>
  `coalesce(sum((${expr})::HUGEINT::BIGNUM) FILTER (WHERE ${filter}), 0::BIGNUM)::VARCHAR`;

/** Runs the query that `build` writes with HUGEINT sums, and again with BIGNUM sums if one overflowed. */
export async function readWithExactSums(
  connection: DuckDBConnection,
  build: (sum: SumOf) => string,
  params: DuckDBValue[],
): Promise<unknown[][]> {
  try {
    return (await connection.runAndReadAll(build(HUGEINT_SUM), params)).getRows();
  } catch (error) {
    if (!/Overflow in HUGEINT/i.test((error as Error)?.message ?? '')) throw error;
    return (await connection.runAndReadAll(build(BIGNUM_SUM), params)).getRows();
  }
}

/** The scale a row's sums are at: the stored one, else the leg's decimals (an inexact leg has no stored scale). */
export const SCALE_KEY = 'coalesce(amount_scale, decimals, 18)';

/** Volume in, volume out and net of one row as exact decimal text. */
export function volumes(sumIn: unknown, sumOut: unknown, scale: number) {
  const units = { in: BigInt(sumIn as string), out: BigInt(sumOut as string) };
  return {
    units,
    volumeIn: unitsToDecimal(units.in, scale),
    volumeOut: unitsToDecimal(units.out, scale),
    net: unitsToDecimal(units.in - units.out, scale),
  };
}

/** An ISO text (UTC, milliseconds) of a TIMESTAMP expression, formatted by DuckDB. */
export const isoOf = (expr: string) => `strftime(${expr}, '%Y-%m-%dT%H:%M:%S.%fZ')`;
