// A notebook query's bound values (src-shared/notebook/query-params.ts) as DuckDB prepared
// parameters: each value with its type, so DuckDB never reads a value as SQL nor guesses its type
// (a time is a TIMESTAMP, a number an exact DECIMAL, never a DOUBLE). docs/notebook.md.
import {
  DECIMAL,
  type DuckDBType,
  type DuckDBValue,
  decimalValue,
  TIMESTAMP,
  timestampValue,
  VARCHAR,
} from '@duckdb/node-api';
import { type BoundValue, MAX_VALUE_CHARS } from '../../../../src-shared/notebook/query-params.ts';
import { refused } from './sql-guard.ts';

/** More values than a query file may declare (50) and the built-in names: not a notebook query's. */
export const MAX_PARAMS = 64;

/**
 * The SQL process's own check of the values it is handed (main's bindQuery made them, but the
 * process trusts no message): at most MAX_PARAMS, each of a known type and within the value budget.
 */
export function checkParams(params: unknown): BoundValue[] {
  if (params === undefined) return [];
  if (!Array.isArray(params)) throw refused('The values of a query come as a list.');
  if (params.length > MAX_PARAMS)
    throw refused(`A query takes at most ${MAX_PARAMS} values; this one has ${params.length}.`);
  params.forEach((p: Partial<Record<string, unknown>>, i) => {
    const ok =
      (p?.type === 'VARCHAR' &&
        typeof p.value === 'string' &&
        p.value.length <= MAX_VALUE_CHARS &&
        !p.value.includes('\0')) ||
      (p?.type === 'TIMESTAMP' && typeof p.micros === 'bigint') ||
      (p?.type === 'DECIMAL' &&
        typeof p.units === 'bigint' &&
        Number.isInteger(p.width) &&
        Number.isInteger(p.scale) &&
        (p.width as number) >= 1 &&
        (p.width as number) <= 38 &&
        (p.scale as number) >= 0 &&
        (p.scale as number) <= (p.width as number) &&
        (p.units as bigint) < 10n ** BigInt(p.width as number) &&
        (p.units as bigint) > -(10n ** BigInt(p.width as number)));
    if (!ok)
      throw refused(
        `Value $${i + 1} is not one a query takes (text up to ${MAX_VALUE_CHARS} characters, a time, an exact number).`,
      );
  });
  return params as BoundValue[];
}

/** values[n - 1] and types[n - 1] are `$n`'s. */
export function duckdbParams(params: readonly BoundValue[]): { values: DuckDBValue[]; types: DuckDBType[] } {
  const values: DuckDBValue[] = [];
  const types: DuckDBType[] = [];
  for (const p of params) {
    switch (p.type) {
      case 'VARCHAR':
        values.push(p.value);
        types.push(VARCHAR);
        break;
      case 'TIMESTAMP':
        values.push(timestampValue(p.micros));
        types.push(TIMESTAMP);
        break;
      case 'DECIMAL':
        values.push(decimalValue(p.units, p.width, p.scale));
        types.push(DECIMAL(p.width, p.scale));
        break;
    }
  }
  return { values, types };
}
