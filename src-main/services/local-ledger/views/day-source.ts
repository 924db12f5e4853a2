// What the counterparty ranking and the flows group: rows at the grain of the kept aggregates
// (store/leg-days.ts). The whole UTC days of the query's range come from `leg_days`; the partial
// days at its edges (a range from 09:30) are the legs themselves, each a row of one leg, so an
// answer is the same as one over the legs alone, for any range. `aggregates: false` reads every leg
// so: what the exactness tests compare against.
import { DuckDBTimestampValue, type DuckDBValue } from '@duckdb/node-api';
import type { AnalyticsQuery } from '../../../../src-shared/contract/local-ledger.ts';
import { isoToMicros } from '../store/effective-time.ts';
import { dayCeil, dayStart, LEG_DAYS_COLUMNS, legsAsDays } from '../store/leg-days.ts';
import type { ScopeData } from '../store/party-scope.ts';
import { analyticsFilter, type SqlWhere } from './leg-filters-sql.ts';

export interface DaySourceOptions {
  /** The one counterparty of a relationship (its legs with a portfolio's members kept). */
  counterparty?: string;
  /** false: group every leg, read no aggregate (the reference the aggregates are checked against). */
  aggregates?: boolean;
}

/** A relation (parenthesised SELECT, bound parameters beside it) with leg_days' columns. */
export function daySource(
  query: AnalyticsQuery,
  scope: ScopeData | undefined,
  options: DaySourceOptions = {},
): SqlWhere {
  const filter = analyticsFilter(query, scope, options.counterparty);
  const after = query.range.after ? isoToMicros(query.range.after) : null;
  const before = query.range.before ? isoToMicros(query.range.before) : null;
  const ts = (micros: bigint) => new DuckDBTimestampValue(micros);
  const legRange: string[] = [];
  const legParams: DuckDBValue[] = [];
  if (after !== null) {
    legRange.push('effective_ts >= ?');
    legParams.push(ts(after));
  }
  if (before !== null) {
    legRange.push('effective_ts < ?');
    legParams.push(ts(before));
  }
  if (options.aggregates === false) {
    return {
      sql: `(${legsAsDays([filter.sql, ...legRange].join(' AND '))})`,
      params: [...filter.params, ...legParams],
    };
  }
  // Whole days: [first, last) as day starts; empty when the range lies within one day.
  const first = after === null ? null : dayCeil(after);
  const last = before === null ? null : dayStart(before);
  const days: string[] = [];
  const dayParams: DuckDBValue[] = [];
  if (first !== null || last !== null) days.push('day IS NOT NULL'); // undated legs are in no range
  if (first !== null) {
    days.push('day >= ?::DATE');
    dayParams.push(ts(first));
  }
  if (last !== null) {
    days.push('day < ?::DATE');
    dayParams.push(ts(last));
  }
  const kept = `SELECT ${LEG_DAYS_COLUMNS} FROM leg_days WHERE ${[filter.sql, ...days].join(' AND ')}`;
  if (first === null && last === null) return { sql: `(${kept})`, params: [...filter.params, ...dayParams] };
  // The edges: the range's legs outside its whole days.
  const whole: string[] = [];
  const wholeParams: DuckDBValue[] = [];
  if (first !== null) {
    whole.push('effective_ts >= ?');
    wholeParams.push(ts(first));
  }
  if (last !== null) {
    whole.push('effective_ts < ?');
    wholeParams.push(ts(last));
  }
  const edges = legsAsDays([filter.sql, ...legRange, `NOT (${whole.join(' AND ')})`].join(' AND '));
  return {
    sql: `(${kept} UNION ALL ${edges})`,
    params: [...filter.params, ...dayParams, ...filter.params, ...legParams, ...wholeParams],
  };
}
