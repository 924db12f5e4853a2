// One data model: a query written in the app's SQL editor runs unchanged on the app's own exports.
// For every export format, each built-in example and a few exact questions are run in the app
// (local:sql over the store) and by a plain DuckDB over the exported file, read back with the SQL
// the export result gives; the answers must be identical, sums included.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServices, startAppServices } from '../../../../src-main/services/app-services.ts';
import { SQL_EXAMPLES } from '../../../../src-renderer/features/local-ledger/sql/sql-examples.ts';
import {
  ALL_LEGS,
  type LocalExportFormat,
  type LocalExportResult,
  type SqlResult,
  type SyncStatus,
} from '../../../../src-shared/contract/local-ledger.ts';
import { callOk } from '../../../fixtures/local-ledger.ts';

const FORMATS: LocalExportFormat[] = ['parquet', 'parquet-by-month', 'csv', 'jsonl'];

/** What an analyst asks first: counts, exact sums per instrument and scale, times, whole rows. */
const QUESTIONS = [
  // DESCRIBE's "null" column says what the table behind a view allows (the store's NOT NULL), not the data: names and types.
  ...SQL_EXAMPLES.map((x) =>
    x.sql === 'DESCRIBE legs' ? 'SELECT column_name, column_type FROM (DESCRIBE legs)' : x.sql,
  ),
  'SELECT count(*), count(effective_at), min(effective_at), max(effective_at), count(DISTINCT update_id) FROM legs',
  `SELECT instrument_id, amount_scale, direction, count(*), sum(amount_units), decimal_text(sum(amount_units), amount_scale)
     FROM legs GROUP BY instrument_id, amount_scale, direction ORDER BY ALL`,
  'SELECT * FROM instrument_totals ORDER BY ALL',
  'SELECT * FROM legs ORDER BY effective_at, update_id, direction, amount LIMIT 200',
  `SELECT counterparty, decimal_text(sum(amount_units) FILTER (WHERE direction = 'in'), amount_scale) AS received
     FROM legs WHERE amount_exact GROUP BY counterparty, instrument_admin, instrument_id, amount_scale ORDER BY ALL`,
];

let services: AppServices;
let folder: string;
let party: string;
let nextPath = '';

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'one-schema-'));
  services = await startAppServices({
    userDataDir: folder,
    version: 'test',
    transport: 'web',
    keychain: { service: `ledger-explorer-test-${randomBytes(4).toString('hex')}` },
    sandbox: { transfers: 4_000, evm: false },
    host: { chooseSavePath: async () => nextPath || null },
  });
  party = services.sandbox?.describe().parties[0] as string;
  const started = await callOk<SyncStatus>(services, 'local:sync', {
    profileId: 'sandbox',
    party,
    nodeId: null,
    range: { after: null, before: null },
  });
  expect((await services.local.waitForSync(started.jobId)).state).toBe('done');
}, 60_000);
afterAll(async () => {
  await services.close();
  await rm(folder, { recursive: true, force: true });
});

async function inApp(sql: string): Promise<string[][]> {
  const result = await callOk<SqlResult>(services, 'local:sql', {
    requestId: `req-${randomBytes(4).toString('hex')}`,
    profileId: 'sandbox',
    sql,
    rowCap: 10_000,
  });
  expect(result.truncated).toBe(false);
  return result.rows.map((row) => row.map((cell) => (cell === null ? 'NULL' : String(cell))));
}

async function overFile(result: LocalExportResult, sql: string): Promise<string[][]> {
  const db = await DuckDBInstance.create(':memory:');
  const c = await db.connect();
  try {
    const statements = result.readBack.replace(/^--.*$/gm, '').split(/;\n/);
    for (const statement of statements.filter((x) => x.trim())) await c.run(statement);
    return (await c.runAndReadAll(sql))
      .getRowsJson()
      .map((row) => row.map((cell) => (cell === null ? 'NULL' : String(cell))));
  } finally {
    c.closeSync();
    db.closeSync();
  }
}

/** Row by row, so a difference names its row. */
function sameRows(actual: string[][], expected: string[][]): void {
  for (let i = 0; i < Math.max(actual.length, expected.length); i++) expect(actual[i], `row ${i}`).toEqual(expected[i]);
}

async function exportAs(format: LocalExportFormat, source: unknown): Promise<LocalExportResult> {
  nextPath = join(folder, `export-${format}-${randomBytes(3).toString('hex')}`);
  return callOk<LocalExportResult>(services, 'local:export', { profileId: 'sandbox', source, format });
}

describe.each(FORMATS)('the legs exported as %s', (format) => {
  let file: LocalExportResult;
  beforeAll(async () => {
    file = await exportAs(format, {
      kind: 'legs',
      party,
      filters: ALL_LEGS,
      sort: { column: 'effectiveAt', desc: true },
    });
  });

  it.each(QUESTIONS)('answer %s as the app does', async (sql) => {
    const app = await inApp(sql);
    expect(app.length).toBeGreaterThan(0);
    sameRows(await overFile(file, sql), app);
  });
});

describe.each(FORMATS.filter((f) => f !== 'parquet-by-month'))('a query result exported as %s', (format) => {
  it.each([
    SQL_EXAMPLES[0].sql,
    'SELECT instrument_id, amount_scale, sum(amount_units) AS units, sum(amount_units)::HUGEINT AS wide FROM legs GROUP BY ALL ORDER BY ALL',
    'SELECT effective_at, amount, amount_units, amount_exact FROM legs ORDER BY effective_at, amount LIMIT 50',
  ])('reads back as the rows the app showed: %s', async (sql) => {
    const file = await exportAs(format, { kind: 'sql', sql });
    sameRows(await overFile(file, 'SELECT * FROM export'), await inApp(sql));
  });
});
