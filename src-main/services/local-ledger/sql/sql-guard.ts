// The SQL editor's read-only rule, checked on DuckDB's own parse of the query (json_serialize_sql),
// never on the text: one SELECT (FROM-first, VALUES, WITH, PIVOT with an IN list, DESCRIBE and
// SUMMARIZE are SELECTs too), over the `legs` view and the query's own CTEs only, with no table
// function but a handful that make rows from values, and no function that reads files, settings or
// the environment or changes state. Everything else is refused with what was refused
// (docs/local-ledger.md, "SQL").
import { type DuckDBConnection, listValue } from '@duckdb/node-api';
import { SQL_VIEWS } from '../../../../src-shared/contract/legs-view.ts';
import { ServiceError } from '../../errors.ts';
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
const INTERNAL = new Set([
  'leg_rows',
  'leg_store',
  'leg_days',
  'leg_months',
  'sync_staging',
  'party_sync',
  'sync_runs',
  'sync_windows',
  'store_meta',
  'run_ids',
]);

export function refused(message: string): ServiceError {
  return new ServiceError('invalid_argument', message, { refused: true });
}

/** Throws `invalid_argument` unless `sql` is one read of the `legs` view; answers the query without a trailing `;`. */
export async function checkReadOnly(connection: DuckDBConnection, sql: string): Promise<string> {
  const text = sql.trim().replace(/;\s*$/, '');
  if (text === '') throw refused('Write a query, for example: SELECT * FROM legs LIMIT 10');
  // DuckDB stops reading at a NUL: the text it runs would not be the text checked and shown.
  if (text.includes('\0')) throw refused('A query may not hold a NUL character.');
  let count: number;
  try {
    count = (await connection.extractStatements(text)).count;
  } catch (error) {
    // IMPORT DATABASE (and PRAGMA import_database) is expanded while the text is split, by reading
    // the folder's files: in the SQL process that is refused by DuckDB itself; say what was refused.
    if (/^(Permission|IO) Error/.test((error as Error)?.message ?? '')) {
      throw refused(`Only reads run here: ${leadingKeyword(text)} was refused. The local store is read-only from SQL.`);
    }
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
  checkCteNames(parsed.statements);
  const functions = new Set<string>();
  inspect(parsed.statements, new Set(), functions);
  await checkFunctionSchemas(connection, functions);
  return text;
}

/** Every CTE's name, wherever it is: a plain one, never a name of the store's tables. */
function checkCteNames(node: unknown): void {
  if (Array.isArray(node)) for (const item of node) checkCteNames(item);
  else if (node && typeof node === 'object') {
    const o = node as Record<string, unknown>;
    for (const entry of cteEntries(o)) {
      const name = entry.key.toLowerCase();
      if (INTERNAL.has(name)) throw refused(`A CTE may not be named ${name} (a table of the store).`);
      if (!PLAIN_NAME.test(name)) throw refused(`A CTE must have a plain name (letters, digits, _), not ${name}.`);
    }
    for (const value of Object.values(o)) checkCteNames(value);
  }
}

function cteEntries(o: Record<string, unknown>): Array<{ key: string; value: unknown }> {
  return (o.cte_map as { map?: Array<{ key: string; value: unknown }> } | undefined)?.map ?? [];
}

/**
 * Walks the parse with the CTE names in scope where each table is named, as DuckDB binds them: a
 * WITH's names are seen by its own query and by the CTEs after each one, not by a CTE's own body
 * (unless it is a recursive CTE's), and not outside the WITH. A name out of scope is read from the
 * catalog by DuckDB, so it is checked as a table here.
 */
function inspect(node: unknown, visible: ReadonlySet<string>, functions: Set<string>): void {
  if (Array.isArray(node)) {
    for (const item of node) inspect(item, visible, functions);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const o = node as Record<string, unknown>;
  const entries = cteEntries(o);
  let inner = visible;
  if (entries.length > 0) {
    const before = new Set(visible);
    for (const entry of entries) {
      inspect(entry.value, before, functions);
      before.add(entry.key.toLowerCase());
    }
    inner = before;
  }
  if (o.type === 'RECURSIVE_CTE_NODE' && typeof o.cte_name === 'string') {
    inner = new Set([...inner, o.cte_name.toLowerCase()]);
  }
  if (o.type === 'BASE_TABLE') checkTable(o, inner);
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
    functions.add(name);
  }
  for (const [key, value] of Object.entries(o)) if (key !== 'cte_map') inspect(value, inner, functions);
}

/**
 * Functions that exist only outside schema main (pg_catalog's and information_schema's macros, which
 * DuckDB finds without a schema) read the catalog, not data: refused by where they live, so a new one
 * needs no list.
 */
async function checkFunctionSchemas(connection: DuckDBConnection, names: ReadonlySet<string>): Promise<void> {
  if (names.size === 0) return;
  const answer = await connection.runAndReadAll(
    `SELECT function_name, any_value(schema_name) FROM duckdb_functions()
       WHERE list_contains($names, function_name)
       GROUP BY function_name HAVING bool_and(schema_name <> 'main')`,
    { names: listValue([...names]) },
  );
  const [row] = answer.getRows();
  if (row) throw refused(`The function ${row[0]}() of ${row[1]} was refused: it reads the catalog, not the legs.`);
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
