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
  HUGEINT,
  INTEGER,
  TIMESTAMP,
  VARCHAR,
} from '@duckdb/node-api';
import type { ReconcileCategory, ReconcileRow } from '../../../../src-shared/contract/reconcile.ts';
import { RECONCILE_CATEGORIES } from '../../../../src-shared/contract/reconcile.ts';
import { microsIso } from '../../../../src-shared/time/time-text.ts';
import { sqlInList, sqlString } from '../store/sql-text.ts';
import type { StatementLine } from './statement-csv.ts';

export interface MatchOptions {
  party: string;
  toleranceMicros: bigint;
  onlyStatementCounterparties: boolean;
  /** The leg statuses the statement does not hold (null: legs without one); empty: every status is held. */
  leftOutStatuses: ReadonlyArray<string | null>;
}

export interface MatchSummary {
  legs: number;
  counts: Record<ReconcileCategory, number>;
  /** Legs of the span left out for their status, per status. */
  otherStatuses: Array<{ status: string | null; legs: number }>;
  timings: Record<string, number>;
}

/** Whether a leg's status is one of `statuses` (SQL; never NULL). */
function statusIn(statuses: ReadonlyArray<string | null>): string {
  const named = statuses.filter((s): s is string => s !== null);
  const terms = [
    ...(named.length ? [`status IN (${sqlInList(named)})`] : []),
    ...(statuses.includes(null) ? ['status IS NULL'] : []),
  ];
  return terms.length ? `coalesce(${terms.join(' OR ')}, false)` : 'false';
}

const STMT_TYPES: DuckDBType[] = [INTEGER, TIMESTAMP, VARCHAR, VARCHAR, VARCHAR, VARCHAR, VARCHAR, VARCHAR, BIGINT];
const CHUNK_ROWS = 2048;

/** Loads `lines` into temp table `stmt` (data chunks through the appender, as legs are stored). */
async function loadStatement(c: DuckDBConnection, lines: readonly StatementLine[], width: bigint): Promise<void> {
  await c.run(`CREATE OR REPLACE TEMP TABLE stmt (line INTEGER, ts TIMESTAMP, counterparty VARCHAR,
    instrument VARCHAR, direction VARCHAR, size VARCHAR, signed VARCHAR, reference VARCHAR, bucket BIGINT)`);
  await append(c, 'stmt', STMT_TYPES, lines, (l) => [
    l.line,
    new DuckDBTimestampValue(l.atMicros),
    l.counterparty,
    l.instrument,
    l.direction,
    l.size,
    l.signed,
    l.reference,
    floorDiv(l.atMicros, width),
  ]);
}

function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n ? q - 1n : q;
}

/** Appends `items` as rows of `table` (a temp table), a data chunk at a time, yielding to the event loop now and then. */
async function append<T>(
  c: DuckDBConnection,
  table: string,
  types: DuckDBType[],
  items: readonly T[],
  row: (item: T) => DuckDBValue[],
): Promise<void> {
  if (!items.length) return;
  const appender = await c.createAppender(table, 'main', 'temp');
  try {
    const chunk = DuckDBDataChunk.create(types);
    for (let offset = 0; offset < items.length; offset += CHUNK_ROWS) {
      const part = items.slice(offset, offset + CHUNK_ROWS);
      const cols: DuckDBValue[][] = types.map(() => new Array<DuckDBValue>(part.length));
      for (let r = 0; r < part.length; r++) {
        const values = row(part[r]);
        for (let k = 0; k < types.length; k++) cols[k][r] = values[k];
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

/**
 * Each line's amount as units at every scale its instrument's legs are stored at (usually one: the
 * instrument's decimals), exactly with BigInt: the exact join compares HUGEINT units (amount_units as stored), so no
 * leg's amount is turned into text to be compared. A scale that cannot hold the amount exactly is
 * skipped (no leg at that scale can equal it).
 */
function amountsAtScales(
  lines: readonly StatementLine[],
  scales: Map<string, number[]>,
): Array<[number, number, bigint]> {
  const out: Array<[number, number, bigint]> = [];
  for (const l of lines) {
    for (const scale of scales.get(l.instrument) ?? []) {
      let units = l.units;
      if (scale >= l.scale) units *= 10n ** BigInt(scale - l.scale);
      else {
        const factor = 10n ** BigInt(l.scale - scale);
        if (units % factor !== 0n) continue;
        units /= factor;
      }
      if (units >= UNITS_LIMIT) continue;
      out.push([l.line, scale, units]);
    }
  }
  return out;
}
const UNITS_LIMIT = 10n ** 38n;

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
  const [line = [], leg = []] = reader.getColumns();
  return line.map((l, i) => [Number(l), leg[i] as bigint]);
}

/**
 * Creates temp view `lg` on `c`: the legs compared with. Answers their count, what the statuses left
 * out held (per status), and the scales each instrument's legs are stored at.
 */
async function selectLegs(
  c: DuckDBConnection,
  lines: readonly StatementLine[],
  options: MatchOptions,
  width: bigint,
): Promise<{ legs: number; otherStatuses: MatchSummary['otherStatuses']; scales: Map<string, number[]> }> {
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
  const leftOut = options.leftOutStatuses;
  const span = `party = ${sqlString(options.party)}
        AND effective_ts BETWEEN make_timestamp(${from - tol}) AND make_timestamp(${to + tol})
        ${lines.length ? scope : 'AND false'}`;
  // The legs compared with: the party's, within the statement's span widened by the tolerance, of
  // the statuses the statement holds (all but those left out); raw columns of leg_rows (the legs
  // view's source; seq is the leg's id in the store). A view, not a copy: each join reads only the
  // columns it needs from the store's compressed columns (a copy of a million legs' party ids and
  // update ids cost more than all the joins).
  await c.run(
    `CREATE OR REPLACE TEMP VIEW lg AS
      SELECT seq AS leg, update_id, effective_ts AS ts, epoch_us(effective_ts) // ${width} AS bucket, counterparty,
        instrument_id AS instrument, CASE WHEN is_incoming THEN 'in' ELSE 'out' END AS direction,
        amount_units AS units, amount_scale AS scale, amount, status
      FROM leg_rows
      WHERE ${span} ${leftOut.length ? `AND NOT ${statusIn(leftOut)}` : ''}`,
  );
  const legs = Number((await c.runAndReadAll('SELECT count(*) FROM lg')).getRows()[0][0]);
  // What the statuses left out: said beside the counts, so a leg missing from both sides is explained.
  const otherStatuses = !leftOut.length
    ? []
    : (
        await c.runAndReadAll(
          `SELECT status, count(*) FROM leg_rows WHERE ${span} AND ${statusIn(leftOut)}
              GROUP BY status ORDER BY status NULLS LAST`,
        )
      )
        .getRows()
        .map(([status, n]) => ({ status: status as string | null, legs: Number(n) }));
  const scales = new Map<string, number[]>();
  for (const [instrument, scale] of (
    await c.runAndReadAll('SELECT DISTINCT instrument, scale FROM lg WHERE scale IS NOT NULL')
  ).getRows()) {
    const list = scales.get(instrument as string) ?? [];
    list.push(Number(scale));
    scales.set(instrument as string, list);
  }
  return { legs, otherStatuses, scales };
}

/**
 * Leaves temp tables `stmt`, `lg` (the legs compared with) and `paired` (line, leg, kind) on `c`;
 * the rows and the export read them (resultSql). Counts come from the pairs.
 */
export async function matchStatement(
  c: DuckDBConnection,
  lines: readonly StatementLine[],
  options: MatchOptions,
): Promise<MatchSummary> {
  const timings: Record<string, number> = {};
  let mark = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    timings[name] = Math.round(now - mark);
    mark = now;
  };
  const tol = options.toleranceMicros;
  // Time buckets as wide as the tolerance (at least a second): a pair within the tolerance is in the
  // same or a neighbouring bucket, so each join is a hash join on the bucket and the exact keys,
  // never a line against every leg of a counterparty.
  const width = tol > 1_000_000n ? tol : 1_000_000n;
  await loadStatement(c, lines, width);
  lap('load statement');
  const { legs, otherStatuses, scales } = await selectLegs(c, lines, options, width);
  lap('select legs');
  // HUGEINT, the store's own type of amount_units (a text-to-DECIMAL(38,0) cast took 5 s per 100,000).
  await c.run('CREATE OR REPLACE TEMP TABLE stmt_units (line INTEGER, scale INTEGER, units HUGEINT)');
  await append(c, 'stmt_units', [INTEGER, INTEGER, HUGEINT], amountsAtScales(lines, scales), (a) => a);
  await c.run('CREATE OR REPLACE TEMP TABLE paired (line INTEGER, leg BIGINT, kind VARCHAR)');
  lap('statement units');
  const gap = 'abs(epoch_us(s.ts) - epoch_us(l.ts))';
  const ref = 'coalesce(s.reference = l.update_id, false)';
  const near = (s: string) => `(SELECT *, unnest([bucket - 1, bucket, bucket + 1]) AS near FROM ${s})`;
  const exact = await candidates(
    c,
    `SELECT s.line, l.leg FROM ${near('stmt JOIN stmt_units USING (line)')} s JOIN lg l
      ON s.near = l.bucket AND s.counterparty = l.counterparty AND s.instrument = l.instrument
        AND s.direction = l.direction AND s.scale = l.scale AND s.units = l.units
      WHERE ${gap} <= ${tol}
      ORDER BY ${ref} DESC, ${gap}, s.line, l.leg`,
  );
  lap('exact candidates');
  const usedLines = new Set<number>();
  const usedLegs = new Set<bigint>();
  const matched = greedy(exact, usedLines, usedLegs);
  await append(c, 'paired', [INTEGER, BIGINT, VARCHAR], matched, ([line, leg]) => [line, leg, 'matched']);
  lap('pair matched');
  // Same counterparty and instrument, and the same transfer by time or by reference: the amount (or
  // its direction) is what differs. A reference match with an equal amount is a time outside the
  // tolerance: not "amount differs".
  const free = {
    s: '(SELECT * FROM stmt ANTI JOIN paired USING (line))',
    l: '(SELECT * FROM lg ANTI JOIN paired USING (leg))',
  };
  const differs = await candidates(
    c,
    `SELECT line, leg FROM (
       SELECT s.line, l.leg, ${ref} AS ref, ${gap} AS gap FROM ${near(free.s)} s JOIN ${free.l} l
         ON s.near = l.bucket AND s.counterparty = l.counterparty AND s.instrument = l.instrument
         WHERE ${gap} <= ${tol}
       UNION ALL
       SELECT s.line, l.leg, true AS ref, ${gap} AS gap FROM ${free.s} s JOIN ${free.l} l
         ON s.reference = l.update_id AND s.counterparty = l.counterparty AND s.instrument = l.instrument
         WHERE ${gap} > ${tol} AND NOT (s.direction = l.direction AND l.scale IS NOT NULL
           AND EXISTS (SELECT 1 FROM stmt_units u WHERE u.line = s.line AND u.scale = l.scale AND u.units = l.units)))
     ORDER BY ref DESC, gap, line, leg`,
  );
  const amountDiffers = greedy(differs, usedLines, usedLegs);
  await append(c, 'paired', [INTEGER, BIGINT, VARCHAR], amountDiffers, ([line, leg]) => [line, leg, 'amount-differs']);
  lap('amount differs');
  return {
    legs,
    otherStatuses,
    counts: {
      matched: matched.length,
      'amount-differs': amountDiffers.length,
      'statement-only': lines.length - usedLines.size,
      'ledger-only': legs - usedLegs.size,
    },
    timings,
  };
}

/** A string literal (the party id is checked by its schema; quotes are doubled all the same). */
/** A leg's amount, signed (negative: out), exact: from its units, else as stored (kept as text). */
const LEG_SIGNED = `CASE WHEN l.direction = 'out' THEN '-' ELSE '' END || coalesce(decimal_text(l.units, l.scale), l.amount)`;
const WHEN = (t: string) => `strftime(${t}, '%Y-%m-%d %H:%M:%S UTC')`;

/**
 * The result's rows with their messages (`$1`: the tolerance in words), one SELECT per category so
 * a capped read sorts and words only what it shows. Columns: category, line, update_id,
 * statement_at, ledger_at, counterparty, instrument, statement_amount, ledger_amount, reference,
 * status (the leg's), message.
 */
export function resultSql(category: ReconcileCategory, limit?: number): string {
  const leg = "coalesce(l.update_id, '(no update id)')";
  // A capped read picks its rows by id first, so only those are joined and worded.
  const top = (sql: string, order: string) =>
    limit === undefined ? sql : `(SELECT * FROM ${sql} ORDER BY ${order} LIMIT ${limit})`;
  switch (category) {
    case 'matched':
    case 'amount-differs':
      return `SELECT p.kind AS category, s.line, l.update_id, s.ts AS statement_at, l.ts AS ledger_at, s.counterparty,
          s.instrument, s.signed AS statement_amount, ${LEG_SIGNED} AS ledger_amount, s.reference, l.status,
          ${
            category === 'matched'
              ? `format('matched: ledger leg {} at {}', ${leg}, ${WHEN('l.ts')})`
              : `format('amount differs: statement {}, ledger {} ({} at {})', s.signed, ${LEG_SIGNED}, ${leg}, ${WHEN('l.ts')})`
          } AS message
        FROM ${top(`(SELECT line, leg, kind, ts FROM paired JOIN stmt USING (line) WHERE kind = '${category}')`, 'ts, line')} p
          JOIN stmt s USING (line) JOIN lg l USING (leg)`;
    case 'statement-only':
      return `SELECT 'statement-only' AS category, s.line, NULL AS update_id, s.ts AS statement_at, NULL::TIMESTAMP AS ledger_at,
          s.counterparty, s.instrument, s.signed AS statement_amount, NULL AS ledger_amount, s.reference,
          NULL AS status,
          format('in the statement only: no ledger leg with counterparty {} for {} {} within {} of {}',
            s.counterparty, s.signed, s.instrument, $1, ${WHEN('s.ts')}) AS message
        FROM ${top('(SELECT * FROM stmt ANTI JOIN paired USING (line))', 'ts, line')} s`;
    case 'ledger-only':
      return `SELECT 'ledger-only' AS category, NULL::INTEGER AS line, l.update_id, NULL::TIMESTAMP AS statement_at, l.ts AS ledger_at,
          l.counterparty, l.instrument, NULL AS statement_amount, ${LEG_SIGNED} AS ledger_amount, NULL AS reference,
          l.status,
          format('in the ledger only: no statement line with counterparty {} for {} {} within {} of {} (leg {}{})',
            l.counterparty, ${LEG_SIGNED}, l.instrument, $1, ${WHEN('l.ts')}, ${leg},
            coalesce(', ' || l.status, '')) AS message
        FROM ${top('(SELECT * FROM lg ANTI JOIN paired USING (leg))', 'ts, update_id')} l`;
  }
}

/** The result's order: by time (the statement's, else the leg's), then line. */
export const RESULT_ORDER = 'coalesce(statement_at, ledger_at), line NULLS LAST, update_id';

/** Up to `cap` rows per category, in RESULT_ORDER (each category sorted and worded on its own). */
export async function resultRows(
  c: DuckDBConnection,
  cap: number,
  toleranceText: string,
): Promise<Record<ReconcileCategory, ReconcileRow[]>> {
  const rows = Object.fromEntries(RECONCILE_CATEGORIES.map((k) => [k, [] as ReconcileRow[]])) as Record<
    ReconcileCategory,
    ReconcileRow[]
  >;
  const iso = (v: unknown) => (v === null ? null : microsIso(BigInt(v as string)));
  for (const category of RECONCILE_CATEGORIES) {
    const sql = resultSql(category, cap);
    const reader = await c.runAndReadAll(
      `SELECT category, line, update_id, epoch_us(statement_at)::VARCHAR, epoch_us(ledger_at)::VARCHAR, counterparty,
         instrument, statement_amount, ledger_amount, reference, message, status
       FROM (${sql}) ORDER BY ${RESULT_ORDER} LIMIT ${cap}`,
      sql.includes('$1') ? [toleranceText] : [],
    );
    for (const r of reader.getRows()) {
      rows[category].push({
        category,
        line: r[1] === null ? null : Number(r[1]),
        updateId: r[2] as string | null,
        statementAt: iso(r[3]),
        ledgerAt: iso(r[4]),
        counterparty: r[5] as string | null,
        instrument: r[6] as string | null,
        statementAmount: r[7] as string | null,
        ledgerAmount: r[8] as string | null,
        reference: r[9] as string | null,
        message: r[10] as string,
        status: r[11] as string | null,
      });
    }
  }
  return rows;
}
