// The SQL editor as an attack surface (issue 25): every row of ./sql-attacks/cases.ts through the real
// bridge (`local:sql` with the screen's row cap; the refused rows also through `local:export` with a
// query), against a store synced from the in-process sandbox. What each expectation means is written
// at the top of cases.ts. Afterwards the store's bytes are exactly as before, and a coverage test
// fails when DuckDB has a table function, table macro, pragma, pg_catalog macro or catalog view that
// no row names.
//
// Budgets of this file: each row gets CASE_MS; a row still running then is cancelled through
// app:cancel (it fails as "ran past its time"), so one endless query cannot stall the rest. The
// sandbox's own time budget must be below CASE_MS for the budget rows to pass.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, realpath, rm, stat } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServices, startAppServices } from '../../src-main/services/app-services.ts';
import { storeFolder, storePathIn } from '../../src-main/services/local-ledger/store/store-paths.ts';
import type { Envelope } from '../../src-shared/contract/errors.ts';
import type { SqlResult, SyncStatus } from '../../src-shared/contract/local-ledger.ts';
import { callOk } from '../fixtures/local-ledger.ts';
import { INTERNAL_NAMES, SQL_ATTACKS, type SqlAttack } from './sql-attacks/cases.ts';

/** Each row's time; a budget row must end (with the sandbox's limit) before it. */
const CASE_MS = 20_000;
/** How long the test keeps cancelling a row that ran past CASE_MS before it gives up on it. */
const CANCEL_GRACE_MS = 10_000;
/** The SQL editor's own row cap. */
const ROW_CAP = 1000;
const PROFILE = 'sandbox';

let services: AppServices;
let closed = false;
let userDataDir: string;
let exportDir: string;
/** What {{tmp}} names: a temp folder of this test's own, so a file an attack writes there is seen. */
let attackTmp: string;
let filesBefore: string[];
let storePath: string;
let nextExportPath = '';
let legCount = 0;
let storeBefore: Record<string, string>;
/** Text no answer may hold unless the query wrote it: the machine's paths and DuckDB's setting values. */
let secrets: Array<{ what: string; text: string }> = [];
/** Setting values (sizes) of an instance configured like the store: not asked of budget errors, which may name a limit. */
let settingValues: string[] = [];
const failures: string[] = [];
const slow: string[] = [];
/** What each budget row answered, for the run's summary. */
const budgetOutcomes: string[] = [];

async function start(): Promise<AppServices> {
  return startAppServices({
    userDataDir,
    version: 'test',
    transport: 'web',
    keychain: { service: `ledger-explorer-test-${randomBytes(4).toString('hex')}` },
    sandbox: { transfers: 2_000, evm: false },
    host: { chooseSavePath: async () => nextExportPath || null },
    // The app's limits but time: a budget row must end before CASE_MS.
    localLedger: { sqlBudgets: { timeMs: 10_000 } },
  });
}

/** The store's own files (the database and its WAL), by name, as sha256. The spill folder is not the store. */
async function hashStore(): Promise<Record<string, string>> {
  const folder = storeFolder(userDataDir);
  const hashes: Record<string, string> = {};
  for (const name of (await readdir(folder)).sort()) {
    if (name !== `${PROFILE}.duckdb` && name !== `${PROFILE}.duckdb.wal`) continue;
    if (!(await stat(join(folder, name))).isFile()) continue;
    hashes[name] = createHash('sha256')
      .update(await readFile(join(folder, name)))
      .digest('hex');
  }
  return hashes;
}

/** Every file under the user-data folder but the store's spill folder (DuckDB's temp files are not the store). */
async function userDataFiles(): Promise<string[]> {
  const spill = join(storeFolder(userDataDir), `${PROFILE}.duckdb.tmp`);
  const entries = await readdir(userDataDir, { recursive: true, withFileTypes: true });
  return (
    entries
      .filter((e) => e.isFile() && !join(e.parentPath, e.name).startsWith(spill))
      .map((e) => relative(userDataDir, join(e.parentPath, e.name)))
      // The SQL snapshot main writes for the queries to read (sql/): the app's file, not an attack's.
      .filter((name) => !new RegExp(`^local-ledger/${PROFILE}\\.duckdb\\.sql/legs-[0-9a-z]+\\.duckdb$`).test(name))
      .sort()
  );
}

beforeAll(async () => {
  userDataDir = await mkdtemp(join(tmpdir(), 'sql-attacks-'));
  exportDir = await mkdtemp(join(tmpdir(), 'sql-attacks-export-'));
  attackTmp = await mkdtemp(join(tmpdir(), 'sql-attacks-tmp-'));
  storePath = storePathIn(storeFolder(userDataDir), PROFILE);
  services = await start();
  const party = services.sandbox?.describe().parties[0] as string;
  const started = await callOk<SyncStatus>(services, 'local:sync', {
    profileId: PROFILE,
    party,
    nodeId: null,
    range: { after: null, before: null },
  });
  expect((await services.local.waitForSync(started.jobId)).state).toBe('done');
  // The store is hashed closed: close() checkpoints (the WAL folds into the file) and lets go of it,
  // so the bytes on disk are the whole store. The attacks then run on services started again over the
  // same folder, and the store is hashed again after those close: an open that writes nothing and a
  // checkpoint with nothing to fold leave the file as it was, so any difference is an attack's doing.
  await services.close();
  storeBefore = await hashStore();
  filesBefore = await userDataFiles();
  expect(Object.keys(storeBefore)).toContain(`${PROFILE}.duckdb`);
  services = await start();
  legCount = await countLegs();
  expect(legCount).toBeGreaterThan(0);

  const paths = new Set([userDataDir, await realpath(userDataDir), homedir(), tmpdir(), await realpath(tmpdir())]);
  // A path too short to mean anything ('/' as HOME) would match every answer.
  secrets = [...paths].filter((text) => text.length >= 4).map((text) => ({ what: `the path ${text}`, text }));
  settingValues = await settingSizes();
}, 120_000);

afterAll(async () => {
  if (!closed) await services.close();
  await rm(userDataDir, { recursive: true, force: true });
  await rm(exportDir, { recursive: true, force: true });
  await rm(attackTmp, { recursive: true, force: true });
  console.log(
    `sql attacks: ${SQL_ATTACKS.length} rows, ${failures.length} failed${failures.length ? `:\n  ${failures.join('\n  ')}` : ''}` +
      (slow.length ? `\nslow rows:\n  ${slow.join('\n  ')}` : '') +
      `\nbudget rows:\n  ${budgetOutcomes.join('\n  ')}`,
  );
});

/**
 * The sizes among DuckDB's setting values (memory_limit, checkpoint_threshold...), as an instance with
 * DuckDB's defaults and one with the store's limits (ledger-store.ts: 192MB, 2 threads) print them.
 */
async function settingSizes(): Promise<string[]> {
  const sizes = new Set<string>();
  const configs: Array<Record<string, string>> = [{}, { memory_limit: '192MB', threads: '2' }];
  for (const options of configs) {
    const db = await DuckDBInstance.create(':memory:', { ...options, autoload_known_extensions: 'false' });
    const c = await db.connect();
    try {
      for (const [value] of (await c.runAndReadAll('SELECT value FROM duckdb_settings()')).getRows()) {
        if (typeof value === 'string' && /^\d+\.\d (KiB|MiB|GiB|TiB)$/.test(value)) sizes.add(value);
      }
    } finally {
      c.closeSync();
      db.closeSync();
    }
  }
  return [...sizes];
}

async function countLegs(): Promise<number> {
  const result = await callOk<SqlResult>(services, 'local:sql', {
    requestId: `req-${randomBytes(4).toString('hex')}`,
    profileId: PROFILE,
    sql: 'SELECT count(*) FROM legs',
    rowCap: 1,
  });
  return Number(result.rows[0][0]);
}

/** The row's text with the placeholders filled in. */
function textOf(attack: SqlAttack): string {
  return attack.sql
    .replaceAll('{{store}}', storePath)
    .replaceAll('{{userData}}', userDataDir)
    .replaceAll('{{home}}', homedir())
    .replaceAll('{{tmp}}', attackTmp);
}

/** What `text` (an answer or a message) gives away that the query `sql` did not write itself. */
function leaks(text: string, sql: string, { sizes = true } = {}): string[] {
  const found: string[] = [];
  const lowerSql = sql.toLowerCase();
  for (const { what, text: secret } of secrets) if (text.includes(secret) && !sql.includes(secret)) found.push(what);
  if (sizes) {
    for (const value of settingValues) {
      if (text.includes(value) && !sql.includes(value)) found.push(`the setting value ${value}`);
    }
  }
  for (const name of INTERNAL_NAMES) {
    if (new RegExp(`\\b${name}\\b`, 'i').test(text) && !lowerSql.includes(name))
      found.push(`the internal name ${name}`);
  }
  const ddl =
    /CREATE\s+(OR\s+REPLACE\s+)?(TEMP\s+|TEMPORARY\s+|UNIQUE\s+)?(TABLE|VIEW|SEQUENCE|MACRO|INDEX|SCHEMA|FUNCTION)\b/i.exec(
      text,
    );
  if (ddl && !new RegExp(ddl[0].replace(/\s+/g, '\\s+'), 'i').test(sql)) found.push(`DDL (${ddl[0]})`);
  return found;
}

const clip = (text: string, n = 160) => (text.length > n ? `${text.slice(0, n)}… (${text.length} chars)` : text);

interface Run {
  answer: Envelope<unknown> | null;
  ms: number;
  /** The row ran past CASE_MS and the test cancelled it. */
  late: boolean;
}

/** Runs `sql` through local:sql; past CASE_MS, cancels it through app:cancel until it ends. */
async function runSql(sql: string): Promise<Run> {
  const requestId = `req-${randomBytes(6).toString('hex')}`;
  const started = performance.now();
  const pending = services.dispatch('local:sql', [{ requestId, profileId: PROFILE, sql, rowCap: ROW_CAP }]);
  const first = await within(pending, CASE_MS);
  if (first !== 'late') return { answer: first, ms: performance.now() - started, late: false };
  // One cancel is enough: the request has been running for CASE_MS, and a cancel kills its SQL
  // process. The answer is then awaited (the signal), within a grace.
  await services.dispatch('app:cancel', [requestId]);
  const after = await within(pending, CANCEL_GRACE_MS);
  return { answer: after === 'late' ? null : after, ms: performance.now() - started, late: true };
}

/** `promise`'s value, or 'late' when it has not settled within `ms`. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | 'late'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** DuckDB's first line of an error (kept by sql-errors.ts), or ''. */
const duckdbLine = (error: { details?: Record<string, unknown> }) => String(error.details?.duckdb ?? '');
/** A refusal: the guard's, or DuckDB's own before anything ran (no such name, not allowed, cannot bind or parse). */
const isRefusal = (error: { code: string; details?: Record<string, unknown> }) =>
  error.code === 'invalid_argument' &&
  (error.details?.refused === true || /^(Catalog|Permission|Binder|Parser) Error/.test(duckdbLine(error)));
/** Words an error uses when it stops a query at a limit. */
const NAMES_A_LIMIT =
  /\blimit|budget|exceed|too (large|long|big|many|deep)|maximum|out of memory|timed? ?out\b|\btime\b/i;

function checkSqlAnswer(attack: SqlAttack, sql: string, run: Run): string[] {
  const { answer } = run;
  if (run.late) {
    return [
      `ran past ${CASE_MS / 1000} s (cancelled by the test${answer ? '' : ', and still running after the grace'})`,
    ];
  }
  if (!answer) return ['no answer'];
  const problems: string[] = [];
  if (attack.expect === 'refused') {
    if (answer.ok) {
      const value = answer.value as SqlResult;
      return [
        `answered ${value.rows.length} rows: ${clip(JSON.stringify({ columns: value.columns.map((c) => c.name), rows: value.rows.slice(0, 3) }))}`,
      ];
    }
    if (!isRefusal(answer.error)) {
      problems.push(`failed but not as a refusal: ${answer.error.code} ${clip(answer.error.message)}`);
    }
    for (const leak of leaks(answer.error.message, sql))
      problems.push(`its message gives away ${leak}: ${clip(answer.error.message)}`);
  } else if (attack.expect === 'harmless') {
    if (answer.ok) {
      const value = answer.value as SqlResult;
      const text = JSON.stringify({ columns: value.columns, rows: value.rows });
      for (const leak of leaks(text, sql)) problems.push(`its answer gives away ${leak}`);
    } else {
      if (answer.error.code !== 'invalid_argument')
        problems.push(`failed with ${answer.error.code}: ${clip(answer.error.message)}`);
      for (const leak of leaks(answer.error.message, sql))
        problems.push(`its message gives away ${leak}: ${clip(answer.error.message)}`);
    }
  } else {
    if (answer.ok) {
      const value = answer.value as SqlResult;
      const bytes = JSON.stringify(value.rows).length;
      return [
        `answered (${value.rows.length} rows, ${bytes.toLocaleString('en')} bytes of cells) in ${Math.round(run.ms)} ms: no limit stopped it`,
      ];
    }
    const { code, message } = answer.error;
    const stopped =
      code !== 'internal' && code !== 'cancelled' && (isRefusal(answer.error) || NAMES_A_LIMIT.test(message));
    if (!stopped) {
      problems.push(`failed without naming a limit: ${code} ${clip(message)}`);
    }
    for (const leak of leaks(message, sql, { sizes: false }))
      problems.push(`its message gives away ${leak}: ${clip(message)}`);
  }
  return problems;
}

/** A refused row through the export: refused the same way, and no file (nor a partial one) left. */
async function checkExport(sql: string): Promise<string[]> {
  nextExportPath = join(exportDir, `attack-${randomBytes(4).toString('hex')}.csv`);
  const answer = await services.dispatch('local:export', [
    { profileId: PROFILE, source: { kind: 'sql', sql }, format: 'csv' },
  ]);
  const problems: string[] = [];
  if (answer.ok) problems.push(`the export wrote ${JSON.stringify((answer.value as { rows?: number })?.rows)} rows`);
  else {
    if (!isRefusal(answer.error))
      problems.push(`the export failed but not as a refusal: ${answer.error.code} ${clip(answer.error.message)}`);
    for (const leak of leaks(answer.error.message, sql)) problems.push(`the export's message gives away ${leak}`);
  }
  const left = await readdir(exportDir);
  if (left.length > 0) {
    problems.push(`the export left ${left.join(', ')}`);
    for (const name of left) await rm(join(exportDir, name), { recursive: true, force: true });
  }
  return problems;
}

describe('SQL attack suite', () => {
  it('has at least 200 rows with unique names, in every class', () => {
    expect(SQL_ATTACKS.length).toBeGreaterThanOrEqual(200);
    const names = SQL_ATTACKS.map((a) => a.name);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    expect(new Set(SQL_ATTACKS.map((a) => a.class)).size).toBe(8);
  });

  for (const attack of SQL_ATTACKS) {
    it(
      `${attack.class} · ${attack.name} (${attack.expect})`,
      async () => {
        const sql = textOf(attack);
        const run = await runSql(sql);
        if (run.ms > 3000) slow.push(`${attack.name}: ${(run.ms / 1000).toFixed(1)} s`);
        if (attack.expect === 'budget') {
          const a = run.answer;
          const what = !a ? 'no answer' : a.ok ? 'answered' : `${a.error.code}: ${clip(a.error.message, 120)}`;
          budgetOutcomes.push(
            `${attack.name}: ${what} after ${(run.ms / 1000).toFixed(1)} s${run.late ? ' (cancelled by the test)' : ''}`,
          );
        }
        const problems = checkSqlAnswer(attack, sql, run);
        if (attack.expect === 'refused') problems.push(...(await checkExport(sql)));
        if (attack.expect === 'budget' || run.late) {
          // The next query still answers (a fresh count, exactly as before).
          const count = await countLegs().catch((error: Error) => `failed: ${error.message}`);
          if (count !== legCount) problems.push(`the next query answered ${count}, not ${legCount}`);
        }
        if (problems.length > 0) failures.push(`[${attack.class}] ${attack.name}: ${problems.join('; ')}`);
        expect(problems, sql.length > 300 ? clip(sql, 300) : sql).toEqual([]);
      },
      CASE_MS + CANCEL_GRACE_MS + 15_000,
    );
  }

  it('leaves the store byte-identical, no file in the user-data folder and none in the temp folder', async () => {
    await services.close();
    closed = true;
    expect(await hashStore()).toEqual(storeBefore);
    expect(await userDataFiles()).toEqual(filesBefore);
    expect(await readdir(attackTmp)).toEqual([]);
  }, 60_000);
});

describe('attack coverage', () => {
  it('has a row naming every table function, table macro, pragma, pg_catalog macro and catalog view', async () => {
    const db = await DuckDBInstance.create(':memory:', {
      autoinstall_known_extensions: 'false',
      autoload_known_extensions: 'false',
    });
    const c = await db.connect();
    let names: Array<[string, string]>;
    try {
      names = (
        await c.runAndReadAll(`
          SELECT DISTINCT function_type AS kind, function_name AS name FROM duckdb_functions()
            WHERE function_type IN ('table', 'table_macro', 'pragma') OR schema_name = 'pg_catalog'
          UNION
          SELECT DISTINCT 'view ' || schema_name, view_name FROM duckdb_views()
            WHERE internal OR schema_name IN ('pg_catalog', 'information_schema')
          ORDER BY 1, 2`)
      ).getRows() as Array<[string, string]>;
    } finally {
      c.closeSync();
      db.closeSync();
    }
    expect(names.length).toBeGreaterThan(100);
    const texts = SQL_ATTACKS.map((a) => a.sql.toLowerCase());
    const missing = names.filter(([, name]) => {
      const word = new RegExp(`(^|[^a-z0-9_])${name.toLowerCase()}([^a-z0-9_]|$)`);
      return !texts.some((text) => word.test(text));
    });
    expect(missing.map(([kind, name]) => `${kind} ${name}`)).toEqual([]);
  });
});
