// Helpers for the transfers browser tests: ask the sandbox directly over HTTP (the truth the
// screen and the exports are compared with), and drive the filter form.
import type { Page } from '@playwright/test';
import type { TransferLeg } from '../../src-shared/contract/transfers.ts';
import { expect, type WebApp } from '../support/web-app.ts';

/** Every leg of `party` for these query parameters, straight from the sandbox with the read-all token. */
export async function fetchLegsOverHttp(
  app: WebApp,
  party: string,
  params: Record<string, string> = {},
): Promise<{ legs: TransferLeg[]; pages: number }> {
  const query = new URLSearchParams({ pageSize: '1000', ...params });
  let url: string | null = `${app.sandbox.baseUrl}/api/v2/parties/${encodeURIComponent(party)}/tokenTransfers?${query}`;
  const legs: TransferLeg[] = [];
  let pages = 0;
  while (url) {
    const response = await fetch(url, { headers: { jwt: app.sandbox.tokens.readAll } });
    expect(response.status, await response.clone().text()).toBe(200);
    const body = (await response.json()) as { transfers: TransferLeg[] | null; nextPageUrl: string | null };
    legs.push(...(body.transfers ?? []));
    pages++;
    url = body.nextPageUrl;
  }
  return { legs, pages };
}

/** One page as the service answers it. */
export async function fetchPageOverHttp(app: WebApp, party: string, params: Record<string, string>) {
  const query = new URLSearchParams(params);
  const response = await fetch(
    `${app.sandbox.baseUrl}/api/v2/parties/${encodeURIComponent(party)}/tokenTransfers?${query}`,
    { headers: { jwt: app.sandbox.tokens.readAll } },
  );
  expect(response.status).toBe(200);
  return (await response.json()) as { transfers: TransferLeg[]; nextPageUrl: string | null };
}

/**
 * A real restart of the renderer. Opening the app's URL again from the app itself is only a
 * fragment change (the bridge token rides in the fragment), which keeps the page and its memory.
 */
export async function reopen(app: WebApp, page: Page): Promise<void> {
  await page.goto('about:blank');
  await app.open(page);
}

/**
 * Unfolds the filter form if a query has run (the form then folds into its one-line bar); a
 * no-op while the form is open. The fold follows the click that ran the query synchronously.
 */
export async function openFilters(page: Page): Promise<void> {
  const bar = page.getByTestId('filter-bar');
  if (await bar.isVisible()) await bar.click();
  await expect(page.getByRole('form', { name: 'Transfer filters' })).toBeVisible();
}

/** Types a party into the form (unfolding it first) and asks for its transfers. */
export async function showParty(page: Page, party: string): Promise<void> {
  await openFilters(page);
  await page.getByLabel('Party id').fill(party);
  await page.getByRole('button', { name: 'Show transfers' }).click();
}

/** The rendered leg rows (virtualized: only those near the viewport exist). */
export const legRows = (page: Page) => page.getByRole('table', { name: 'Transfer legs' }).locator('tbody tr.leg-row');

/** The whole update ids of the rendered leg rows (a cell shows an id shortened, the whole one as its title). */
export const updateIdsOnScreen = (page: Page) =>
  legRows(page)
    .locator('td[data-column="updateId"] .mono[title]')
    .evaluateAll((ids) => ids.map((id) => id.getAttribute('title') ?? ''));

/**
 * Waits until the page on screen is page `n` and has been answered. When it is not, the failure
 * carries what the screen said about it (the problem card's words), so a one-off failure in a full
 * run can be told apart: seen once, "Page 1 could not be loaded" with no cause in the report.
 */
export async function expectPage(page: Page, n: number): Promise<void> {
  try {
    await expect(page.getByTestId('page-status')).toHaveText(new RegExp(`^Page ${n} · \\d+ legs?`));
  } catch (error) {
    const said = await page
      .locator('[role="alert"]')
      .allInnerTexts()
      .catch(() => []);
    throw new Error(`${(error as Error).message}\nThe screen said: ${said.join(' | ') || '(no problem card)'}`);
  }
}

/** RFC 4180 CSV into rows of fields (quoted fields, doubled quotes, CRLF). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
