// Flows over time: per instrument and UTC day/week (ISO, Monday)/month, legs and exact volumes in
// and out and the net, in one GROUP BY. Legs without a time cannot be placed in a bucket and are
// left out of flows (they still count in the counterparty totals).
import type { DuckDBConnection, DuckDBValue } from '@duckdb/node-api';
import type { FlowBucket } from '../../../../src-shared/contract/local-ledger.ts';
import { isoOf, readWithExactSums, SCALE_KEY, volumes } from '../store/exact-sums.ts';

export type Bucket = 'day' | 'week' | 'month';
const TRUNC: Record<Bucket, string> = { day: "'day'", week: "'week'", month: "'month'" };

export async function flowBuckets(
  connection: DuckDBConnection,
  where: { sql: string; params: DuckDBValue[] },
  bucket: Bucket,
): Promise<{ buckets: FlowBucket[]; inexactLegs: number }> {
  const rows = await readWithExactSums(
    connection,
    (sum) => `SELECT instrument_admin, instrument_id, any_value(symbol), any_value(decimals), ${SCALE_KEY} AS scale,
        date_trunc(${TRUNC[bucket]}, effective_ts) AS bucket_start, ${isoOf('bucket_start')},
        count(*) FILTER (WHERE is_incoming), count(*) FILTER (WHERE NOT is_incoming),
        ${sum('amount_units', 'is_incoming')}, ${sum('amount_units', 'NOT is_incoming')},
        count(*) FILTER (WHERE NOT amount_exact)
      FROM leg_rows WHERE ${where.sql} AND effective_ts IS NOT NULL
      GROUP BY instrument_admin, instrument_id, scale, bucket_start
      ORDER BY instrument_id NULLS LAST, instrument_admin NULLS LAST, scale, bucket_start`,
    where.params,
  );
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
