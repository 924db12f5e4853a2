// A notebook query's bound values on a channel (docs/notebook.md, "The notebook screen"): the
// renderer binds with bindQuery (BoundValue, BigInt inside), the channel carries JSON-safe SqlParam
// (integers as decimal text: the browser version's bridge is JSON), main turns them back into
// BoundValue for the SQL process, which checks them again. Pure: no Node, no DOM.
import type { SqlParam } from '../contract/local-ledger.ts';
import { decimalToString } from '../decimal.ts';
import type { BoundValue } from './query-params.ts';

export function toSqlParams(values: readonly BoundValue[]): SqlParam[] {
  return values.map((v) => {
    switch (v.type) {
      case 'VARCHAR':
        return { type: 'VARCHAR', value: v.value };
      case 'TIMESTAMP':
        return { type: 'TIMESTAMP', micros: v.micros.toString() };
      case 'DECIMAL':
        return { type: 'DECIMAL', units: v.units.toString(), width: v.width, scale: v.scale };
    }
  });
}

export function fromSqlParams(values: readonly SqlParam[]): BoundValue[] {
  return values.map((v): BoundValue => {
    switch (v.type) {
      case 'VARCHAR':
        return { type: 'VARCHAR', value: v.value };
      case 'TIMESTAMP': {
        const micros = BigInt(v.micros);
        const ms = Number(micros / 1000n);
        return { type: 'TIMESTAMP', micros, iso: Number.isFinite(ms) ? safeIso(ms) : v.micros };
      }
      case 'DECIMAL': {
        const units = BigInt(v.units);
        return {
          type: 'DECIMAL',
          units,
          width: v.width,
          scale: v.scale,
          text: decimalToString({ units, scale: v.scale }),
        };
      }
    }
  });
}

function safeIso(ms: number): string {
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? String(ms) : d.toISOString();
}
