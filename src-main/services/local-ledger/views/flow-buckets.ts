// Flows over time: per instrument and UTC day/week (ISO, Monday)/month, legs and exact volumes in
// and out and the net, in one GROUP BY over rows at the aggregates' grain (day-source.ts). Legs
// without a time cannot be placed in a bucket and are left out of flows (they still count in the
// counterparty totals).
import type { DuckDBConnection } from '@duckdb/node-api';
import type { FlowBucket } from '../../../../src-shared/contract/local-ledger.ts';
import { isoOf, volumes } from '../store/exact-sums.ts';
import { unitsOf } from '../store/leg-days.ts';
import type { SqlWhere } from './leg-filters-sql.ts';

export type Bucket = 'day' | 'week' | 'month';
const TRUNC: Record<Bucket, string> = { day: "'day'", week: "'week'", month: "'month'" };

/** `source`: a relation with leg_days' columns (day-source.ts). */
export async function flowBuckets(
  connection: DuckDBConnection,
  source: SqlWhere,
  bucket: Bucket,
): Promise<{ buckets: FlowBucket[]; inexactLegs: number }> {
  const read = await connection.runAndReadAll(
    `SELECT instrument_admin, instrument_id, min(symbol), min(decimals), scale,
        date_trunc(${TRUNC[bucket]}, day)::TIMESTAMP AS bucket_start, ${isoOf('bucket_start')},
        coalesce(sum(legs) FILTER (WHERE is_incoming), 0), coalesce(sum(legs) FILTER (WHERE NOT is_incoming), 0),
        coalesce(sum(units_hi) FILTER (WHERE is_incoming), 0)::VARCHAR, coalesce(sum(units_lo) FILTER (WHERE is_incoming), 0)::VARCHAR,
        coalesce(sum(units_hi) FILTER (WHERE NOT is_incoming), 0)::VARCHAR, coalesce(sum(units_lo) FILTER (WHERE NOT is_incoming), 0)::VARCHAR,
        sum(inexact_legs)
      FROM ${source.sql} AS s WHERE day IS NOT NULL
      GROUP BY instrument_admin, instrument_id, scale, bucket_start
      ORDER BY instrument_id NULLS LAST, instrument_admin NULLS LAST, scale, bucket_start`,
    source.params,
  );
  const rows = read
    .getRows()
    .map((r) => [...r.slice(0, 9), unitsOf(r[9], r[10]).toString(), unitsOf(r[11], r[12]).toString(), r[13]]);
  let inexactLegs = 0;
  const buckets = rows.map((r): FlowBucket => {
    inexactLegs += Number(r[11]);
    const v = volumes(r[9], r[10], Number(r[4]));
    return {
      instrumentAdmin: r[0] as string | null,
      instrumentId: r[1] as string | null,
      symbol: r[2] as string | null,
      decimals: r[3] as number | null,
      start: r[6] as string,
      legsIn: Number(r[7]),
      legsOut: Number(r[8]),
      volumeIn: v.volumeIn,
      volumeOut: v.volumeOut,
      net: v.net,
    };
  });
  return { buckets, inexactLegs };
}
