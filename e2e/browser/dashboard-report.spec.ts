// "Save as report" while a panel is still running (issue 37): the report waits for it and is written
// with the panel's rows and its query's name, or, on "Save now", names the panel as running. It was
// written at once, saying "Ran: not run / Not run." under the query's file name, with no warning.
// The panel is held in "Running…" by holding its query's request to main until the test lets it go.
import { readFile } from 'node:fs/promises';
import type { Route } from '@playwright/test';
import { expect, test } from '../support/web-app.ts';
import { openLocalParty, syncToDone } from './local-support.ts';

test.use({ appOptions: { transfers: 2000 } });

const SQL_CHANNEL = `**/__bridge/${encodeURIComponent('local:sql')}`;

test('a report saved while a panel runs waits for it, or names it as running; never "not run"', async ({
  app,
  page,
}) => {
  await app.open(page);
  await openLocalParty(page, app.sandbox.parties[0]);
  await syncToDone(page);
  await page.getByRole('tab', { name: 'SQL' }).click();
  await page
    .getByRole('navigation', { name: 'Queries' })
    .getByRole('button', { name: 'Totals per instrument' })
    .click();
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByRole('table', { name: 'Query results' }).locator('tbody tr').first()).toBeVisible();
  await page.getByRole('button', { name: 'Pin to dashboard' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Pinned' })).toBeVisible();

  // From here each query a panel sends waits until the test lets it go.
  const held: Route[] = [];
  await page.route(SQL_CHANNEL, (route) => void held.push(route));
  const release = async () => {
    await expect.poll(() => held.length).toBeGreaterThan(0);
    for (const route of held.splice(0)) await route.continue();
  };

  // The panel's first run, held: it says Running… and has no rows yet.
  await page.getByRole('tab', { name: 'Dashboard' }).click();
  const state = page.getByRole('article').getByTestId('panel-state');
  await expect(state).toHaveText('Running…');
  await page.getByRole('button', { name: 'Save as report' }).click();
  const waiting = page.getByTestId('report-waiting');
  await expect(waiting).toContainText('Save as report waits for 1 running panel');
  await expect(page.getByRole('button', { name: 'Waiting for running panels…' })).toBeDisabled();
  await expect(page.getByText(/^Report saved to/)).toHaveCount(0);

  // It ends: the report is written by itself, with the panel under its query's name and its rows.
  await release();
  await expect(state).toHaveText(/^Refreshed .* · \d+ rows?$/);
  const saved = page.getByRole('status').filter({ hasText: 'Report saved to' });
  await expect(saved).toBeVisible();
  await expect(waiting).toHaveCount(0);
  const first = await readFile(/Report saved to (.+\.html)/.exec((await saved.textContent()) ?? '')?.[1] ?? '', 'utf8');
  expect(first).toContain('<h2>Totals per instrument (exact)</h2>');
  expect(first).toContain('<table class="legs">');
  expect(first).not.toMatch(/not run|Not run/);

  // Refresh all, held again: "Save now" writes the panel as running, its last rows said to be from before.
  await page.getByRole('button', { name: 'Refresh all' }).click();
  await expect(state).toHaveText('Running…');
  await page.getByRole('button', { name: 'Save as report' }).click();
  await expect(waiting).toBeVisible();
  await waiting.getByRole('button', { name: 'Save now' }).click();
  await expect(waiting).toHaveCount(0);
  await expect(saved).toBeVisible();
  const second = await readFile(
    /Report saved to (.+\.html)/.exec((await saved.textContent()) ?? '')?.[1] ?? '',
    'utf8',
  );
  expect(second).toContain('<h2>Totals per instrument (exact)</h2>');
  expect(second).toContain('Running again when this report was written');
  expect(second).not.toMatch(/not run|Not run/);
  await release();
  await expect(state).toHaveText(/^Refreshed /);
});
