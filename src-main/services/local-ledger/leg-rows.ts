// Legs in and out of the store's row form: the 12 fields as sent plus the derived columns
// (store-schema.ts). Written with DuckDB's appender (a page of 1000 legs in well under a millisecond).
import { type DuckDBConnection, DuckDBTimestampValue } from '@duckdb/node-api';
import type { LocalLeg } from '../../../src-shared/contract/local-ledger.ts';
import type { TransferLeg } from '../../../src-shared/contract/transfers.ts';
import { effectiveMicros } from './effective-time.ts';
import { storedAmount } from './stored-amount.ts';

export type LegTable = 'leg_rows' | 'sync_staging';

/** Appends `legs` (of `party`) to `table`; `runId` only for the staging table. */
export async function appendLegs(
  connection: DuckDBConnection,
  table: LegTable,
  party: string,
  legs: readonly TransferLeg[],
  firstSeq: bigint,
  runId?: bigint,
): Promise<void> {
  const appender = await connection.createAppender(table);
  try {
    let seq = firstSeq;
    for (const leg of legs) {
      if (table === 'sync_staging') appender.appendBigInt(runId ?? 0n);
      appender.appendVarchar(party);
      text(appender, leg.updateId);
      text(appender, leg.effectiveAt);
      const micros = effectiveMicros(leg.effectiveAt);
      if (micros === null) appender.appendNull();
      else appender.appendTimestamp(new DuckDBTimestampValue(micros));
      text(appender, leg.instrumentAdmin);
      text(appender, leg.instrumentId);
      text(appender, leg.symbol);
      if (leg.decimals === null) appender.appendNull();
      else appender.appendInteger(leg.decimals);
      text(appender, leg.amount);
      const stored = storedAmount(leg.amount, leg.decimals);
      if (stored.units === null) appender.appendNull();
      else appender.appendHugeInt(stored.units);
      if (stored.scale === null) appender.appendNull();
      else appender.appendInteger(stored.scale);
      appender.appendBoolean(stored.exact);
      if (stored.units === null || stored.scale === null || stored.scale > SORT_SCALE) {
        appender.appendNull();
        appender.appendNull();
      } else {
        const [whole, frac] = sortKey(stored.units, stored.scale);
        appender.appendHugeInt(whole);
        appender.appendHugeInt(frac);
      }
      text(appender, leg.senderParty);
      text(appender, leg.receiverParty);
      text(appender, leg.counterparty);
      appender.appendBoolean(leg.isIncoming);
      text(appender, leg.status);
      appender.appendBigInt(seq++);
      appender.endRow();
    }
    appender.flushSync();
  } finally {
    appender.closeSync();
  }
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

function text(appender: { appendVarchar(v: string): void; appendNull(): void }, value: string | null): void {
  if (value === null) appender.appendNull();
  else appender.appendVarchar(value);
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
