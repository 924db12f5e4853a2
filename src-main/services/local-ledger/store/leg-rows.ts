// Legs in and out of the store's row form: the 12 fields as sent plus the derived columns
// (store-schema.ts). Written with DuckDB's appender (a page of 1000 legs in well under a millisecond).
import {
  BIGINT,
  BOOLEAN,
  type DuckDBConnection,
  DuckDBDataChunk,
  DuckDBTimestampValue,
  type DuckDBType,
  type DuckDBValue,
  HUGEINT,
  INTEGER,
  TIMESTAMP,
  VARCHAR,
} from '@duckdb/node-api';
import type { LocalLeg } from '../../../../src-shared/contract/local-ledger.ts';
import type { TransferLeg } from '../../../../src-shared/contract/transfers.ts';
import { effectiveMicros } from './effective-time.ts';
import { storedAmount } from './stored-amount.ts';
import { writeVarcharColumn } from './varchar-column.ts';

/** The columns of leg_rows (store-schema.ts), in order. */
const LEG_TYPES: DuckDBType[] = [
  VARCHAR, // party
  VARCHAR, // update_id
  VARCHAR, // effective_at
  TIMESTAMP, // effective_ts
  VARCHAR, // instrument_admin
  VARCHAR, // instrument_id
  VARCHAR, // symbol
  INTEGER, // decimals
  VARCHAR, // amount
  HUGEINT, // amount_units
  INTEGER, // amount_scale
  BOOLEAN, // amount_exact
  HUGEINT, // amount_whole
  HUGEINT, // amount_frac
  VARCHAR, // sender_party
  VARCHAR, // receiver_party
  VARCHAR, // counterparty
  BOOLEAN, // is_incoming
  VARCHAR, // status
  BIGINT, // seq
];
/** DuckDB's vector size: a data chunk holds at most this many rows. */
const CHUNK_ROWS = 2048;

/**
 * Appends `legs` (of `party`) to `table`; `runId` only for the staging table. Column by column in
 * data chunks: about half the cost of the appender's one call per value; the string columns with
 * one call per distinct long string (varchar-column.ts). The appender's calls are
 * synchronous on this thread, so the legs go in one chunk (2,048 legs, ~15 ms here) at a time, each
 * flushed, with the event loop let through between chunks: a batch of 20,000 legs in one go held
 * main for 150 ms (p99 of its event-loop lag during a sync; docs/performance.md).
 */
export async function appendLegs(
  connection: DuckDBConnection,
  runId: bigint,
  party: string,
  legs: readonly TransferLeg[],
  firstSeq: bigint,
): Promise<void> {
  const appender = await connection.createAppender('leg_store');
  try {
    const chunk = reusableChunk();
    for (let offset = 0; offset < legs.length; offset += CHUNK_ROWS) {
      if (offset > 0) await new Promise<void>((resolve) => setImmediate(resolve));
      const part = legs.slice(offset, offset + CHUNK_ROWS);
      const columns = legColumns(party, part, firstSeq + BigInt(offset));
      // No await between filling, appending and flushing: the one chunk is never shared by two calls.
      chunk.reset();
      chunk.rowCount = part.length;
      chunk.setColumnValues(
        0,
        part.map(() => runId),
      );
      for (let c = 0; c < columns.length; c++) {
        if (LEG_TYPES[c] === VARCHAR) writeVarcharColumn(chunk.chunk, c + 1, columns[c] as (string | null)[]);
        else chunk.setColumnValues(c + 1, columns[c]);
      }
      appender.appendDataChunk(chunk);
      appender.flushSync();
    }
  } finally {
    appender.closeSync();
  }
}

/**
 * One data chunk for every append: a chunk's native memory is freed only by its finalizer, which
 * V8 runs rarely (it does not see that memory), so a new chunk per 2,048 legs held ~300 MB more
 * during a million-leg sync.
 */
let chunkForAppends: DuckDBDataChunk | null = null;
function reusableChunk(): DuckDBDataChunk {
  chunkForAppends ??= DuckDBDataChunk.create([BIGINT, ...LEG_TYPES]);
  return chunkForAppends;
}

function legColumns(party: string, legs: readonly TransferLeg[], firstSeq: bigint): DuckDBValue[][] {
  const n = legs.length;
  const cols: DuckDBValue[][] = LEG_TYPES.map(() => new Array<DuckDBValue>(n));
  for (let r = 0; r < n; r++) {
    const leg = legs[r];
    const micros = effectiveMicros(leg.effectiveAt);
    const stored = storedAmount(leg.amount, leg.decimals);
    const key =
      stored.units === null || stored.scale === null || stored.scale > SORT_SCALE
        ? null
        : sortKey(stored.units, stored.scale);
    cols[0][r] = party;
    cols[1][r] = leg.updateId;
    cols[2][r] = leg.effectiveAt;
    cols[3][r] = micros === null ? null : new DuckDBTimestampValue(micros);
    cols[4][r] = leg.instrumentAdmin;
    cols[5][r] = leg.instrumentId;
    cols[6][r] = leg.symbol;
    cols[7][r] = leg.decimals;
    cols[8][r] = leg.amount;
    cols[9][r] = stored.units;
    cols[10][r] = stored.scale;
    cols[11][r] = stored.exact;
    cols[12][r] = key ? key[0] : null;
    cols[13][r] = key ? key[1] : null;
    cols[14][r] = leg.senderParty;
    cols[15][r] = leg.receiverParty;
    cols[16][r] = leg.counterparty;
    cols[17][r] = leg.isIncoming;
    cols[18][r] = leg.status;
    cols[19][r] = firstSeq + BigInt(r);
  }
  return cols;
}

/** The fraction's digits kept by the sort key: 38 (10^38 < 2^127). */
const SORT_SCALE = 38;
const POW10 = Array.from({ length: SORT_SCALE + 1 }, (_, i) => 10n ** BigInt(i));

/** (floor(value), (value - floor(value)) × 10^38): ordering these pairs orders the values exactly. */
export function sortKey(units: bigint, scale: number): [bigint, bigint] {
  const one = POW10[scale];
  let whole = units / one;
  let rest = units % one;
  if (rest < 0n) {
    whole -= 1n;
    rest += one;
  }
  return [whole, rest * POW10[SORT_SCALE - scale]];
}

/** The columns to select for a LocalLeg, in the order `rowToLeg` reads them. */
export const LEG_SELECT =
  'update_id, effective_at, instrument_admin, instrument_id, symbol, decimals, amount, sender_party, receiver_party, counterparty, is_incoming, status, amount_exact';

export function rowToLeg(row: readonly unknown[]): LocalLeg {
  return {
    updateId: row[0] as string | null,
    effectiveAt: row[1] as string | null,
    instrumentAdmin: row[2] as string | null,
    instrumentId: row[3] as string | null,
    symbol: row[4] as string | null,
    decimals: row[5] as number | null,
    amount: row[6] as string | null,
    senderParty: row[7] as string | null,
    receiverParty: row[8] as string | null,
    counterparty: row[9] as string | null,
    isIncoming: row[10] as boolean,
    status: row[11] as string | null,
    amountExact: row[12] as boolean,
  };
}
