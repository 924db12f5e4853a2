// The documented SQL surface: decimal_text() writes units exactly as main's unitsToDecimal does, the
// store's views have the documented columns and types, and docs/local-ledger.md's table says the same.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECIMAL_TEXT_MACRO, SCHEMA_SQL } from '../../../../src-main/services/local-ledger/store/store-schema.ts';
import { unitsToDecimal } from '../../../../src-main/services/local-ledger/store/stored-amount.ts';
import { INSTRUMENT_TOTALS_COLUMNS, LEGS_VIEW_COLUMNS } from '../../../../src-shared/contract/legs-view.ts';

const root = join(import.meta.dirname, '../../../..');
let db: DuckDBInstance;
let c: Awaited<ReturnType<DuckDBInstance['connect']>>;

beforeAll(async () => {
  db = await DuckDBInstance.create(':memory:');
  c = await db.connect();
  for (const sql of SCHEMA_SQL) await c.run(sql);
});
afterAll(() => {
  c.closeSync();
  db.closeSync();
});

describe('decimal_text(units, scale)', () => {
  it('writes any 38-digit units at any scale exactly as unitsToDecimal does', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.bigInt({ min: -(10n ** 38n) + 1n, max: 10n ** 38n - 1n }),
        fc.integer({ min: 0, max: 40 }),
        async (units, scale) => {
          const row = (await c.runAndReadAll(`SELECT decimal_text(${units}::DECIMAL(38,0), ${scale})`)).getRows()[0];
          expect(row[0]).toBe(unitsToDecimal(units, scale));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('takes HUGEINT and BIGNUM sums too, and NULL gives NULL', async () => {
    const rows = (
      await c.runAndReadAll(
        `SELECT decimal_text(-12345::HUGEINT, 2), decimal_text(170141183460469231731687303715884105727::HUGEINT::BIGNUM + 10::BIGNUM, 18), decimal_text(NULL, 2), decimal_text(7, NULL)`,
      )
    ).getRows()[0];
    expect(rows).toEqual(['-123.45', unitsToDecimal((1n << 127n) + 9n, 18), null, null]);
    expect(DECIMAL_TEXT_MACRO).toMatch(/^CREATE OR REPLACE MACRO decimal_text\(units, scale\)/);
  });
});

describe('the documented views', () => {
  it.each([
    ['legs', LEGS_VIEW_COLUMNS],
    ['instrument_totals', INSTRUMENT_TOTALS_COLUMNS],
  ] as const)('%s has the documented columns and types', async (view, columns) => {
    const described = (await c.runAndReadAll(`DESCRIBE ${view}`)).getRows().map((r) => [r[0], r[1]]);
    expect(described).toEqual(columns.map((col) => [col.name, col.type]));
  });

  it.each([
    ['The `legs` view (for SQL)', LEGS_VIEW_COLUMNS],
    ['The `instrument_totals` view', INSTRUMENT_TOTALS_COLUMNS],
  ] as const)('docs/local-ledger.md "%s" lists the same columns and types', async (heading, columns) => {
    const doc = await readFile(join(root, 'docs/local-ledger.md'), 'utf8');
    const section = doc.slice(doc.indexOf(`## ${heading}`));
    expect(section.length).toBeLessThan(doc.length);
    const table = section.slice(0, section.indexOf('\n\n', section.indexOf('| ---')));
    const rows = table
      .split('\n')
      .filter((line) => line.startsWith('| ') && !line.startsWith('| Column') && !line.startsWith('| ---'))
      .map((line) => line.split('|').map((cell) => cell.trim()))
      .flatMap(([, names, type]) => names.split(',').map((n) => [n.trim(), type]));
    expect(rows).toEqual(columns.map((col) => [col.name, col.type]));
  });
});
