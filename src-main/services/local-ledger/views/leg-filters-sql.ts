// The local table's filters as one SQL WHERE clause with bound parameters (never spliced text), so
// the table, its count, the analytics and the export all select exactly the same legs; the table's
// sort columns as SQL, and the analytics' WHERE. Pure SQL builders: the SQL process loads them.
import type { DuckDBValue } from '@duckdb/node-api';
import { DuckDBTimestampValue } from '@duckdb/node-api';
import type {
  AnalyticsQuery,
  InstrumentKey,
  LocalLegFilters,
  LocalLegsQuery,
  TimeRange,
} from '../../../../src-shared/contract/local-ledger.ts';
import { isoToMicros } from '../store/effective-time.ts';
import type { ScopeData } from '../store/party-scope.ts';
import { boundToUnits } from '../store/stored-amount.ts';

export interface SqlWhere {
  /** `party = ? AND ...`, to follow WHERE (`true` when nothing narrows it). */
  sql: string;
  params: DuckDBValue[];
}

/**
 * `scope`: the parties read (sql-scope.ts, resolveViewScope; undefined: every party in the store).
 * `scales`: every amount scale stored for them (a handful); an amount bound is compared with units
 * exactly, per scale, instead of as a float.
 */
export function legFilterSql(
  scope: ScopeData | undefined,
  filters: LocalLegFilters,
  scales: readonly number[],
): SqlWhere {
  const parts: string[] = [];
  const params: DuckDBValue[] = [];
  addScope(parts, params, scope);
  addRange(parts, params, filters.range);
  addInstruments(parts, params, filters.instruments);
  if (filters.direction) parts.push(filters.direction === 'in' ? 'is_incoming' : 'NOT is_incoming');
  if (filters.statuses && filters.statuses.length > 0) {
    parts.push(`status IN (${filters.statuses.map(() => '?').join(', ')})`);
    params.push(...filters.statuses);
  }
  if (filters.counterparty) {
    parts.push('counterparty = ?');
    params.push(filters.counterparty);
  }
  for (const [bound, side] of [
    [filters.amountMin, 'min'],
    [filters.amountMax, 'max'],
  ] as const) {
    if (bound === null) continue;
    // Legs whose amount is not exact cannot be compared exactly: a bound leaves them out.
    const perScale = scales.map((scale) => {
      params.push(scale, boundToUnits(bound, scale, side));
      return `(amount_scale = ? AND amount_units ${side === 'min' ? '>=' : '<='} ?)`;
    });
    parts.push(perScale.length > 0 ? `(${perScale.join(' OR ')})` : 'false');
  }
  if (filters.search) {
    const needle = `%${filters.search.replace(/[\\%_]/g, (c) => `\\${c}`).toLowerCase()}%`;
    const columns = [
      'update_id',
      'sender_party',
      'receiver_party',
      'counterparty',
      'instrument_admin',
      'instrument_id',
      'symbol',
      'status',
    ];
    parts.push(`(${columns.map((c) => `lower(${c}) LIKE ? ESCAPE '\\'`).join(' OR ')})`);
    for (const _ of columns) params.push(needle);
  }
  return whereOf(parts, params);
}

/**
 * The scope's parties as bound values (`party = ?` for one, so DuckDB prunes as before). `external`:
 * under a portfolio, legs between two of its members are left out (a portfolio's totals are its
 * dealings with the outside world). Nothing when `scope` is undefined (every party).
 */
export function addScope(
  parts: string[],
  params: DuckDBValue[],
  scope: ScopeData | undefined,
  options: { external?: boolean } = {},
): void {
  if (!scope) return;
  const marks = scope.parties.map(() => '?').join(', ');
  parts.push(scope.parties.length === 1 ? 'party = ?' : `party IN (${marks})`);
  params.push(...scope.parties);
  if (scope.portfolio && options.external) {
    parts.push(`(counterparty IS NULL OR counterparty NOT IN (${marks}))`);
    params.push(...scope.parties);
  }
}

/** Conditions joined with AND; none: `true` (every leg). */
export function whereOf(parts: string[], params: DuckDBValue[]): SqlWhere {
  return { sql: parts.length > 0 ? parts.join(' AND ') : 'true', params };
}

/** A WHERE clause that is only a scope (or `true`: every party). */
export function scopeWhere(scope: ScopeData | undefined): SqlWhere {
  const parts: string[] = [];
  const params: DuckDBValue[] = [];
  addScope(parts, params, scope);
  return whereOf(parts, params);
}

export function addRange(parts: string[], params: DuckDBValue[], range: TimeRange): void {
  if (range.after) {
    parts.push('effective_ts >= ?');
    params.push(new DuckDBTimestampValue(isoToMicros(range.after)));
  }
  if (range.before) {
    parts.push('effective_ts < ?');
    params.push(new DuckDBTimestampValue(isoToMicros(range.before)));
  }
}

export function addInstruments(
  parts: string[],
  params: DuckDBValue[],
  instruments: readonly InstrumentKey[] | null,
): void {
  if (instruments === null) return;
  if (instruments.length === 0) {
    parts.push('false');
    return;
  }
  parts.push(
    `(${instruments
      .map((i) => {
        params.push(i.admin, i.id);
        return '(instrument_admin IS NOT DISTINCT FROM ? AND instrument_id IS NOT DISTINCT FROM ?)';
      })
      .join(' OR ')})`,
  );
}

/** Sort columns of the table as SQL: the time by its TIMESTAMP, the amount by its exact value. */
export const SORT_SQL: Record<LocalLegsQuery['sort']['column'], string> = {
  effectiveAt: 'effective_ts',
  updateId: 'update_id',
  symbol: 'symbol',
  instrumentId: 'instrument_id',
  // The exact value across decimals (store-schema.ts); amounts kept as text only sort after all others.
  amount: 'amount_whole, amount_frac',
  senderParty: 'sender_party',
  receiverParty: 'receiver_party',
  counterparty: 'counterparty',
  isIncoming: 'is_incoming',
  status: 'status',
};

/** Every amount scale stored for the scope's parties (a handful): exact amount bounds compare per scale. */
export async function scalesOf(
  connection: { runAndReadAll: (sql: string, params: DuckDBValue[]) => Promise<{ getRows(): unknown[][] }> },
  scope: ScopeData | undefined,
): Promise<number[]> {
  const where = scopeWhere(scope);
  const r = await connection.runAndReadAll(
    `SELECT DISTINCT amount_scale FROM leg_rows WHERE ${where.sql} AND amount_scale IS NOT NULL`,
    where.params,
  );
  return r.getRows().map((row) => Number(row[0]));
}

/**
 * The WHERE clause of an analytics query: the parties (`scope`, resolved: view-scope.ts), the time
 * range, the instruments (and one counterparty). The ranking and the flows of a portfolio leave its
 * internal legs out; the relationship with one counterparty keeps every leg with it.
 */
export function analyticsWhere(query: AnalyticsQuery, scope: ScopeData | undefined, counterparty?: string): SqlWhere {
  const filter = analyticsFilter(query, scope, counterparty);
  const parts = filter.sql === 'true' ? [] : [filter.sql];
  const params = [...filter.params];
  addRange(parts, params, { after: query.range.after ?? null, before: query.range.before ?? null });
  return whereOf(parts, params);
}

/**
 * analyticsWhere without the time range: columns the kept aggregates have too (party, counterparty,
 * instrument), so it narrows leg_days and leg_rows alike (day-source.ts).
 */
export function analyticsFilter(query: AnalyticsQuery, scope: ScopeData | undefined, counterparty?: string): SqlWhere {
  const parts: string[] = [];
  const params: DuckDBValue[] = [];
  addScope(parts, params, scope, { external: counterparty === undefined });
  addInstruments(parts, params, query.instruments ?? null);
  if (counterparty !== undefined) {
    parts.push('counterparty = ?');
    params.push(counterparty);
  }
  return whereOf(parts, params);
}
