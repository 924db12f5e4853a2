// A notebook query through the `local:sql` channel (dispatch, its zod check, main, the SQL process)
// against a store synced from the in-process sandbox: the values travel beside the text (params),
// each type's injection attempt comes back as data or is refused at the channel, the store is
// untouched, and "Export all rows" of the same query writes the same parameterized rows.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServices, startAppServices } from '../../../../src-main/services/app-services.ts';
import type {
  LocalExportResult,
  SqlParam,
  SqlResult,
  SyncStatus,
} from '../../../../src-shared/contract/local-ledger.ts';
import { bindQuery, type ParamDecl } from '../../../../src-shared/notebook/query-params.ts';
import { toSqlParams } from '../../../../src-shared/notebook/sql-wire.ts';
import { callOk } from '../../../fixtures/local-ledger.ts';

let services: AppServices;
let party: string;
let folder: string;
let nextPath = '';

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'nb-sql-'));
  services = await startAppServices({
    userDataDir: folder,
    version: 'test',
    transport: 'web',
    keychain: { service: `ledger-explorer-test-${randomBytes(4).toString('hex')}` },
    sandbox: { transfers: 2_000, evm: false },
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
});

const request = (sql: string, params?: SqlParam[]) => ({
  requestId: `req-${randomBytes(4).toString('hex')}`,
  profileId: 'sandbox',
  sql,
  rowCap: 1000,
  ...(params ? { params } : {}),
});
const run = (sql: string, params?: SqlParam[]) => callOk<SqlResult>(services, 'local:sql', request(sql, params));
const dispatch = (sql: string, params: unknown) => services.dispatch('local:sql', [{ ...request(sql), params }]);

/** Binds as the notebook screen does and runs it through the channel. */
async function runBound(sql: string, declared: ParamDecl[], values: Record<string, string>) {
  const bound = bindQuery(sql, declared, values, { zone: 'utc' });
  if (!bound.ok) throw new Error(JSON.stringify(bound));
  return run(bound.text, toSqlParams(bound.params));
}
const firstCell = (r: SqlResult) => r.rows[0]?.[0];
const legCount = async () => Number(firstCell(await run('SELECT count(*) FROM legs')));

describe('local:sql with params', () => {
  it('binds a party and an exact number: the answer a literal query gives', async () => {
    const min = '1000';
    const literal = await run(
      `SELECT count(*) FROM legs WHERE party = '${party}' AND amount_units >= ${min} * 10 ^ 0 AND amount_scale = 0`,
    );
    const sql = 'SELECT count(*) FROM legs WHERE party = {{party}} AND amount_units >= {{min}} AND amount_scale = 0';
    const bound = await runBound(sql, [{ name: 'min', type: 'number' }], { party, min });
    expect(firstCell(bound)).toEqual(firstCell(literal));
    // Some legs on each side, so the comparison says something.
    const all = Number(firstCell(await run(`SELECT count(*) FROM legs WHERE party = '${party}' AND amount_scale = 0`)));
    expect(Number(firstCell(bound))).toBeGreaterThan(0);
    expect(Number(firstCell(bound))).toBeLessThan(all);
  });

  it('binds a time range', async () => {
    const sql =
      'SELECT count(*) FROM legs WHERE party = {{party}} AND effective_at >= {{from}} AND effective_at < {{to}}';
    const inRange = await runBound(sql, [], { party, from: '2000-01-01', to: '2100-01-01' });
    const none = await runBound(sql, [], { party, from: '2100-01-01', to: '2100-01-02' });
    expect(Number(firstCell(inRange))).toBe(
      Number(firstCell(await run(`SELECT count(*) FROM legs WHERE party = '${party}'`))),
    );
    expect(Number(firstCell(none))).toBe(0);
  });

  it('text and instrument values that look like SQL come back as data', async () => {
    const before = await legCount();
    for (const attack of ["' OR '1'='1", "x'; DROP VIEW legs; --", '{{party}}', '$1']) {
      const text = await runBound('SELECT count(*) FROM legs WHERE status = {{s}}', [{ name: 's', type: 'text' }], {
        s: attack,
      });
      expect(Number(firstCell(text))).toBe(0);
      const instrument = await runBound('SELECT count(*) FROM legs WHERE instrument_id = {{instrument}}', [], {
        instrument: attack,
      });
      expect(Number(firstCell(instrument))).toBe(0);
      // Echoed back as the value itself, not run.
      expect(firstCell(await runBound('SELECT {{s}} AS v', [{ name: 's', type: 'text' }], { s: attack }))).toBe(attack);
    }
    expect(await legCount()).toBe(before);
  });

  it('a party, a time or a number that carries SQL is refused at its field, never sent', () => {
    const decl: ParamDecl[] = [{ name: 'n', type: 'number' }];
    const sql = 'SELECT 1 WHERE {{party}} = {{party}} AND {{from}} < now() AND {{n}} > 0';
    const bound = bindQuery(
      sql,
      decl,
      { party: `${party}' OR '1'='1`, from: "2026-01-01'; DROP VIEW legs; --", n: '1 OR 1=1' },
      { zone: 'utc' },
    );
    expect(bound.ok).toBe(false);
    if (bound.ok) return;
    expect(Object.keys(bound.fields).sort()).toEqual(['from', 'n', 'party']);
  });

  it('the channel refuses a time or a number whose wire text carries SQL, and malformed values', async () => {
    const before = await legCount();
    const bad: unknown[] = [
      [{ type: 'TIMESTAMP', micros: '0); DROP VIEW legs; --' }],
      [{ type: 'DECIMAL', units: '1 OR 1=1', width: 10, scale: 0 }],
      [{ type: 'DECIMAL', units: '123', width: 2, scale: 0 }],
      [{ type: 'VARCHAR', value: 'a\0b' }],
      [{ type: 'VARCHAR', value: 'x', sql: 'DROP VIEW legs' }],
      [{ type: 'BLOB', value: 'x' }],
      Array.from({ length: 65 }, () => ({ type: 'VARCHAR', value: 'x' })),
      'not a list',
    ];
    for (const params of bad) {
      const answer = await dispatch('SELECT $1', params);
      expect(answer.ok).toBe(false);
      if (!answer.ok) expect(answer.error.code).toBe('invalid_argument');
    }
    expect(await legCount()).toBe(before);
  });

  it('"Export all rows" of a parameterized query writes the rows the screen showed', async () => {
    const sql =
      'SELECT update_id, amount_units FROM legs WHERE party = {{party}} AND amount_units >= {{min}} AND amount_scale = 0 ORDER BY update_id';
    const bound = bindQuery(sql, [{ name: 'min', type: 'number' }], { party, min: '1000' }, { zone: 'utc' });
    if (!bound.ok) throw new Error('not bound');
    const params = toSqlParams(bound.params);
    const shown = await callOk<SqlResult>(services, 'local:sql', { ...request(bound.text, params), rowCap: 10_000 });
    nextPath = join(folder, 'query.csv');
    const written = await callOk<LocalExportResult>(services, 'local:export', {
      profileId: 'sandbox',
      source: { kind: 'sql', sql: bound.text, params },
      format: 'csv',
    });
    expect(written.rows).toBe(shown.rows.length);
    const lines = (await readFile(nextPath, 'utf8')).trim().split('\r\n');
    expect(lines[0]).toBe('update_id,amount_units');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(shown.rows.map((r) => r[0]));
  });
});
