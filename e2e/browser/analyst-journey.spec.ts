// An analyst's job, end to end, from a fresh user-data folder (issue 24, "One product"): a sample
// party on Transfers, carried over to the Local ledger and synced; the SQL editor's first example;
// the legs exported as Parquet, and the same query over that file in a plain DuckDB (read back with
// the SQL the app hands over) gives the same answer, sums included. Then the page is reloaded,
// dev:web is restarted on the same folder, and a scheduled `cli sync` runs while it is open: nothing
// is lost, and the CLI's legs appear by themselves.
import { randomBytes } from 'node:crypto';
import { DuckDBInstance } from '@duckdb/node-api';
import type { Page } from '@playwright/test';
import type { SqlResult } from '../../src-shared/contract/local-ledger.ts';
import { expect, test } from '../support/web-app.ts';
import { runCliSync, syncToDone } from './local-support.ts';
import { expectPage } from './transfers-support.ts';

const TRANSFERS = 3000;
test.use({ appOptions: { transfers: TRANSFERS } });

/** The app's own answer to `sql`, through the real bridge (every row, cells as text). */
async function appAnswer(page: Page, sql: string): Promise<string[][]> {
  const result = (await page.evaluate(
    ([text, requestId]) => window.ledger.local.sql({ requestId, profileId: 'sandbox', sql: text, rowCap: 10_000 }),
    [sql, `req-${randomBytes(4).toString('hex')}`] as const,
  )) as SqlResult;
  expect(result.truncated).toBe(false);
  return result.rows.map((row) => row.map((cell) => (cell === null ? 'NULL' : String(cell))));
}

/** `sql` in a plain DuckDB over an exported file, after the read-back SQL the app gave for it. */
async function fileAnswer(readBack: string, sql: string): Promise<string[][]> {
  const db = await DuckDBInstance.create(':memory:');
  const c = await db.connect();
  try {
    for (const statement of readBack.replace(/^--.*$/gm, '').split(/;\n/)) {
      if (statement.trim()) await c.run(statement);
    }
    return (await c.runAndReadAll(sql))
      .getRowsJson()
      .map((row) => row.map((cell) => (cell === null ? 'NULL' : String(cell))));
  } finally {
    c.closeSync();
    db.closeSync();
  }
}

/** Exports with a menu of the screen and returns the read-back SQL copied from its result. */
async function exportParquet(page: Page, label: string, rows: number): Promise<string> {
  await page.getByRole('combobox', { name: `${label}: format` }).selectOption('parquet');
  await page.getByRole('button', { name: `${label}…` }).click();
  const done = page.getByRole('status').filter({ hasText: 'Wrote' });
  await expect(done).toContainText(`Wrote ${rows.toLocaleString('en')} rows`);
  await done.getByRole('button', { name: 'Copy DuckDB SQL that reads this export' }).click();
  // The copy lands when the clipboard's write resolves: wait for this export's file in it (the
  // second export would otherwise read the first one's SQL).
  const file = (await done.locator('code').textContent()) as string;
  const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
  await expect.poll(clipboard).toContain(file);
  return clipboard();
}

test('sample party → sync → SQL → Parquet → DuckDB gives the same answer; reload, restart and a CLI sync lose nothing', async ({
  app,
  page,
  context,
}) => {
  test.slow();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(app.url).origin });
  await page.setViewportSize({ width: 1280, height: 800 });
  await app.open(page);

  // Transfers: the sandbox offers a party to try.
  await page.getByRole('button', { name: 'Try a sample party' }).click();
  await expectPage(page, 1);
  const party = await page.getByLabel('Party id').inputValue();

  // The Local ledger opens on that party; sync it whole.
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Local ledger' }).click();
  await expect(page.getByText('Carried over from Transfers')).toBeVisible();
  await syncToDone(page);
  const provenance = page.getByTestId('local-provenance');
  // The panel says done on the job's last event; the line reads the store's status right after.
  await expect(provenance).toHaveText(/^Local, synced .*, [\d,]+ legs$/);
  const legs = Number(/, ([\d,]+) legs$/.exec((await provenance.textContent()) ?? '')?.[1].replaceAll(',', ''));
  expect(legs).toBeGreaterThan(0);

  // The SQL editor opens with its first example; Run shows its rows.
  await page.getByRole('tab', { name: 'SQL' }).click();
  await page.getByRole('button', { name: 'Run' }).click();
  const summary = page.locator('.sql-summary');
  await expect(summary).toContainText(/^\d+ rows? in/);
  const example = await page.evaluate(() => {
    const editor = document.querySelector('.sql-editor')?.shadowRoot?.querySelector('.cm-content');
    return (editor as HTMLElement | null)?.innerText ?? '';
  });
  expect(example).toContain('FROM instrument_totals');
  const answer = await appAnswer(page, example);
  await expect(summary).toContainText(`${answer.length} ${answer.length === 1 ? 'row' : 'rows'} in`);
  expect(answer.every((row) => row[0] === party)).toBe(true);

  // The query's own rows, exported as Parquet, read back as the rows the app showed.
  const queryFile = await exportParquet(page, 'Export all rows', answer.length);
  expect(await fileAnswer(queryFile, 'SELECT * FROM export')).toEqual(answer);

  // The legs themselves, exported as Parquet from the table: the same example over the file.
  await page.getByRole('tab', { name: 'Transfers' }).click();
  const legsFile = await exportParquet(page, 'Export', legs);
  expect(await fileAnswer(legsFile, example)).toEqual(answer);
  const sums =
    'SELECT instrument_id, amount_scale, decimal_text(sum(amount_units), amount_scale) FROM legs GROUP BY instrument_id, amount_scale ORDER BY ALL';
  expect(await fileAnswer(legsFile, sums)).toEqual(await appAnswer(page, sums));

  // A setting changed in the app, to see it survive.
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Settings' }).click();
  await page.getByLabel('Theme').selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  // Reload (F5): the same app, no key in the address bar, the store and the setting still there.
  await page.reload();
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
  expect(page.url()).not.toContain('bridge=');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Local ledger' }).click();
  await expect(provenance).toHaveText(new RegExp(`, ${legs.toLocaleString('en')} legs$`));

  // dev:web stopped and run again on the same folder: the page says so, then recovers by itself.
  await app.stopServer();
  await expect(page.getByRole('alert').filter({ hasText: "Ledger Explorer's server stopped" })).toBeVisible();
  await app.startServer();
  await expect(page.getByRole('alert').filter({ hasText: "Ledger Explorer's server stopped" })).toHaveCount(0);
  await expect(provenance).toHaveText(new RegExp(`, ${legs.toLocaleString('en')} legs$`));
  expect(await appAnswer(page, example)).toEqual(answer);

  // A scheduled `cli sync` of another party while the app is open: it succeeds, and the party
  // appears in the Local ledger's list with its legs, with no reload and no click.
  const other = app.sandbox.parties.find((p) => p !== party) as string;
  const cli = await runCliSync(app.userDataDir, other.split('::')[0], TRANSFERS);
  expect(cli.code, cli.stderr).toBe(0);
  const synced = JSON.parse(cli.stdout) as { state: string; legs: number };
  expect(synced.state).toBe('done');
  await expect(
    page.getByLabel('Party', { exact: true }).locator('option', { hasText: other.split('::')[0] }),
  ).toHaveText(new RegExp(`${synced.legs.toLocaleString('en')} legs`));
  // And what was there before is all still there.
  await expect(provenance).toHaveText(new RegExp(`, ${legs.toLocaleString('en')} legs$`));
  expect(await appAnswer(page, `SELECT count(*) FROM legs WHERE party = '${party}'`)).toEqual([[String(legs)]]);
});
