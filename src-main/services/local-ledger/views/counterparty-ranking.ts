// The counterparty ranking: one GROUP BY over the party's rows at the aggregates' grain in the range
// (day-source.ts: the kept days and the range's partial days), per counterparty, instrument and
// amount scale; the grouped rows (one per counterparty and instrument, never one per leg) are then
// ranked here exactly with bigints: by volume in + out within an instrument, ties by counterparty.
import type { DuckDBConnection } from '@duckdb/node-api';
import type { CounterpartyRow } from '../../../../src-shared/contract/local-ledger.ts';
import { isoOf, volumes } from '../store/exact-sums.ts';
import { unitsOf } from '../store/leg-days.ts';
import type { SqlWhere } from './leg-filters-sql.ts';

/** `source`: a relation with leg_days' columns (day-source.ts). */
export async function rankCounterparties(
  connection: DuckDBConnection,
  source: SqlWhere,
): Promise<{ rows: CounterpartyRow[]; inexactLegs: number }> {
  // Grouped by direction too (two rows per pair, merged below). The sums of the units' two parts
  // never overflow (leg-days.ts), so there is no second, slower query.
  const read = await connection.runAndReadAll(
    `SELECT counterparty, instrument_admin, instrument_id, min(symbol), min(decimals), scale,
        is_incoming, sum(legs), sum(units_hi)::VARCHAR, sum(units_lo)::VARCHAR, ${isoOf('min(first_ts)')}, ${isoOf('max(last_ts)')},
        sum(inexact_legs)
      FROM ${source.sql} AS s
      GROUP BY counterparty, instrument_admin, instrument_id, scale, is_incoming`,
    source.params,
  );
  const rows = read.getRows().map((r) => [...r.slice(0, 8), unitsOf(r[8], r[9]).toString(), r[10], r[11], r[12]]);
  let inexactLegs = 0;
  const pairs = new Map<string, { r: unknown[]; in: unknown[] | null; out: unknown[] | null }>();
  for (const r of rows) {
    inexactLegs += Number(r[11]);
    const key = JSON.stringify(r.slice(0, 3).concat(r[5]));
    const pair = pairs.get(key) ?? { r, in: null, out: null };
    pair[r[6] ? 'in' : 'out'] = r;
    pairs.set(key, pair);
  }
  const ranked = [...pairs.values()].map(({ r, in: rin, out: rout }) => {
    const scale = Number(r[5]);
    const v = volumes(rin?.[8] ?? '0', rout?.[8] ?? '0', scale);
    const times = [rin, rout].filter((x) => x !== null);
    const row: CounterpartyRow = {
      counterparty: r[0] as string | null,
      instrumentAdmin: r[1] as string | null,
      instrumentId: r[2] as string | null,
      symbol: r[3] as string | null,
      decimals: r[4] as number | null,
      legsIn: Number(rin?.[7] ?? 0),
      legsOut: Number(rout?.[7] ?? 0),
      volumeIn: v.volumeIn,
      volumeOut: v.volumeOut,
      net: v.net,
      // ISO text in UTC sorts as time: the smaller text is the earlier time.
      firstSeen: earliest(times.map((x) => x[9] as string | null)),
      lastSeen: latest(times.map((x) => x[10] as string | null)),
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

const present = (texts: (string | null)[]) => texts.filter((t): t is string => t !== null).sort();
const earliest = (texts: (string | null)[]) => present(texts)[0] ?? null;
const latest = (texts: (string | null)[]) => present(texts).at(-1) ?? null;
