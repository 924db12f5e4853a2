// A chart of a SQL result over a store synced through the UI (issue 28; docs/notebook.md, "The
// chart"): the SQL tab's Table | Chart shows the result as bars, lines, areas and stacks; the value
// under the pointer is the exact sum (units at their scale, added in BigInt) the table shows as
// text; the SVG and PNG exports are written by main and download as the files it wrote.
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import {
  addDecimal,
  type Decimal,
  decimalToString,
  formatAmount,
  parseDecimal,
  rescale,
} from '../../src-shared/decimal.ts';
import { readRfc3339 } from '../../src-shared/time/time-text.ts';
import { expect, test } from '../support/web-app.ts';
import { openLocalParty, syncToDone } from './local-support.ts';
import { fetchLegsOverHttp } from './transfers-support.ts';

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

  // A units + scale pair (the chart reads units / 10^scale exactly) and the same sum as text, for two
  // instruments: the chart draws one of them at a time. (Few enough rows to be all on screen.)
  await runQuery(
    page,
    `SELECT status, direction, symbol, sum(amount_units) AS amount_units, amount_scale,
  decimal_text(sum(amount_units), amount_scale) AS exact
FROM legs WHERE party = '${party}' AND amount_units IS NOT NULL AND symbol IN ('CC', 'USDX')
GROUP BY status, direction, symbol, amount_scale ORDER BY status, direction, symbol, amount_scale`,
  );
  const table = page.getByRole('table', { name: 'Query results' });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  const all: string[][] = [];
  for (const row of await table.locator('tbody tr').all()) all.push(await row.locator('td').allTextContents());
  // The instrument drawn first: the one with the most rows (the first of them in the result's order).
  const keyOf = (r: string[]) => `${r[2]} · scale ${r[4]}`;
  const rowsOf = new Map<string, number>();
  for (const r of all) rowsOf.set(keyOf(r), (rowsOf.get(keyOf(r)) ?? 0) + 1);
  const most = Math.max(...rowsOf.values());
  const key = [...rowsOf].find(([, n]) => n === most)?.[0] as string;
  const rows = all.filter((r) => keyOf(r) === key);
  const unit = rows[0][2];
  expect(rows.length).toBeGreaterThan(1);
  const [status0, direction0] = rows[0];
  const exactOf = (status: string, direction?: string) =>
    sum(rows.filter((r) => r[0] === status && (direction === undefined || r[1] === direction)).map((r) => r[5]));
  const categories = new Set(rows.map((r) => r[0])).size;

  await page.getByRole('button', { name: 'Chart', exact: true }).click();
  const chart = page.getByTestId('result-chart');
  const readout = page.getByTestId('chart-readout');
  await expect(page.getByRole('combobox', { name: 'Y', exact: true })).toHaveValue('amount_units');
  await expect(page.getByRole('combobox', { name: 'X', exact: true })).toHaveValue('status');
  await expect(page.getByRole('combobox', { name: 'Instrument', exact: true })).toHaveValue(key);
  await expect(page.getByText('"amount_units" is read at the scale in "amount_scale".')).toBeVisible();
  await expect(chart).toHaveAttribute(
    'aria-label',
    new RegExp(`: amount \\(${unit.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\) by `),
  );

  // Bars of one series: the first category's exact sum over both directions, with its unit.
  await pointAt(chart, 0.5 / categories, 0.5);
  await expect(readout).toHaveText(`${status0} · amount_units: ${formatAmount(exactOf(status0), null)} ${unit}`);

  // Split by direction, side by side: the first bar of the first group is the first row's direction.
  await page.getByRole('combobox', { name: 'Series', exact: true }).selectOption('direction');
  await expect(page.getByRole('list', { name: 'Series' })).toContainText(direction0);
  await pointAt(chart, 0.3 / categories, 0.5);
  await expect(readout).toHaveText(
    `${status0} · ${direction0}: ${formatAmount(exactOf(status0, direction0), null)} ${unit}`,
  );

  // Stacked: whichever segment is pointed at, the stack's total is the category's exact sum.
  await page.getByRole('combobox', { name: 'Chart', exact: true }).selectOption('stacked');
  await pointAt(chart, 0.5 / categories, 0.5);
  await expect(readout).toContainText(`(stack total ${formatAmount(exactOf(status0), null)} ${unit})`);

  for (const kind of ['line', 'area', 'stacked'] as const) {
    await page.getByRole('combobox', { name: 'Chart', exact: true }).selectOption(kind);
    await pointAt(chart, 0.5 / categories, 0.5);
    await expect(readout).toHaveText(new RegExp(`^${status0.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} · `));
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
  expect(svg).toContain(`>amount (${unit})</text>`);
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

/** A date `days` from today on the local calendar, as the form writes it (2026-12-08). */
function localDate(days: number): string {
  const now = new Date();
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

test('the built-in Monthly net flow runs at once and draws one instrument at its scale, its unit on the axis', async ({
  app,
  page,
}) => {
  const party = app.sandbox.parties[0];
  const [from, to] = [localDate(-365), localDate(1)];
  const [fromMs, toMs] = [new Date(`${from}T00:00:00`).getTime(), new Date(`${to}T00:00:00`).getTime()];
  // The built-in's answer from the legs over HTTP: completed legs per UTC month and instrument (id,
  // admin, scale), net = in − out exactly; rows in its order (month, id, admin, scale).
  const nets = new Map<
    string,
    { month: string; id: string; admin: string; scale: number; symbol: string; net: Decimal }
  >();
  for (const leg of (await fetchLegsOverHttp(app, party)).legs) {
    const at = readRfc3339(leg.effectiveAt);
    const amount = parseDecimal(leg.amount ?? '');
    if (leg.status !== 'completed' || !at || !amount || at.ms < fromMs || at.ms >= toMs) continue;
    const scale = leg.decimals ?? 18;
    let units: Decimal;
    try {
      units = rescale(amount, scale);
    } catch {
      continue; // more digits than its decimals: kept as text, left out of sums
    }
    const month = new Date(at.ms).toISOString().slice(0, 8).concat('01');
    const key = JSON.stringify([month, leg.instrumentId, leg.instrumentAdmin, scale]);
    const row = nets.get(key) ?? {
      month,
      id: leg.instrumentId ?? '',
      admin: leg.instrumentAdmin ?? '',
      scale,
      symbol: leg.symbol ?? '',
      net: { units: 0n, scale },
    };
    row.net = addDecimal(row.net, leg.isIncoming ? units : { units: -units.units, scale });
    nets.set(key, row);
  }
  // DuckDB compares text byte by byte (not by locale).
  const byBytes = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const rows = [...nets.values()].sort(
    (a, b) => byBytes(a.month, b.month) || byBytes(a.id, b.id) || byBytes(a.admin, b.admin) || a.scale - b.scale,
  );
  const instrumentOf = (r: (typeof rows)[number]) => `${r.id} · ${r.admin} · scale ${r.scale}`;
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(instrumentOf(r), (counts.get(instrumentOf(r)) ?? 0) + 1);
  expect(counts.size).toBeGreaterThan(1);
  const most = Math.max(...counts.values());
  const drawn = [...counts].find(([, n]) => n === most)?.[0] as string;
  const other = [...counts.keys()].find((k) => k !== drawn && rows.some((r) => instrumentOf(r) === k && r.symbol));
  const firstOf = (key: string) => rows.find((r) => instrumentOf(r) === key) as (typeof rows)[number];

  await app.open(page);
  await openLocalParty(page, party);
  await syncToDone(page);
  await page.getByRole('tab', { name: 'SQL' }).click();
  await page
    .getByRole('navigation', { name: 'Queries' })
    .getByRole('button', { name: 'Monthly net flow per instrument' })
    .click();
  // From and To start filled (the last 365 days): Run needs nothing typed.
  const form = page.getByRole('group', { name: 'Parameters' });
  await expect(form.getByLabel('From (included)')).toHaveValue(from);
  await expect(form.getByLabel('To (excluded)')).toHaveValue(to);
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByRole('table', { name: 'Query results' }).locator('tbody tr').first()).toBeVisible();
  await page.getByRole('button', { name: 'Chart', exact: true }).click();

  const chart = page.getByTestId('result-chart');
  const readout = page.getByTestId('chart-readout');
  const instrument = page.getByRole('combobox', { name: 'Instrument', exact: true });
  await expect(instrument).toHaveValue(drawn);
  await expect(instrument.locator('option')).toHaveCount(counts.size);
  // One instrument, at its scale: the first month's exact net with its unit, the unit in the axis's name.
  const first = firstOf(drawn);
  await expect(chart).toHaveAttribute(
    'aria-label',
    new RegExp(`^Monthly net flow per instrument: net \\(${first.symbol}\\) by `),
  );
  await chart.focus();
  await page.keyboard.press('Home');
  await expect(readout).toHaveText(
    `${first.month} · net_units: ${formatAmount(decimalToString(first.net), null)} ${first.symbol}`,
  );

  // Another instrument: its own scale and unit.
  const next = firstOf(other as string);
  await instrument.selectOption(other as string);
  await expect(chart).toHaveAttribute(
    'aria-label',
    new RegExp(`^Monthly net flow per instrument: net \\(${next.symbol}\\) by `),
  );
  await chart.focus();
  await page.keyboard.press('Home');
  await expect(readout).toHaveText(
    `${next.month} · net_units: ${formatAmount(decimalToString(next.net), null)} ${next.symbol}`,
  );
});
