// Untrusted data from the service is shown as text. With `hostileNames` the sandbox ledger sends
// party ids, instrument symbols and statuses carrying HTML and script (`<img src=x onerror=…>`,
// `<script>…</script>`, `<svg onload=…>`, an attribute break-out); the Transfers screen must show
// them literally, create no element from them and run nothing. Had any of them been parsed as HTML,
// the inline handler would either have run (setting window.__pwned) or been refused by the CSP,
// which fails the test through the fixture.
import { shortenParty } from '../../src-renderer/ui/party-format.ts';
import { shortUpdateId } from '../../src-renderer/ui/update-id-format.ts';
import type { TransferLeg } from '../../src-shared/contract/transfers.ts';
import { expect, test } from '../support/web-app.ts';
import { expectPage, fetchPageOverHttp, legRows, showParty } from './transfers-support.ts';

test.use({ appOptions: { transfers: 3000, hostileNames: true } });

const markup = (value: string | null): value is string => value !== null && /<[a-z]|">/.test(value);

test('party ids, symbols and statuses carrying HTML and script are shown literally on the Transfers screen', async ({
  app,
  page,
}) => {
  // An institution: its own id is plain (typeable); its counterparties, symbols and statuses are not.
  const party = app.sandbox.parties[0];
  const { transfers } = await fetchPageOverHttp(app, party, { pageSize: '25' });
  const firstRows = transfers.slice(0, 8);
  // The service really sends markup on the rows the test reads.
  expect(firstRows.filter((leg) => markup(leg.status)).length).toBe(firstRows.length);
  expect(firstRows.some((leg) => markup(leg.symbol))).toBe(true);
  expect(firstRows.some((leg) => markup(leg.counterparty))).toBe(true);

  await app.open(page);
  await showParty(page, party);
  await expectPage(page, 1);
  const rows = legRows(page);

  for (const [i, leg] of firstRows.entries()) {
    const row = rows.nth(i);
    const updateId = row.locator('td[data-column="updateId"] .mono[title]');
    await expect(updateId).toHaveText(shortUpdateId(leg.updateId as string));
    await expect(updateId).toHaveAttribute('title', leg.updateId as string);
    await expect(row.locator('td[data-column="status"]')).toHaveText(leg.status as string);
    await expect(row.locator('td[data-column="symbol"]')).toHaveText(leg.symbol ?? '—');
    const counterparty = row.locator('td[data-column="counterparty"] button');
    await expect(counterparty).toHaveText(shortenParty(leg.counterparty as string));
    await expect(counterparty).toHaveAttribute('title', `Show the transfers of ${leg.counterparty}`);
  }

  // The detail panel shows every field in full, and the raw JSON as text.
  const hostileLeg = firstRows.find((leg) => markup(leg.symbol) && markup(leg.counterparty)) as TransferLeg;
  await rows.nth(firstRows.indexOf(hostileLeg)).click();
  const detail = page.getByRole('complementary', { name: 'Transfer leg details' });
  for (const field of ['counterparty', 'symbol', 'status'] as const) {
    const fact = detail.locator('.fact').filter({ has: page.locator('dt', { hasText: new RegExp(`^${field}$`) }) });
    await expect(fact.locator('dd .mono')).toHaveText(hostileLeg[field] as string);
  }
  await detail.getByText('Raw JSON', { exact: true }).click();
  await expect(detail.locator('pre')).toContainText(JSON.stringify(hostileLeg.symbol));

  // Nothing became an element, nothing ran.
  await expect(page.locator('img[src="x"], [onerror], [onload], [onmouseover], b:text("bold")')).toHaveCount(0);
  expect(
    await page.locator('script').evaluateAll((scripts) => scripts.filter((s) => !s.hasAttribute('src')).length),
  ).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
});
