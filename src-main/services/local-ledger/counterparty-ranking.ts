// The counterparty ranking: one GROUP BY over the party's legs in the range, per counterparty,
// instrument and amount scale; the grouped rows (one per counterparty and instrument, never one
// per leg) are then ranked here exactly with bigints: by volume in + out within an instrument,
// ties by counterparty.
import type { DuckDBConnection, DuckDBValue } from '@duckdb/node-api';
import type { CounterpartyRow } from '../../../src-shared/contract/local-ledger.ts';
import { readWithExactSums, SCALE_KEY, volumes } from './exact-sums.ts';

/** `where`: a WHERE clause over leg_rows (party, range, instruments, maybe one counterparty). */
export async function rankCounterparties(
  connection: DuckDBConnection,
  where: { sql: string; params: DuckDBValue[] },
): Promise<{ rows: CounterpartyRow[]; inexactLegs: number }> {
  const rows = await readWithExactSums(
    connection,
    (
      sum,
    ) => `SELECT counterparty, instrument_admin, instrument_id, any_value(symbol), any_value(decimals), ${SCALE_KEY} AS scale,
        count(*) FILTER (WHERE is_incoming), count(*) FILTER (WHERE NOT is_incoming),
        ${sum('amount_units', 'is_incoming')}, ${sum('amount_units', 'NOT is_incoming')},
        arg_min(effective_at, effective_ts), arg_max(effective_at, effective_ts),
        count(*) FILTER (WHERE NOT amount_exact)
      FROM leg_rows WHERE ${where.sql}
      GROUP BY counterparty, instrument_admin, instrument_id, scale`,
    where.params,
  );
  let inexactLegs = 0;
  const ranked = rows.map((r) => {
    inexactLegs += Number(r[12]);
    const scale = Number(r[5]);
    const v = volumes(r[8], r[9], scale);
    const row: CounterpartyRow = {
      counterparty: r[0] as string | null,
      instrumentAdmin: r[1] as string | null,
      instrumentId: r[2] as string | null,
      symbol: r[3] as string | null,
      decimals: r[4] as number | null,
      legsIn: Number(r[6]),
      legsOut: Number(r[7]),
      volumeIn: v.volumeIn,
      volumeOut: v.volumeOut,
      net: v.net,
      firstSeen: (r[10] as string | null) ?? null,
      lastSeen: (r[11] as string | null) ?? null,
    };
    return { row, scale, total: v.units.in + v.units.out };
  });
  const maxScale = Math.max(0, ...ranked.map((r) => r.scale));
  // Rows of one instrument at different scales compare at the largest one, exactly.
  const size = (r: (typeof ranked)[number]) => r.total * 10n ** BigInt(maxScale - r.scale);
  ranked.sort(
    (a, b) =>
      compareText(instrumentKey(a.row), instrumentKey(b.row)) ||
      (size(a) > size(b) ? -1 : size(a) < size(b) ? 1 : 0) ||
      compareText(a.row.counterparty, b.row.counterparty),
  );
  return { rows: ranked.map((r) => r.row), inexactLegs };
}

const instrumentKey = (row: CounterpartyRow) =>
  `${row.instrumentId ?? '\uffff'}\u0000${row.instrumentAdmin ?? '\uffff'}`;

/** Code-point order (the same on every machine), nulls last. */
function compareText(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}
