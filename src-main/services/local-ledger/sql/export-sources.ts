// What a store export reads: the local table's legs (its filters and sort), the counterparty
// ranking, the flows, or a checked read-only query, each as one SELECT for DuckDB's COPY.
// Every export of legs has the `legs` view's columns and types (src-shared/contract/legs-view.ts),
// then the address book's labels; each format keeps exact integers exact (docs/local-ledger.md,
// "Export"): Parquet as DECIMAL(38,0), CSV as digits, JSON Lines as strings.
import type { DuckDBConnection, DuckDBValue } from '@duckdb/node-api';
import { LEG_LABEL_COLUMNS, LEGS_VIEW_COLUMNS, type ViewColumn } from '../../../../src-shared/contract/legs-view.ts';
import type { LocalExportFormat, LocalExportSource } from '../../../../src-shared/contract/local-ledger.ts';
import { type PartySource, scopeColumn } from '../../../../src-shared/text/scope-text.ts';
import type { ScopeData } from '../store/party-scope.ts';
import { sqlIdentifier } from '../store/sql-text.ts';
import { LEGS_VIEW_SQL } from '../store/store-schema.ts';
import { rankCounterparties } from '../views/counterparty-ranking.ts';
import { daySource } from '../views/day-source.ts';
import { flowBuckets } from '../views/flow-buckets.ts';
import { legFilterSql, SORT_SQL, scalesOf } from '../views/leg-filters-sql.ts';
import { checkReadOnly, refused } from './sql-guard.ts';

export interface ExportSelect {
  sql: string;
  params: DuckDBValue[];
  /** Names of text columns (the CSV guards them against formulas, as the live export does). */
  textColumns: string[];
  columns: string[];
  /** The columns as DuckDB should read them back (names and types), for the read-back SQL. */
  schema: ViewColumn[];
  /** What the rows are, for the read-back SQL: legs get the `legs` view over them. */
  shape: 'legs' | 'counterparties' | 'flows' | 'query';
  /**
   * The file's order, when it has one: `keys` are extra columns of `sql` (named __sort_1, ...)
   * and `by` orders by them. The writer sorts after it has made what it writes narrow (a CSV sorts
   * its lines, not 20 columns), and leaves the keys out of the file.
   */
  order?: { keys: string[]; by: string };
}

/** The select with its order applied and its sort keys left out: what every format but CSV writes. */
export function orderedSql(select: ExportSelect): string {
  if (!select.order) return select.sql;
  return `SELECT * EXCLUDE (${select.order.keys.join(', ')}) FROM (${select.sql}) ORDER BY ${select.order.by}`;
}

/**
 * A TIMESTAMP column in each format: Parquet keeps the type; CSV writes DuckDB's own text with all
 * six fraction digits (spreadsheets read it as a date and time); JSON Lines writes RFC 3339 UTC.
 * Both texts read back as the same TIMESTAMP.
 */
export function timeColumnSql(expression: string, format: LocalExportFormat): string {
  if (format === 'csv') return `strftime(${expression}, '%Y-%m-%d %H:%M:%S.%f')`;
  if (format === 'jsonl') return `strftime(${expression}, '%Y-%m-%dT%H:%M:%S.%fZ')`;
  return expression;
}

/** An exact integer wider than JavaScript's numbers: a string in JSON Lines (readers would round a number), as is elsewhere. */
function wideColumnSql(expression: string, format: LocalExportFormat): string {
  return format === 'jsonl' ? `(${expression})::VARCHAR` : expression;
}

/**
 * The label columns and the join that gives them: the saved labels as an inline VALUES list (its
 * values are parameters, never SQL text); none saved: two NULL columns and no join.
 */
function labelJoin(labels: ReadonlyMap<string, string>): { columns: string; join: string; params: DuckDBValue[] } {
  if (labels.size === 0)
    return { columns: ', NULL::VARCHAR AS sender_label, NULL::VARCHAR AS receiver_label', join: '', params: [] };
  const values = [...labels].map(() => '(?, ?)').join(', ');
  const book = `(VALUES ${values}) AS $_book(label_party, label_text)`;
  return {
    columns: ', sender_book.label_text AS sender_label, receiver_book.label_text AS receiver_label',
    join: ` LEFT JOIN ${book.replace('$', 'sender')} ON sender_book.label_party = sender_party LEFT JOIN ${book.replace('$', 'receiver')} ON receiver_book.label_party = receiver_party`,
    params: [...labels, ...labels].flat(),
  };
}

/** The legs view's columns over leg_rows, each in the format's exact form. */
function legColumnsSql(format: LocalExportFormat): string {
  return LEGS_VIEW_COLUMNS.map(({ name }) => {
    const expression = LEGS_VIEW_SQL[name];
    if (name === 'effective_at') return `${timeColumnSql(expression, format)} AS ${name}`;
    if (name === 'amount_units') return `${wideColumnSql(expression, format)} AS ${name}`;
    return expression === name ? name : `${expression} AS ${name}`;
  }).join(', ');
}

const LEG_SCHEMA: ViewColumn[] = [...LEGS_VIEW_COLUMNS, ...LEG_LABEL_COLUMNS];
const LEG_TEXT = LEG_SCHEMA.filter((c) => c.type === 'VARCHAR').map((c) => c.name);

/**
 * `views.scope`: the parties a view's export reads, resolved (sql-scope.ts, resolveViewScope);
 * without it, the source's party alone. `views.from`: whether they are a lake's (the `scope` column's words). A query's export takes its scope in the SQL process.
 */
export async function exportSelect(
  c: DuckDBConnection,
  source: LocalExportSource,
  format: LocalExportFormat,
  labels: ReadonlyMap<string, string> = new Map(),
  views?: { scope: ScopeData | undefined; from?: PartySource },
): Promise<ExportSelect> {
  const parquet = format === 'parquet' || format === 'parquet-by-month';
  const byMonth = format === 'parquet-by-month';
  const party = source.kind === 'legs' ? source.party : source.kind === 'sql' ? null : source.query.party;
  const scope = views ? views.scope : party === null ? undefined : { parties: [party], portfolio: false };
  if (source.kind === 'legs') {
    const where = legFilterSql(scope, source.filters, await scalesOf(c, scope));
    const direction = source.sort.desc ? 'DESC' : 'ASC';
    const month = byMonth ? `, strftime(effective_ts, '%Y-%m') AS month` : '';
    // CSV and JSON Lines keep the table's order (a spreadsheet shows it as is). Parquet is read by
    // engines that order for themselves: unsorted it is written in parallel, about twice as fast.
    const sortBy = [...SORT_SQL[source.sort.column].split(', '), 'seq'];
    const keys = sortBy.map((_, i) => `__sort_${i + 1}`);
    const order = parquet ? undefined : { keys, by: keys.map((key) => `${key} ${direction} NULLS LAST`).join(', ') };
    const sortColumns = order ? `, ${sortBy.map((expression, i) => `${expression} AS ${keys[i]}`).join(', ')}` : '';
    const book = labelJoin(labels);
    return {
      sql: `SELECT ${legColumnsSql(format)}${book.columns}${month}${sortColumns} FROM leg_rows${book.join} WHERE ${where.sql}`,
      params: [...book.params, ...where.params],
      textColumns: LEG_TEXT,
      columns: LEG_SCHEMA.map((c) => c.name),
      schema: LEG_SCHEMA,
      shape: 'legs',
      order,
    };
  }
  if (source.kind === 'sql') {
    const text = await checkReadOnly(c, source.sql);
    const prepared = await c.prepare(`SELECT * FROM (${text})`);
    const schema: ViewColumn[] = [];
    const replaced: string[] = [];
    let hasMonth = false;
    let timeColumn: string | null = null;
    for (let i = 0; i < prepared.columnCount; i++) {
      const name = prepared.columnName(i);
      let type = prepared.columnType(i).toString();
      if (name === 'month') hasMonth = true;
      if (name === 'effective_at' && type === 'TIMESTAMP') timeColumn = name;
      const q = sqlIdentifier(name);
      if (/^(U?HUGEINT|BIGNUM)$/.test(type)) {
        // Parquet has no 128-bit integer (DuckDB would write a DOUBLE); DECIMAL(38,0) holds every
        // exact value of 38 digits, and a wider one fails the export in words rather than round.
        type = 'DECIMAL(38,0)';
        replaced.push(`${wideColumnSql(`${q}::DECIMAL(38,0)`, format)} AS ${q}`);
      } else if (format === 'jsonl' && /^DECIMAL/.test(type)) {
        replaced.push(`${q}::VARCHAR AS ${q}`);
      } else if (type === 'TIMESTAMP' && !parquet) {
        replaced.push(`${timeColumnSql(q, format)} AS ${q}`);
      }
      schema.push({ name, type, meaning: '' });
    }
    prepared.destroySync();
    if (byMonth && !hasMonth && !timeColumn) {
      throw refused('Parquet by month needs a column named month, or effective_at (a time) as the legs view has.');
    }
    const replace = replaced.length > 0 ? ` REPLACE (${replaced.join(', ')})` : '';
    const month = byMonth && !hasMonth ? `, strftime(${timeColumn}, '%Y-%m') AS month` : '';
    return {
      sql: `SELECT *${replace}${month} FROM (${text})`,
      params: [],
      textColumns: schema.filter((s) => s.type === 'VARCHAR').map((s) => s.name),
      columns: schema.map((s) => s.name),
      schema,
      shape: 'query',
    };
  }
  if (byMonth && source.kind === 'counterparties') {
    throw refused('A counterparty ranking has no month: export it as CSV, JSON Lines or Parquet.');
  }
  return analyticsTable(c, source, format, scope, views?.from ?? 'store');
}

type Analytics = Extract<LocalExportSource, { kind: 'counterparties' | 'flows' }>;

/** What every analytics row says of its instrument and its sums, after the row's own key. */
const INSTRUMENT_SUMS: ViewColumn[] = [
  { name: 'instrument_admin', type: 'VARCHAR', meaning: 'as in legs' },
  { name: 'instrument_id', type: 'VARCHAR', meaning: 'as in legs' },
  { name: 'symbol', type: 'VARCHAR', meaning: 'as in legs' },
  { name: 'decimals', type: 'INTEGER', meaning: 'as in legs' },
  { name: 'legs_in', type: 'BIGINT', meaning: 'incoming legs' },
  { name: 'legs_out', type: 'BIGINT', meaning: 'outgoing legs' },
  { name: 'volume_in', type: 'VARCHAR', meaning: 'exact decimal text' },
  { name: 'volume_out', type: 'VARCHAR', meaning: 'exact decimal text' },
  { name: 'net', type: 'VARCHAR', meaning: 'exact decimal text' },
];
/** Whose sums a row holds, when they are of several parties: the `scope` column (last). */
const SCOPE_COLUMN: ViewColumn = {
  name: 'scope',
  type: 'VARCHAR',
  meaning:
    "the parties summed: 'party', 'N parties', 'portfolio NAME (external)' or 'all synced parties' (with a lake open: all the lake's parties)",
};
const COUNTERPARTY_SCHEMA: ViewColumn[] = [
  { name: 'party', type: 'VARCHAR', meaning: 'whose counterparties these are (NULL: several, see scope)' },
  { name: 'counterparty', type: 'VARCHAR', meaning: 'as in legs' },
  ...INSTRUMENT_SUMS,
  { name: 'first_seen', type: 'TIMESTAMP', meaning: 'UTC' },
  { name: 'last_seen', type: 'TIMESTAMP', meaning: 'UTC' },
  SCOPE_COLUMN,
];
const FLOW_SCHEMA: ViewColumn[] = [
  { name: 'party', type: 'VARCHAR', meaning: 'whose flows these are (NULL: several, see scope)' },
  { name: 'bucket_start', type: 'TIMESTAMP', meaning: 'UTC start of the day, ISO week or month' },
  ...INSTRUMENT_SUMS,
  SCOPE_COLUMN,
];

/**
 * The analytics rows (exact text sums, computed as on screen) put in a temp table of this
 * connection, with the legs view's names and types (times as TIMESTAMP, sums as exact decimal text).
 */
async function analyticsTable(
  c: DuckDBConnection,
  source: Analytics,
  format: LocalExportFormat,
  scope: ScopeData | undefined,
  from: PartySource,
): Promise<ExportSelect> {
  const q = { ...source.query, profileId: '' };
  // A lake keeps no aggregates: its legs are read once, each a row (day-source.ts).
  const where = daySource(q, scope, {
    aggregates: from === 'store',
    ...(source.kind === 'flows' ? { bucket: source.query.bucket } : {}),
  });
  // One party's rows name it; rows summed over several parties name none (the scope column says which).
  const party = scope && scope.parties.length === 1 && !scope.portfolio ? scope.parties[0] : null;
  // The scope as asked (a portfolio by its name), in the app's one wording (scope-text.ts).
  const named = { scope: scopeColumn(source.query.scope, from) };
  const rows: Array<Record<string, string | number | null>> =
    source.kind === 'counterparties'
      ? (await rankCounterparties(c, where)).rows.map((r) => ({
          party,
          counterparty: r.counterparty,
          instrument_admin: r.instrumentAdmin,
          instrument_id: r.instrumentId,
          symbol: r.symbol,
          decimals: r.decimals,
          legs_in: r.legsIn,
          legs_out: r.legsOut,
          volume_in: r.volumeIn,
          volume_out: r.volumeOut,
          net: r.net,
          first_seen: r.firstSeen,
          last_seen: r.lastSeen,
          ...named,
        }))
      : (await flowBuckets(c, where, source.query.bucket)).buckets.map((r) => ({
          party,
          bucket_start: r.start,
          instrument_admin: r.instrumentAdmin,
          instrument_id: r.instrumentId,
          symbol: r.symbol,
          decimals: r.decimals,
          legs_in: r.legsIn,
          legs_out: r.legsOut,
          volume_in: r.volumeIn,
          volume_out: r.volumeOut,
          net: r.net,
          ...named,
        }));
  const schema = source.kind === 'counterparties' ? COUNTERPARTY_SCHEMA : FLOW_SCHEMA;
  await c.run('DROP TABLE IF EXISTS temp.export_rows');
  // Times arrive as ISO text and are stored as TIMESTAMP (the cast reads the Z); numbers as BIGINT.
  await c.run(
    `CREATE TEMP TABLE export_rows (${schema.map((s) => `${sqlIdentifier(s.name)} ${s.type === 'VARCHAR' || s.type === 'TIMESTAMP' ? 'VARCHAR' : 'BIGINT'}`).join(', ')})`,
  );
  const appender = await c.createAppender('export_rows', 'main', 'temp');
  try {
    for (const row of rows) {
      for (const { name, type } of schema) {
        const value = row[name];
        if (value === null || value === undefined) appender.appendNull();
        else if (type === 'VARCHAR' || type === 'TIMESTAMP') appender.appendVarchar(String(value));
        else appender.appendBigInt(BigInt(value));
      }
      appender.endRow();
    }
    appender.flushSync();
  } finally {
    appender.closeSync();
  }
  const select = schema.map(({ name, type }) => {
    if (type === 'TIMESTAMP')
      return `${timeColumnSql(`${sqlIdentifier(name)}::TIMESTAMP`, format)} AS ${sqlIdentifier(name)}`;
    if (type === 'INTEGER') return `${sqlIdentifier(name)}::INTEGER AS ${sqlIdentifier(name)}`;
    return sqlIdentifier(name);
  });
  const timeColumn = source.kind === 'flows' ? 'bucket_start' : null;
  const month =
    format === 'parquet-by-month' && timeColumn
      ? `, strftime(${sqlIdentifier(timeColumn)}::TIMESTAMP, '%Y-%m') AS month`
      : '';
  return {
    sql: `SELECT ${select.join(', ')}${month} FROM temp.export_rows`,
    params: [],
    textColumns: schema.filter((s) => s.type === 'VARCHAR').map((s) => s.name),
    columns: schema.map((s) => s.name),
    schema,
    shape: source.kind,
  };
}
