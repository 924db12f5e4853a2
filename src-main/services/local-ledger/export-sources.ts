// What a store export reads: the local table's legs (its filters and sort), the counterparty
// ranking, the flows, or a checked read-only query, each as one SELECT for DuckDB's COPY.
import type { DuckDBConnection, DuckDBValue } from '@duckdb/node-api';
import type { LocalExportFormat, LocalExportSource } from '../../../src-shared/contract/local-ledger.ts';
import { TRANSFER_LEG_FIELDS } from '../../../src-shared/contract/transfers.ts';
import { analyticsWhere } from './analytics.ts';
import { rankCounterparties } from './counterparty-ranking.ts';
import { flowBuckets } from './flow-buckets.ts';
import { legFilterSql } from './leg-filters-sql.ts';
import { SORT_SQL, scalesOf } from './local-ledger.ts';
import { checkReadOnly, refused } from './sql-guard.ts';

export interface ExportSelect {
  sql: string;
  params: DuckDBValue[];
  /** Names of text columns (the CSV guards them against formulas, as the live export does). */
  textColumns: string[];
  columns: string[];
}

/** The 12 fields as the service sent them, named as in the live export (TRANSFER_LEG_FIELDS). */
const LEG_FIELDS = `update_id AS "updateId", effective_at AS "effectiveAt", instrument_admin AS "instrumentAdmin",
  instrument_id AS "instrumentId", symbol, decimals, amount, sender_party AS "senderParty",
  receiver_party AS "receiverParty", counterparty, is_incoming AS "isIncoming", status`;
/** The address book's labels of sender and receiver follow the 12 fields, as in the live export. */
const LABEL_COLUMNS = ['senderLabel', 'receiverLabel'];
const LEG_TEXT: string[] = [
  ...TRANSFER_LEG_FIELDS.filter((f) => f !== 'decimals' && f !== 'isIncoming'),
  ...LABEL_COLUMNS,
];
const LEG_ORDER: string[] = [...TRANSFER_LEG_FIELDS, ...LABEL_COLUMNS];

/**
 * The label columns and the join that gives them: the saved labels as an inline VALUES list (its
 * values are parameters, never SQL text); none saved: two NULL columns and no join.
 */
function labelJoin(labels: ReadonlyMap<string, string>): { columns: string; join: string; params: DuckDBValue[] } {
  if (labels.size === 0)
    return { columns: ', NULL::VARCHAR AS "senderLabel", NULL::VARCHAR AS "receiverLabel"', join: '', params: [] };
  const values = [...labels].map(() => '(?, ?)').join(', ');
  const book = `(VALUES ${values}) AS $_book(label_party, label_text)`;
  return {
    columns: ', sender_book.label_text AS "senderLabel", receiver_book.label_text AS "receiverLabel"',
    join: ` LEFT JOIN ${book.replace('$', 'sender')} ON sender_book.label_party = sender_party LEFT JOIN ${book.replace('$', 'receiver')} ON receiver_book.label_party = receiver_party`,
    params: [...labels, ...labels].flat(),
  };
}
/**
 * Parquet adds typed columns: the time as a TIMESTAMP (UTC) and the exact amount as units at a scale.
 * Units are DECIMAL(38,0): Parquet has no 128-bit integer (DuckDB would write a HUGEINT as DOUBLE);
 * units beyond 38 digits are NULL there, the `amount` text is always exact.
 */
const LEG_TYPED = `, effective_ts AS "effectiveTime", TRY_CAST(amount_units AS DECIMAL(38,0)) AS "amountUnits",
  amount_scale AS "amountScale", amount_exact AS "amountExact"`;

export async function exportSelect(
  c: DuckDBConnection,
  source: LocalExportSource,
  format: LocalExportFormat,
  labels: ReadonlyMap<string, string> = new Map(),
): Promise<ExportSelect> {
  const parquet = format === 'parquet' || format === 'parquet-by-month';
  const byMonth = format === 'parquet-by-month';
  if (source.kind === 'legs') {
    const where = legFilterSql(source.party, source.filters, await scalesOf(c, source.party));
    const direction = source.sort.desc ? 'DESC' : 'ASC';
    const order = SORT_SQL[source.sort.column]
      .split(', ')
      .map((part) => `${part} ${direction} NULLS LAST`)
      .join(', ');
    const month = byMonth ? `, strftime(effective_ts, '%Y-%m') AS month` : '';
    // CSV and JSON Lines keep the table's order (a spreadsheet shows it as is). Parquet is read by
    // engines that order for themselves: unsorted it is written in parallel, about twice as fast.
    const orderBy = parquet ? '' : ` ORDER BY ${order}, seq ${direction}`;
    const book = labelJoin(labels);
    return {
      sql: `SELECT ${LEG_FIELDS}${book.columns}${parquet ? LEG_TYPED : ''}${month} FROM leg_rows${book.join} WHERE ${where.sql}${orderBy}`,
      params: [...book.params, ...where.params],
      textColumns: LEG_TEXT,
      columns: LEG_ORDER,
    };
  }
  if (source.kind === 'sql') {
    const text = await checkReadOnly(c, source.sql);
    const prepared = await c.prepare(`SELECT * FROM (${text})`);
    const columns: string[] = [];
    const textColumns: string[] = [];
    let hasMonth = false;
    let timeColumn: string | null = null;
    const wide: string[] = [];
    for (let i = 0; i < prepared.columnCount; i++) {
      const name = prepared.columnName(i);
      const type = prepared.columnType(i).toString();
      columns.push(name);
      if (type === 'VARCHAR') textColumns.push(name);
      if (name === 'month') hasMonth = true;
      if (name === 'effective_at' && type === 'TIMESTAMP') timeColumn = name;
      // Parquet has no 128-bit integer; JSON readers turn long numbers into doubles: both get exact text.
      if (/^(U?HUGEINT|BIGNUM)$/.test(type) || (format === 'jsonl' && /^DECIMAL/.test(type))) wide.push(name);
    }
    prepared.destroySync();
    if (byMonth && !hasMonth && !timeColumn) {
      throw refused('Parquet by month needs a column named month, or effective_at (a time) as the legs view has.');
    }
    // Exact text instead of DuckDB's DOUBLE (Parquet) or a bare JSON number (JSON Lines).
    const replace =
      (parquet || format === 'jsonl') && wide.length > 0
        ? ` REPLACE (${wide.map((n) => `${quote(n)}::VARCHAR AS ${quote(n)}`).join(', ')})`
        : '';
    const month = byMonth && !hasMonth ? `, strftime(${timeColumn}, '%Y-%m') AS month` : '';
    return { sql: `SELECT *${replace}${month} FROM (${text})`, params: [], textColumns, columns };
  }
  if (byMonth && source.kind === 'counterparties') {
    throw refused('A counterparty ranking has no month: export it as CSV, JSON Lines or Parquet.');
  }
  return analyticsTable(c, source, byMonth);
}

type Analytics = Extract<LocalExportSource, { kind: 'counterparties' | 'flows' }>;

/** The analytics rows (exact text sums, computed as on screen) put in a temp table of this connection. */
async function analyticsTable(c: DuckDBConnection, source: Analytics, byMonth: boolean): Promise<ExportSelect> {
  const q = { ...source.query, profileId: '' };
  const where = analyticsWhere(q);
  const rows: Array<Record<string, string | number | null>> =
    source.kind === 'counterparties'
      ? (await rankCounterparties(c, where)).rows.map((r) => ({ ...r }))
      : (await flowBuckets(c, where, source.query.bucket)).buckets.map((r) => ({ ...r, month: r.start.slice(0, 7) }));
  const columns =
    source.kind === 'counterparties'
      ? ['counterparty', 'instrumentAdmin', 'instrumentId', 'symbol', 'decimals', 'legsIn', 'legsOut'].concat([
          'volumeIn',
          'volumeOut',
          'net',
          'firstSeen',
          'lastSeen',
        ])
      : ['start', 'instrumentAdmin', 'instrumentId', 'symbol', 'decimals', 'legsIn', 'legsOut'].concat([
          'volumeIn',
          'volumeOut',
          'net',
          'month',
        ]);
  const numeric = new Set(['decimals', 'legsIn', 'legsOut']);
  await c.run('DROP TABLE IF EXISTS temp.export_rows');
  await c.run(
    `CREATE TEMP TABLE export_rows (${columns.map((n) => `${quote(n)} ${numeric.has(n) ? 'BIGINT' : 'VARCHAR'}`).join(', ')})`,
  );
  const appender = await c.createAppender('export_rows', 'main', 'temp');
  try {
    for (const row of rows) {
      for (const name of columns) {
        const value = row[name];
        if (value === null || value === undefined) appender.appendNull();
        else if (numeric.has(name)) appender.appendBigInt(BigInt(value));
        else appender.appendVarchar(String(value));
      }
      appender.endRow();
    }
    appender.flushSync();
  } finally {
    appender.closeSync();
  }
  const shown = columns.filter((n) => n !== 'month');
  return {
    sql: `SELECT ${(byMonth ? columns : shown).map(quote).join(', ')} FROM temp.export_rows`,
    params: [],
    textColumns: shown.filter((n) => !numeric.has(n)),
    columns: shown,
  };
}

export function quote(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
