// Export from the local store through the UI, read back with DuckDB here: the Parquet file holds
// exactly the party's legs as the service sends them over HTTP (a multiset of the 12 fields, under
// the legs view's names), and the by-month folders load as one table with hive partitioning.
import { DuckDBInstance } from '@duckdb/node-api';
import type { Page } from '@playwright/test';
import { TRANSFER_LEG_FIELDS, type TransferLeg } from '../../src-shared/contract/transfers.ts';
import { expect, test } from '../support/web-app.ts';
import { openLocalParty, syncToDone } from './local-support.ts';
import { fetchLegsOverHttp } from './transfers-support.ts';

test.use({ appOptions: { transfers: 4000 } });

const key = (values: unknown[]) => JSON.stringify(values);
const multiset = (legs: TransferLeg[]) => legs.map((leg) => key(TRANSFER_LEG_FIELDS.map((f) => leg[f]))).sort();
/** The 12 fields as sent, under the legs view's names (docs/local-ledger.md, "One data model"). */
const FIELDS = [
  'update_id',
  'effective_at_text',
  'instrument_admin',
  'instrument_id',
  'symbol',
  'decimals',
  'amount',
  'sender_party',
  'receiver_party',
  'counterparty',
  'is_incoming',
  'status',
].join(', ');

async function readBack(query: string): Promise<unknown[][]> {
  const db = await DuckDBInstance.create(':memory:');
  const connection = await db.connect();
  try {
    return (await connection.runAndReadAll(query)).getRows();
  } finally {
    connection.closeSync();
    db.closeSync();
  }
}

/** `previous`: the path the last export wrote, still on screen until this one's answer replaces it. */
async function exportAs(page: Page, format: string, rows: number, previous?: string): Promise<string> {
  await page.getByRole('combobox', { name: 'Export: format' }).selectOption(format);
  await page.getByRole('button', { name: 'Export…' }).click();
  const done = page.getByRole('status').filter({ hasText: 'Wrote' });
  if (previous) await expect(done.locator('code')).not.toHaveText(previous);
  await expect(done).toContainText(`Wrote ${rows.toLocaleString('en')} rows`);
  return (await done.locator('code').textContent()) as string;
}

test('Parquet of every synced leg reads back as the legs over HTTP, and by month as Hive folders', async ({
  app,
  page,
}) => {
  const party = app.sandbox.parties[0];
  const { legs } = await fetchLegsOverHttp(app, party);

  await app.open(page);
  await openLocalParty(page, party);
  await syncToDone(page);

  const file = await exportAs(page, 'parquet', legs.length);
  expect(file.endsWith('.parquet')).toBe(true);
  const rows = await readBack(`SELECT ${FIELDS} FROM read_parquet('${file.replaceAll("'", "''")}')`);
  expect(rows.map(key).sort()).toEqual(multiset(legs));

  const folder = await exportAs(page, 'parquet-by-month', legs.length, file);
  const monthly = await readBack(
    `SELECT ${FIELDS}, month, strftime(effective_at, '%Y-%m') FROM read_parquet('${folder.replaceAll("'", "''")}/**/*.parquet', hive_partitioning = true)`,
  );
  expect(monthly.map((r) => key(r.slice(0, 12))).sort()).toEqual(multiset(legs));
  for (const row of monthly) expect(String(row[12])).toBe(String(row[13]));
});
