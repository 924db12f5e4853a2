// A chart of a SQL result over a store synced through the UI (issue 28; docs/notebook.md, "The
// chart"): the SQL tab's Table | Chart shows the result as bars, lines, areas and stacks; the value
// under the pointer is the exact sum (units at their scale, added in BigInt) the table shows as
// text; the SVG and PNG exports are written by main and download as the files it wrote.
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { addDecimal, type Decimal, decimalToString, formatAmount, parseDecimal } from '../../src-shared/decimal.ts';
import { expect, test } from '../support/web-app.ts';
import { openLocalParty, syncToDone } from './local-support.ts';

test.use({ appOptions: { transfers: 2000 } });

async function runQuery(page: Page, sql: string): Promise<void> {
  const editor = page.getByRole('textbox', { name: 'SQL query' });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.type(sql);
  await page.keyboard.press('ControlOrMeta+Enter');
}

/** Points at a spot of the plot: `fx` of its width, `fy` of its height. */
async function pointAt(chart: Locator, fx: number, fy: number): Promise<void> {
  const over = chart.locator('.u-over');
  const box = await over.boundingBox();
  if (!box) throw new Error('the plot is not on screen');
  await over.hover({ position: { x: box.width * fx, y: box.height * fy } });
}

const sum = (values: string[]) =>
  decimalToString(values.reduce<Decimal>((a, v) => addDecimal(a, parseDecimal(v) as Decimal), { units: 0n, scale: 0 }));

async function download(page: Page, fileName: string): Promise<Buffer> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: `Download ${fileName}` }).click();
  const file = await downloading;
  expect(await file.failure()).toBeNull();
  return readFile(await file.path());
}

test('a result charted as bars, stacks, lines and areas reads exact sums, and exports SVG and PNG', async ({
  app,
  page,
}) => {
  const party = app.sandbox.parties[0];
  await app.open(page);
  await openLocalParty(page, party);
  await syncToDone(page);
  await page.getByRole('tab', { name: 'SQL' }).click();

  // A units + scale pair (the chart reads units / 10^scale exactly) and the same sum as text.
  await runQuery(
    page,
    `SELECT coalesce(symbol, '?') AS symbol, direction, sum(amount_units) AS amount_units, amount_scale,
  decimal_text(sum(amount_units), amount_scale) AS exact
FROM legs WHERE party = '${party}' AND amount_units IS NOT NULL
GROUP BY symbol, direction, amount_scale ORDER BY symbol, direction, amount_scale`,
  );
  const table = page.getByRole('table', { name: 'Query results' });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  const rows: string[][] = [];
  for (const row of await table.locator('tbody tr').all()) rows.push(await row.locator('td').allTextContents());
  expect(rows.length).toBeGreaterThan(1);
  const [symbol0, direction0] = rows[0];
  const exactOf = (symbol: string, direction?: string) =>
    sum(rows.filter((r) => r[0] === symbol && (direction === undefined || r[1] === direction)).map((r) => r[4]));
  const categories = new Set(rows.map((r) => r[0])).size;

  await page.getByRole('button', { name: 'Chart', exact: true }).click();
  const chart = page.getByTestId('result-chart');
  const readout = page.getByTestId('chart-readout');
  await expect(page.getByRole('combobox', { name: 'Y', exact: true })).toHaveValue('amount_units');
  await expect(page.getByText('"amount_units" is read at the scale in "amount_scale".')).toBeVisible();

  // Bars of one series: the first category's exact sum over both directions.
  await pointAt(chart, 0.5 / categories, 0.5);
  await expect(readout).toHaveText(`${symbol0} · amount_units: ${formatAmount(exactOf(symbol0), null)}`);

  // Split by direction, side by side: the first bar of the first group is the first row's direction.
  await page.getByRole('combobox', { name: 'Series', exact: true }).selectOption('direction');
  await expect(page.getByRole('list', { name: 'Series' })).toContainText(direction0);
  await pointAt(chart, 0.3 / categories, 0.5);
  await expect(readout).toHaveText(`${symbol0} · ${direction0}: ${formatAmount(exactOf(symbol0, direction0), null)}`);

  // Stacked: whichever segment is pointed at, the stack's total is the category's exact sum.
  await page.getByRole('combobox', { name: 'Chart', exact: true }).selectOption('stacked');
  await pointAt(chart, 0.5 / categories, 0.5);
  await expect(readout).toContainText(`(stack total ${formatAmount(exactOf(symbol0), null)})`);

  for (const kind of ['line', 'area', 'stacked'] as const) {
    await page.getByRole('combobox', { name: 'Chart', exact: true }).selectOption(kind);
    await pointAt(chart, 0.5 / categories, 0.5);
    await expect(readout).toHaveText(new RegExp(`^${symbol0.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} · `));
  }

  if (process.env.SCREENSHOTS) {
    await page.screenshot({ path: join(resolve(import.meta.dirname, '../..'), 'docs/screenshots/result-chart.png') });
  }

  // SVG: main writes it in the exports folder; the page downloads exactly that file.
  await page.getByRole('combobox', { name: 'Chart', exact: true }).selectOption('bar');
  await page.getByRole('button', { name: 'Export SVG…' }).click();
  const savedSvg = page.getByRole('status').filter({ hasText: 'Saved the chart (SVG)' });
  const svgPath = (await savedSvg.locator('code').textContent()) ?? '';
  expect(svgPath.startsWith(app.exportDir)).toBe(true);
  const svg = (await download(page, svgPath.split('/').at(-1) as string)).toString('utf8');
  expect(svg).toBe(await readFile(svgPath, 'utf8'));
  expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  // The chart is titled by the query's name: picking a chart gave the scratch query a header ("Untitled query").
  expect(svg).toContain('<title>Untitled query</title>');
  expect(svg).toContain(`>${direction0}</text>`);
  expect(svg.match(/<rect /g)?.length).toBeGreaterThan(rows.length);
  expect(svg).not.toMatch(/<script|on[a-z]+=|href=/i);

  // PNG: the canvas with its title, a real PNG.
  await page.getByRole('button', { name: 'Export PNG…' }).click();
  const savedPng = page.getByRole('status').filter({ hasText: 'Saved the chart (PNG)' });
  const pngPath = (await savedPng.locator('code').textContent()) ?? '';
  const png = await download(page, pngPath.split('/').at(-1) as string);
  expect(png.equals(await readFile(pngPath))).toBe(true);
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(png.length).toBeGreaterThan(2000);
});
