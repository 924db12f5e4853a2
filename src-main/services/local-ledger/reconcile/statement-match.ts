// The match of a statement against a party's legs, in DuckDB on a read connection of the store:
// the statement goes into a temp table (the connection's own: the store stays read-only), the legs of
// the statement's time span into another, the candidate pairs come from one hash join each, and the
// one-to-one choice is a greedy pass in JS over the candidates in order (a reference that names the
// leg's update id first, then the closest time). docs/reconcile.md, "Matching".
import {
  BIGINT,
  type DuckDBConnection,
  DuckDBDataChunk,
  DuckDBTimestampValue,
  type DuckDBType,
  type DuckDBValue,
  INTEGER,
  TIMESTAMP,
  VARCHAR,
} from '@duckdb/node-api';
import type { ReconcileCategory, ReconcileRow } from '../../../../src-shared/contract/reconcile.ts';
import { RECONCILE_CATEGORIES } from '../../../../src-shared/contract/reconcile.ts';
import { microsIso } from '../../../../src-shared/time/time-text.ts';
import type { StatementLine } from './statement-csv.ts';

export interface MatchOptions {
  party: string;
  toleranceMicros: bigint;
  onlyStatementCounterparties: boolean;
}

export interface MatchSummary {
  legs: number;
  counts: Record<ReconcileCategory, number>;
  timings: Record<string, number>;
}

const STMT_TYPES: DuckDBType[] = [INTEGER, TIMESTAMP, VARCHAR, VARCHAR, VARCHAR, VARCHAR, VARCHAR, VARCHAR];
const CHUNK_ROWS = 2048;

/** Loads `lines` into temp table `stmt` (data chunks through the appender, as legs are stored). */
async function loadStatement(c: DuckDBConnection, lines: readonly StatementLine[]): Promise<void> {
  await c.run(`CREATE OR REPLACE TEMP TABLE stmt (line INTEGER, ts TIMESTAMP, counterparty VARCHAR,
    instrument VARCHAR, direction VARCHAR, size VARCHAR, signed VARCHAR, reference VARCHAR)`);
  const appender = await c.createAppender('stmt', 'main', 'temp');
  try {
    const chunk = DuckDBDataChunk.create(STMT_TYPES);
    for (let offset = 0; offset < lines.length; offset += CHUNK_ROWS) {
      const part = lines.slice(offset, offset + CHUNK_ROWS);
      const cols: DuckDBValue[][] = STMT_TYPES.map(() => new Array<DuckDBValue>(part.length));
      for (let r = 0; r < part.length; r++) {
        const l = part[r];
        cols[0][r] = l.line;
        cols[1][r] = new DuckDBTimestampValue(l.atMicros);
        cols[2][r] = l.counterparty;
        cols[3][r] = l.instrument;
        cols[4][r] = l.direction;
        cols[5][r] = l.size;
        cols[6][r] = l.signed;
        cols[7][r] = l.reference;
      }
      chunk.reset();
      chunk.setColumns(cols);
      appender.appendDataChunk(chunk);
      appender.flushSync();
      if (offset > 0 && offset % (CHUNK_ROWS * 16) === 0) await new Promise<void>((r) => setImmediate(r));
    }
  } finally {
    appender.closeSync();
  }
}

/** The leg's amount as the statement's is kept: its size without trailing zeros, and signed. */
const LEG_SIZE = `CASE WHEN amount_units IS NULL THEN amount
  ELSE CASE WHEN contains(decimal_text(amount_units, amount_scale), '.')
    THEN rtrim(rtrim(decimal_text(amount_units, amount_scale), '0'), '.')
    ELSE decimal_text(amount_units, amount_scale) END END`;

/**
 * Time buckets as wide as the tolerance (at least a second): a pair within the tolerance is in the
 * same or a neighbouring bucket, so the join is a hash join on the bucket and the exact keys, never
 * a line against every leg of a counterparty.
 */
function bucketed(table: 'stmt_free' | 'lg_free' | 'stmt' | 'lg', width: bigint, spread: boolean): string {
  const b = `epoch_us(ts) // ${width}`;
  return spread
    ? `(SELECT *, unnest([${b} - 1, ${b}, ${b} + 1]) AS bucket FROM ${table})`
    : `(SELECT *, ${b} AS bucket FROM ${table})`;
}

/** Pairs each line with at most one leg and each leg with at most one line, best candidates first. */
function greedy(
  candidates: ReadonlyArray<[number, bigint]>,
  lines: Set<number>,
  legs: Set<bigint>,
): Array<[number, bigint]> {
  const pairs: Array<[number, bigint]> = [];
  for (const [line, leg] of candidates) {
    if (lines.has(line) || legs.has(leg)) continue;
    lines.add(line);
    legs.add(leg);
    pairs.push([line, leg]);
  }
  return pairs;
}

async function candidates(c: DuckDBConnection, sql: string): Promise<Array<[number, bigint]>> {
  const reader = await c.runAndReadAll(sql);
  const line = reader.getColumns()[0] ?? [];
  const leg = reader.getColumns()[1] ?? [];
  return line.map((l, i) => [Number(l), BigInt(leg[i] as bigint)]);
}

async function addPairs(c: DuckDBConnection, pairs: ReadonlyArray<[number, bigint]>, kind: string): Promise<void> {
  if (!pairs.length) return;
  const appender = await c.createAppender('paired', 'main', 'temp');
  try {
    const chunk = DuckDBDataChunk.create([INTEGER, BIGINT, VARCHAR]);
    for (let offset = 0; offset < pairs.length; offset += CHUNK_ROWS) {
      const part = pairs.slice(offset, offset + CHUNK_ROWS);
      chunk.reset();
      chunk.setColumns([part.map((p) => p[0]), part.map((p) => p[1]), part.map(() => kind)]);
      appender.appendDataChunk(chunk);
      appender.flushSync();
    }
  } finally {
    appender.closeSync();
  }
}

/**
 * Leaves temp table `result` on `c`: one row per matched pair, amount-differs pair, statement-only
 * line and ledger-only leg, each with its message. `toleranceText` is how the messages say it.
 */
export async function matchStatement(
  c: DuckDBConnection,
  lines: readonly StatementLine[],
  options: MatchOptions,
  toleranceText: string,
): Promise<MatchSummary> {
  const timings: Record<string, number> = {};
  let mark = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    timings[name] = Math.round(now - mark);
    mark = now;
  };
  await loadStatement(c, lines);
  lap('load statement');
  const tol = options.toleranceMicros;
  let from = 0n;
  let to = 0n;
  if (lines.length) {
    from = lines[0].atMicros;
    to = lines[0].atMicros;
    for (const l of lines) {
      if (l.atMicros < from) from = l.atMicros;
      if (l.atMicros > to) to = l.atMicros;
    }
  }
  const scope = options.onlyStatementCounterparties
    ? 'AND (counterparty, instrument_id) IN (SELECT DISTINCT counterparty, instrument FROM stmt)'
    : '';
  // The legs the statement is compared with: the party's, within its span widened by the tolerance.
  await c.run(
    `CREATE OR REPLACE TEMP TABLE lg AS
      SELECT row_number() OVER () AS leg, update_id, effective_at AS ts, counterparty, instrument_id AS instrument,
        direction, size, CASE WHEN direction = 'out' THEN '-' || size ELSE size END AS signed
      FROM (SELECT *, ${LEG_SIZE} AS size FROM legs
        WHERE party = $party AND effective_at IS NOT NULL
          AND effective_at BETWEEN make_timestamp($from::BIGINT) AND make_timestamp($to::BIGINT) ${lines.length ? scope : 'AND false'})`,
    { party: options.party, from: (from - tol).toString(), to: (to + tol).toString() },
  );
  await c.run('CREATE OR REPLACE TEMP TABLE paired (line INTEGER, leg BIGINT, kind VARCHAR)');
  lap('select legs');
  const width = tol > 1_000_000n ? tol : 1_000_000n;
  const gap = 'abs(epoch_us(s.ts) - epoch_us(l.ts))';
  const ref = 'coalesce(s.reference = l.update_id, false)';
  const exact = await candidates(
    c,
    `SELECT s.line, l.leg FROM ${bucketed('stmt', width, true)} s JOIN ${bucketed('lg', width, false)} l
      ON s.bucket = l.bucket AND s.counterparty = l.counterparty AND s.instrument = l.instrument
        AND s.direction = l.direction AND s.size = l.size
      WHERE ${gap} <= ${tol}
      ORDER BY ${ref} DESC, ${gap}, s.line, l.leg`,
  );
  lap('exact candidates');
  const usedLines = new Set<number>();
  const usedLegs = new Set<bigint>();
  await addPairs(c, greedy(exact, usedLines, usedLegs), 'matched');
  lap('pair matched');
  await c.run(`CREATE OR REPLACE TEMP TABLE stmt_free AS SELECT * FROM stmt ANTI JOIN paired USING (line)`);
  await c.run(`CREATE OR REPLACE TEMP TABLE lg_free AS SELECT * FROM lg ANTI JOIN paired USING (leg)`);
  // Same counterparty and instrument, and the same transfer by reference or by time: the amount
  // (or its direction) is what differs. A reference match with an equal amount is a time outside the
  // tolerance: not "amount differs".
  const differs = await candidates(
    c,
    `SELECT line, leg FROM (
       SELECT s.line, l.leg, ${ref} AS ref, ${gap} AS gap
         FROM ${bucketed('stmt_free', width, true)} s JOIN ${bucketed('lg_free', width, false)} l
         ON s.bucket = l.bucket AND s.counterparty = l.counterparty AND s.instrument = l.instrument
         WHERE ${gap} <= ${tol}
       UNION ALL
       SELECT s.line, l.leg, true AS ref, ${gap} AS gap FROM stmt_free s JOIN lg_free l
         ON s.reference = l.update_id AND s.counterparty = l.counterparty AND s.instrument = l.instrument
         WHERE ${gap} > ${tol} AND s.signed <> l.signed)
     ORDER BY ref DESC, gap, line, leg`,
  );
  await addPairs(c, greedy(differs, usedLines, usedLegs), 'amount-differs');
  lap('amount differs');
  const when = (t: string) => `strftime(${t}, '%Y-%m-%d %H:%M:%S UTC')`;
  await c.run(
    `CREATE OR REPLACE TEMP TABLE result AS
     SELECT p.kind AS category, s.line, l.update_id, s.ts AS statement_at, l.ts AS ledger_at, s.counterparty,
       s.instrument, s.signed AS statement_amount, l.signed AS ledger_amount, s.reference,
       CASE WHEN p.kind = 'matched'
         THEN format('matched: ledger leg {} at {}', coalesce(l.update_id, '(no update id)'), ${when('l.ts')})
         ELSE format('amount differs: statement {}, ledger {} ({} at {})', s.signed, l.signed,
           coalesce(l.update_id, '(no update id)'), ${when('l.ts')}) END AS message
       FROM paired p JOIN stmt s USING (line) JOIN lg l USING (leg)
     UNION ALL
     SELECT 'statement-only', s.line, NULL, s.ts, NULL, s.counterparty, s.instrument, s.signed, NULL, s.reference,
       format('in the statement only: no ledger leg with counterparty {} for {} {} within {} of {}',
         s.counterparty, s.signed, s.instrument, $tol, ${when('s.ts')})
       FROM stmt s ANTI JOIN paired USING (line)
     UNION ALL
     SELECT 'ledger-only', NULL, l.update_id, NULL, l.ts, l.counterparty, l.instrument, NULL, l.signed, NULL,
       format('in the ledger only: no statement line with counterparty {} for {} {} within {} of {} (leg {})',
         l.counterparty, l.signed, l.instrument, $tol, ${when('l.ts')}, coalesce(l.update_id, '(no update id)'))
       FROM lg l ANTI JOIN paired USING (leg)`,
    { tol: toleranceText },
  );
  lap('result');
  const counts = Object.fromEntries(RECONCILE_CATEGORIES.map((k) => [k, 0])) as Record<ReconcileCategory, number>;
  for (const [category, n] of (await c.runAndReadAll('SELECT category, count(*) FROM result GROUP BY ALL')).getRows()) {
    counts[category as ReconcileCategory] = Number(n);
  }
  const legs = Number((await c.runAndReadAll('SELECT count(*) FROM lg')).getRows()[0][0]);
  lap('counts');
  return { legs, counts, timings };
}

/** The result's order: by time (the statement's, else the leg's), then line. */
export const RESULT_ORDER = 'coalesce(statement_at, ledger_at), line NULLS LAST, update_id';

/** Up to `cap` rows per category, in RESULT_ORDER. */
export async function resultRows(c: DuckDBConnection, cap: number): Promise<Record<ReconcileCategory, ReconcileRow[]>> {
  const reader = await c.runAndReadAll(
    `SELECT category, line, update_id, epoch_us(statement_at)::VARCHAR, epoch_us(ledger_at)::VARCHAR, counterparty,
       instrument, statement_amount, ledger_amount, reference, message
     FROM result QUALIFY row_number() OVER (PARTITION BY category ORDER BY ${RESULT_ORDER}) <= ${cap}
     ORDER BY category, ${RESULT_ORDER}`,
  );
  const rows = Object.fromEntries(RECONCILE_CATEGORIES.map((k) => [k, [] as ReconcileRow[]])) as Record<
    ReconcileCategory,
    ReconcileRow[]
  >;
  const iso = (v: unknown) => (v === null ? null : microsIso(BigInt(v as string)));
  for (const r of reader.getRows()) {
    const category = r[0] as ReconcileCategory;
    rows[category].push({
      category,
      line: r[1] === null ? null : Number(r[1]),
      updateId: r[2] as string | null,
      statementAt: iso(r[3]),
      ledgerAt: iso(r[4]),
      counterparty: r[5] as string,
      instrument: r[6] as string,
      statementAmount: r[7] as string | null,
      ledgerAmount: r[8] as string | null,
      reference: r[9] as string | null,
      message: r[10] as string,
    });
  }
  return rows;
}
