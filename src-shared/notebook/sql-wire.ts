// A notebook query's bound values on a channel (docs/notebook.md, "The notebook screen"): the
// renderer binds with bindQuery (BoundValue, BigInt inside), the channel carries JSON-safe SqlParam
// (integers as decimal text: the browser version's bridge is JSON), main turns them back into
// BoundValue for the SQL process, which checks them again. Pure: no Node, no DOM.
import type { SqlParam } from '../contract/local-ledger.ts';
import { decimalToString } from '../decimal.ts';
import type { BoundValue } from './query-params.ts';

function toSqlParam(v: BoundValue): SqlParam {
  if (v.type === 'VARCHAR') return { type: 'VARCHAR', value: v.value };
  if (v.type === 'TIMESTAMP') return { type: 'TIMESTAMP', micros: v.micros.toString() };
  return { type: 'DECIMAL', units: v.units.toString(), width: v.width, scale: v.scale };
}

function fromSqlParam(v: SqlParam): BoundValue {
  if (v.type === 'VARCHAR') return { type: 'VARCHAR', value: v.value };
  if (v.type === 'TIMESTAMP') {
    const micros = BigInt(v.micros);
    const date = new Date(Number(micros / 1000n));
    return { type: 'TIMESTAMP', micros, iso: Number.isNaN(date.getTime()) ? v.micros : date.toISOString() };
  }
  const units = BigInt(v.units);
  return { type: 'DECIMAL', units, width: v.width, scale: v.scale, text: decimalToString({ units, scale: v.scale }) };
}

export const toSqlParams = (values: readonly BoundValue[]): SqlParam[] => values.map(toSqlParam);
export const fromSqlParams = (values: readonly SqlParam[]): BoundValue[] => values.map(fromSqlParam);
