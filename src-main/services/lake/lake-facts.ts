// What a partition's manifest says about its data file, computed from the file itself: legs, exact
// totals per instrument and scale, first and last time, sha256 of its bytes. The writer computes
// them from the file it staged (so the manifest describes the bytes that are switched in, not the
// query that meant to write them), and `lake verify` computes them again and compares.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { DuckDBConnection } from '@duckdb/node-api';
import { readWithExactSums } from '../local-ledger/exact-sums.ts';
import { type PartitionTotal, sqlText } from './lake-layout.ts';

export interface FileFacts {
  legs: number;
  firstAt: string | null;
  lastAt: string | null;
  totals: PartitionTotal[];
  /** The file's `party` column (format 2, when asked): its least and greatest id, and its NULLs. */
  party?: { min: string | null; max: string | null; nulls: number };
}

/** ISO text, UTC, microseconds, of a TIMESTAMP WITH TIME ZONE (whatever the session's zone). */
const iso = (expr: string) => `strftime(timezone('UTC', ${expr}), '%Y-%m-%dT%H:%M:%S.%fZ')`;

const EMPTY = (): FileFacts => ({ legs: 0, firstAt: null, lastAt: null, totals: [] });

/**
 * Facts of each of the Parquet files `paths` (a party's staged months, or a lake's partitions), in
 * two queries over all of them: a query per file cost more than reading the file.
 */
export async function filesFacts(
  connection: DuckDBConnection,
  paths: readonly string[],
  options: { party?: boolean } = {},
): Promise<Map<string, FileFacts>> {
  const out = new Map<string, FileFacts>(paths.map((p) => [p, EMPTY()]));
  if (paths.length === 0) return out;
  const source = `read_parquet([${paths.map(sqlText).join(', ')}], filename = true)`;
  const party = options.party ? ', min(party), max(party), (count(*) FILTER (WHERE party IS NULL))::BIGINT' : '';
  const heads = (
    await connection.runAndReadAll(
      `SELECT filename, count(*)::BIGINT, ${iso('min(effective_at)')}, ${iso('max(effective_at)')}${party} FROM ${source} GROUP BY filename`,
    )
  ).getRows();
  for (const h of heads) {
    const facts = out.get(h[0] as string);
    if (!facts) continue;
    facts.legs = Number(h[1]);
    facts.firstAt = (h[2] as string | null) ?? null;
    facts.lastAt = (h[3] as string | null) ?? null;
    if (options.party)
      facts.party = { min: (h[4] as string | null) ?? null, max: (h[5] as string | null) ?? null, nulls: Number(h[6]) };
  }
  const rows = await readWithExactSums(
    connection,
    (sum) => `SELECT filename, instrument_admin, instrument_id, min(symbol), amount_scale, count(*)::BIGINT,
        (count(*) FILTER (WHERE is_incoming))::BIGINT, (count(*) FILTER (WHERE NOT is_incoming))::BIGINT,
        ${sum('amount_units', 'is_incoming AND amount_units IS NOT NULL')},
        ${sum('amount_units', 'NOT is_incoming AND amount_units IS NOT NULL')}
      FROM ${source}
      GROUP BY filename, instrument_admin, instrument_id, amount_scale
      ORDER BY filename, instrument_admin NULLS FIRST, instrument_id NULLS FIRST, amount_scale NULLS FIRST`,
    [],
  );
  for (const r of rows) {
    out.get(r[0] as string)?.totals.push({
      instrumentAdmin: r[1] as string | null,
      instrumentId: r[2] as string | null,
      symbol: r[3] as string | null,
      scale: r[4] === null ? null : Number(r[4]),
      legs: Number(r[5]),
      legsIn: Number(r[6]),
      legsOut: Number(r[7]),
      unitsIn: String(r[8]),
      unitsOut: String(r[9]),
    });
  }
  return out;
}

/** sha256 (hex) and size of a file's bytes, streamed. */
export async function fileHash(path: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) hash.update(chunk as Buffer);
  return { sha256: hash.digest('hex'), bytes: (await stat(path)).size };
}
