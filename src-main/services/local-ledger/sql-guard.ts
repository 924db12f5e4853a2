// The SQL editor's read-only rule, checked on DuckDB's own parse of the query (json_serialize_sql),
// never on the text: one SELECT (FROM-first, VALUES, WITH, PIVOT with an IN list, DESCRIBE and
// SUMMARIZE are SELECTs too), over the `legs` view and the query's own CTEs only, with no table
// function but a handful that make rows from values, and no function that reads files, settings or
// the environment or changes state. Everything else is refused with what was refused
// (docs/local-ledger.md, "SQL").
import type { DuckDBConnection } from '@duckdb/node-api';
import { SQL_VIEWS } from '../../../src-shared/contract/legs-view.ts';
import { ServiceError } from '../errors.ts';
import { nearest, sqlError } from './sql-errors.ts';

/** Table functions that only make rows from their arguments. */
const TABLE_FUNCTIONS = new Set(['range', 'generate_series', 'unnest', 'json_each', 'json_tree']);
/** Scalar functions that read outside the query (settings, environment) or change state. */
const REFUSED_FUNCTIONS = new Set([
  'getenv',
  'current_setting',
  'nextval',
  'currval',
  'setseed',
  'glob',
  'query',
  'query_table',
  'checkpoint',
  'force_checkpoint',
  'which_secret',
]);
const REFUSED_PREFIXES = [
  'read_',
  'parquet_',
  'duckdb_',
  'pragma_',
  'sniff_',
  'sqlite_',
  'postgres_',
  'mysql_',
  'http',
];
const PLAIN_NAME = /^[a-z_][a-z0-9_]*$/;

/** The store's own tables: the documented `legs` view is the one way in. */
const INTERNAL = new Set(['leg_rows', 'leg_store', 'sync_staging', 'party_sync', 'sync_runs', 'store_meta', 'run_ids']);

export function refused(message: string): ServiceError {
  return new ServiceError('invalid_argument', message, { refused: true });
}

/** Throws `invalid_argument` unless `sql` is one read of the `legs` view; answers the query without a trailing `;`. */
export async function checkReadOnly(connection: DuckDBConnection, sql: string): Promise<string> {
  const text = sql.trim().replace(/;\s*$/, '');
  if (text === '') throw refused('Write a query, for example: SELECT * FROM legs LIMIT 10');
  let count: number;
  try {
    count = (await connection.extractStatements(text)).count;
  } catch (error) {
    throw duckdbError(error, text);
  }
  if (count !== 1) throw refused(`One statement at a time: this text holds ${count}.`);
  const answer = await connection.runAndReadAll('SELECT json_serialize_sql(?::VARCHAR)', [text]);
  const parsed = JSON.parse(String(answer.getRows()[0][0])) as {
    error: boolean;
    error_message?: string;
    statements?: unknown[];
  };
  if (parsed.error) {
    if (/Only SELECT/i.test(parsed.error_message ?? '')) {
      throw refused(`Only reads run here: ${leadingKeyword(text)} was refused. The local store is read-only from SQL.`);
    }
    throw sqlError(parsed.error_message ?? 'The query could not be read.', text);
  }
  const ctes = new Set<string>();
  collectCtes(parsed.statements, ctes);
  for (const name of ctes) {
    if (INTERNAL.has(name)) throw refused(`A CTE may not be named ${name} (a table of the store).`);
    // CTE names are gathered over the whole query, not per scope: a CTE named like a file in one
    // subquery must not let a file of that name through elsewhere (DuckDB reads 'x.csv' as a table).
    if (!PLAIN_NAME.test(name)) throw refused(`A CTE must have a plain name (letters, digits, _), not ${name}.`);
  }
  inspect(parsed.statements, ctes);
  return text;
}

function collectCtes(node: unknown, into: Set<string>): void {
  if (Array.isArray(node)) for (const item of node) collectCtes(item, into);
  else if (node && typeof node === 'object') {
    const o = node as Record<string, unknown>;
    const map = (o.cte_map as { map?: Array<{ key: string }> } | undefined)?.map;
    if (map) for (const entry of map) into.add(entry.key.toLowerCase());
    for (const value of Object.values(o)) collectCtes(value, into);
  }
}

function inspect(node: unknown, ctes: ReadonlySet<string>): void {
  if (Array.isArray(node)) {
    for (const item of node) inspect(item, ctes);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const o = node as Record<string, unknown>;
  if (o.type === 'BASE_TABLE') checkTable(o, ctes);
  else if (o.type === 'TABLE_FUNCTION') {
    const name = String((o.function as Record<string, unknown>)?.function_name ?? '').toLowerCase();
    if (!TABLE_FUNCTIONS.has(name)) {
      throw refused(
        `The table function ${name}() was refused: SQL here reads the legs view only (allowed: ${[...TABLE_FUNCTIONS].join(', ')}).`,
      );
    }
  } else if (o.type === 'SHOW_REF' && o.query == null) {
    throw refused('SHOW was refused: SQL here reads the legs view only (DESCRIBE legs lists its columns).');
  } else if (o.class === 'FUNCTION') {
    const name = String(o.function_name ?? '').toLowerCase();
    // DuckDB's parse puts list and struct literals ([1, 2], {'a': 1}) in schema main: built-ins stay allowed.
    const schema = String(o.schema ?? '').toLowerCase();
    if (o.catalog || (schema !== '' && schema !== 'main')) {
      throw refused(`The function ${o.catalog || o.schema}.${name}() was refused.`);
    }
    if (REFUSED_FUNCTIONS.has(name) || REFUSED_PREFIXES.some((p) => name.startsWith(p))) {
      throw refused(`The function ${name}() was refused: it reads outside the store or changes state.`);
    }
  }
  for (const value of Object.values(o)) inspect(value, ctes);
}

function checkTable(o: Record<string, unknown>, ctes: ReadonlySet<string>): void {
  const name = String(o.table_name ?? '');
  const schema = String(o.schema_name ?? '').toLowerCase();
  const catalog = String(o.catalog_name ?? '');
  const lower = name.toLowerCase();
  if (catalog === '' && schema === '' && PLAIN_NAME.test(lower) && ctes.has(lower)) return;
  if (Object.hasOwn(SQL_VIEWS, lower) && catalog === '' && (schema === '' || schema === 'main')) return;
  const qualified = [catalog, schema, name].filter(Boolean).join('.');
  if (catalog === '' && schema === '' && PLAIN_NAME.test(lower) && !INTERNAL.has(lower)) {
    // A misspelt view: say so, with the nearest name, rather than a refusal that sounds like an attack.
    const near = nearest(lower, Object.keys(SQL_VIEWS));
    throw refused(
      `No view named ${name}.${near ? ` Did you mean ${near}?` : ''} SQL here reads ${Object.keys(SQL_VIEWS).join(' and ')}.`,
    );
  }
  throw refused(
    `Reading ${qualified} was refused: SQL here reads the documented views only, ${Object.keys(SQL_VIEWS).join(' and ')} (docs: "SQL").`,
  );
}

/** The statement's first word (after comments), to name what was refused. */
function leadingKeyword(text: string): string {
  const bare = text.replace(/^(\s|--[^\n]*\n?|\/\*[\s\S]*?\*\/|\()+/, '');
  return (/^[A-Za-z_]+/.exec(bare)?.[0] ?? 'the statement').toUpperCase();
}

/** DuckDB's error about `query`, in words and with its place (sql-errors.ts). */
export function duckdbError(error: unknown, query = ''): ServiceError {
  if (error instanceof ServiceError) return error;
  return sqlError((error as Error)?.message ?? String(error), query);
}
