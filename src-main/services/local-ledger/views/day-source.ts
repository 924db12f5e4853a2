// What the counterparty ranking and the flows group: rows at the grain of the kept aggregates
// (store/kept-aggregates.ts). The whole UTC months of the query's range come from `leg_months`, its
// other whole UTC days from `leg_days`; the partial
// days at its edges (a range from 09:30) are the legs themselves, each a row of one leg, so an
// answer is the same as one over the legs alone, for any range. `aggregates: false` reads every leg
// so: what the exactness tests compare against.
import type { DuckDBValue } from '@duckdb/node-api';
import type { AnalyticsQuery } from '../../../../src-shared/contract/local-ledger.ts';
import { isoToMicros } from '../store/effective-time.ts';
import { dayCeil, dayStart, LEG_DAYS_COLUMNS, legsAsDays, ts } from '../store/leg-days.ts';
import { LEG_MONTHS_AS_DAYS, monthCeil, monthStart } from '../store/leg-months.ts';
import type { ScopeData } from '../store/party-scope.ts';
import { analyticsFilter, type SqlWhere } from './leg-filters-sql.ts';

export interface DaySourceOptions {
  /** The one counterparty of a relationship (its legs with a portfolio's members kept). */
  counterparty?: string;
  /** false: group every leg, read no aggregate (the reference the aggregates are checked against). */
  aggregates?: boolean;
  /** The buckets the caller groups by (flows): months are read only for month buckets, or none. */
  bucket?: 'day' | 'week' | 'month';
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
  // Whole days [first, last) as day starts (empty when the range lies within one day), and of
  // them whole months [firstMonth, lastMonth) (empty when no month is whole in it).
  const first = after === null ? null : dayCeil(after);
  const last = before === null ? null : dayStart(before);
  const firstMonth = first === null ? null : monthCeil(first);
  const lastMonth = last === null ? null : monthStart(last);
  const byMonth = options.bucket === undefined || options.bucket === 'month';
  const months = byMonth && (firstMonth === null || lastMonth === null || firstMonth < lastMonth);
  const parts: string[] = [];
  const params: DuckDBValue[] = [];
  const add = (sql: string, where: string[], bound: DuckDBValue[]) => {
    parts.push(`${sql} WHERE ${[filter.sql, ...where].join(' AND ')}`);
    params.push(...filter.params, ...bound);
  };
  const dated = first !== null || last !== null ? ['day IS NOT NULL'] : []; // undated legs are in no range
  if (months) {
    const where = [...(first !== null || last !== null ? ['month IS NOT NULL'] : [])];
    const bound: DuckDBValue[] = [];
    if (firstMonth !== null) {
      where.push('month >= ?::DATE');
      bound.push(ts(firstMonth));
    }
    if (lastMonth !== null) {
      where.push('month < ?::DATE');
      bound.push(ts(lastMonth));
    }
    add(`SELECT ${LEG_MONTHS_AS_DAYS} FROM leg_months`, where, bound);
    // The whole days before the first whole month and after the last.
    if (first !== null && firstMonth !== null && first < firstMonth) {
      add(
        `SELECT ${LEG_DAYS_COLUMNS} FROM leg_days`,
        [...dated, 'day >= ?::DATE', 'day < ?::DATE'],
        [ts(first), ts(firstMonth)],
      );
    }
    if (last !== null && lastMonth !== null && lastMonth < last) {
      add(
        `SELECT ${LEG_DAYS_COLUMNS} FROM leg_days`,
        [...dated, 'day >= ?::DATE', 'day < ?::DATE'],
        [ts(lastMonth), ts(last)],
      );
    }
  } else {
    const where = [...dated];
    const bound: DuckDBValue[] = [];
    if (first !== null) {
      where.push('day >= ?::DATE');
      bound.push(ts(first));
    }
    if (last !== null) {
      where.push('day < ?::DATE');
      bound.push(ts(last));
    }
    add(`SELECT ${LEG_DAYS_COLUMNS} FROM leg_days`, where, bound);
  }
  // The edges: the range's legs outside its whole days, as plain time ranges (a NOT around the
  // whole days made DuckDB read every leg of the range: 40 ms at a million legs for no row).
  for (const [from, to] of edges(after, before, first, last)) {
    const where = [filter.sql];
    const bound: DuckDBValue[] = [...filter.params];
    if (from !== null) {
      where.push('effective_ts >= ?');
      bound.push(ts(from));
    }
    if (to !== null) {
      where.push('effective_ts < ?');
      bound.push(ts(to));
    }
    parts.push(legsAsDays(where.join(' AND ')));
    params.push(...bound);
  }
  return { sql: `(${parts.join(' UNION ALL ')})`, params };
}

/**
 * The partial days of [after, before) as time ranges: before its first whole day and after its last
 * (`first`, `last`: the whole days' bounds); the whole range when it holds no whole day. None when
 * both ends fall on midnights, or the range is open at both.
 */
function edges(
  after: bigint | null,
  before: bigint | null,
  first: bigint | null,
  last: bigint | null,
): Array<[bigint | null, bigint | null]> {
  if (first !== null && last !== null && first > last) return [[after, before]];
  const found: Array<[bigint | null, bigint | null]> = [];
  if (after !== null && first !== null && after < first) found.push([after, first]);
  if (before !== null && last !== null && last < before) found.push([last, before]);
  return found;
}
