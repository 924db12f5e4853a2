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
import type { BoundValue } from '../../../../src-shared/notebook/query-params.ts';

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
