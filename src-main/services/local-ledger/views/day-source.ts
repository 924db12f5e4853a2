// What the counterparty ranking and the flows group: rows at the grain of the kept aggregates
// (store/kept-aggregates.ts). The whole UTC months of the query's range come from `leg_months`, its
// other whole UTC days from `leg_days`; the partial
// days at its edges (a range from 09:30) are the legs themselves, each a row of one leg, so an
// answer is the same as one over the legs alone, for any range. `aggregates: false` reads every leg
// so: what the exactness tests compare against.
import type { DuckDBValue } from '@duckdb/node-api';
import type { AnalyticsQuery } from '../../../../src-shared/contract/local-ledger.ts';
import { timeRange } from '../store/aggregate-levels.ts';
import { isoToMicros } from '../store/effective-time.ts';
import { dayCeil, dayStart, LEG_DAYS_COLUMNS, legsAsDays } from '../store/leg-days.ts';
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
  const parts: string[] = [];
  const params: DuckDBValue[] = [];
  /** One piece of the relation: `select` narrowed by the filter and `range` (parts and parameters). */
  const add = (
    select: (where: string) => string,
    where: string[],
    range: { parts: string[]; params: DuckDBValue[] },
  ) => {
    parts.push(select([filter.sql, ...where, ...range.parts].join(' AND ')));
    params.push(...filter.params, ...range.params);
  };
  const legs = (where: string) => legsAsDays(where);
  if (options.aggregates === false) {
    add(legs, [], timeRange('effective_ts', after, before));
    return { sql: `(${parts.join(' UNION ALL ')})`, params };
  }
  // Whole days [first, last) as day starts (empty when the range lies within one day), and of
  // them whole months [firstMonth, lastMonth) (empty when no month is whole in it). Undated legs
  // are in no bounded range.
  const first = after === null ? null : dayCeil(after);
  const last = before === null ? null : dayStart(before);
  const firstMonth = first === null ? null : monthCeil(first);
  const lastMonth = last === null ? null : monthStart(last);
  const bounded = first !== null || last !== null;
  const byMonth = options.bucket === undefined || options.bucket === 'month';
  const days = (where: string) => `SELECT ${LEG_DAYS_COLUMNS} FROM leg_days WHERE ${where}`;
  const dated = bounded ? ['day IS NOT NULL'] : [];
  if (byMonth && (firstMonth === null || lastMonth === null || firstMonth < lastMonth)) {
    const months = (where: string) => `SELECT ${LEG_MONTHS_AS_DAYS} FROM leg_months WHERE ${where}`;
    add(months, bounded ? ['month IS NOT NULL'] : [], timeRange('month', firstMonth, lastMonth, '::DATE'));
    // The whole days before the first whole month and after the last.
    if (first !== null && firstMonth !== null && first < firstMonth)
      add(days, dated, timeRange('day', first, firstMonth, '::DATE'));
    if (last !== null && lastMonth !== null && lastMonth < last)
      add(days, dated, timeRange('day', lastMonth, last, '::DATE'));
  } else {
    add(days, dated, timeRange('day', first, last, '::DATE'));
  }
  // The edges: the range's legs outside its whole days, as plain time ranges (a NOT around the
  // whole days made DuckDB read every leg of the range: 40 ms at a million legs for no row).
  for (const [from, to] of edges(after, before, first, last)) add(legs, [], timeRange('effective_ts', from, to));
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
