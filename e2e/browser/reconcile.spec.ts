// Issue 28's "Done when" for reconciliation: a statement CSV holding a missing, an extra and a
// mistyped transfer, reconciled in the Reconcile tab against a party synced through the UI, and each
// of the three named on screen. The statement is the party's own legs over HTTP (the sandbox), with
// those three faults written into it; the file is chosen as a user chooses it (the file input).
import { join, resolve } from 'node:path';
import type { TransferLeg } from '../../src-shared/contract/transfers.ts';
import { expect, test } from '../support/web-app.ts';
import { openLocalParty, syncToDone } from './local-support.ts';
import { fetchLegsOverHttp } from './transfers-support.ts';

test.use({ appOptions: { transfers: 1000 } });

/** The party's books for a leg: negative when it went out; the leg's update id as the reference. */
/** The statuses a statement holds unless the user says otherwise (failed and withdrawn moved nothing). */
const HELD = new Set(['completed', 'pending']);

const lineOf = (leg: TransferLeg, amount = leg.amount as string) =>
  [leg.effectiveAt, leg.counterparty, leg.instrumentId, `${leg.isIncoming ? '' : '-'}${amount}`, leg.updateId].join(
    ',',
  );

test('a statement with a missing, an extra and a mistyped transfer: each is named', async ({ app, page }) => {
  const [party, other] = app.sandbox.parties;
  const { legs: all } = await fetchLegsOverHttp(app, party);
  // The party's books hold what moved: its completed and pending legs (the statuses ticked at first).
  const legs = all
    .filter((l) => l.effectiveAt !== null && l.counterparty !== null && l.amount !== null)
    .filter((l) => HELD.has(l.status as string))
    .sort((a, b) => (a.effectiveAt as string).localeCompare(b.effectiveAt as string));
  const missing = legs[Math.floor(legs.length / 3)];
  const mistyped = legs[Math.floor((2 * legs.length) / 3)];
  const typo = `${mistyped.amount}${(mistyped.amount as string).includes('.') ? '1' : '0'}`;
  const extraAt = legs[Math.floor(legs.length / 2)].effectiveAt as string;
  const lines = ['effective_at,counterparty,instrument,amount,update_id'];
  for (const leg of legs) {
    if (leg !== missing) lines.push(leg === mistyped ? lineOf(leg, typo) : lineOf(leg));
  }
  lines.push(`${extraAt},${other},GHOST,250.00,INV-9`);

  await app.open(page);
  await openLocalParty(page, party);
  await syncToDone(page);
  await page.getByRole('tab', { name: 'Reconcile' }).click();
  await page.getByLabel('Statement CSV file').setInputFiles({
    name: 'statement.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${lines.join('\r\n')}\r\n`),
  });
  // The columns are guessed from the header's names.
  await expect(page.getByLabel('Amount column')).toHaveValue('amount');
  await expect(page.getByLabel('Reference column (the update id)')).toHaveValue('update_id');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByLabel(/Only the statement’s counterparties/).check();
  await page.getByRole('button', { name: 'Reconcile', exact: true }).click();

  const counts = page.getByRole('list', { name: 'Reconciliation counts' });
  await expect(counts).toContainText('1 in the statement only');
  await expect(counts).toContainText('1 in the ledger only');
  await expect(counts).toContainText('1 amount differs');
  await expect(counts).toContainText(`${legs.length - 2} matched`);

  // Each category's table has its own columns; ids are shortened, their full text on the cell.
  const statementOnly = page.getByRole('table', { name: 'In the statement only' });
  await expect(statementOnly.locator('tbody tr')).toHaveCount(1);
  await expect(page.locator('#reconcile-statement-only-says')).toHaveText(
    'No ledger leg with the same counterparty, instrument, direction and amount within 5 min.',
  );
  const extra = statementOnly.locator('tbody tr td');
  await expect(extra.nth(0)).toHaveText(String(lines.length));
  await expect(extra.nth(1).locator('.time-text')).toHaveAttribute('title', new RegExp(`^${extraAt.slice(0, 19)}`));
  await expect(extra.nth(2).locator('[data-full-text]')).toHaveAttribute('data-full-text', other);
  await expect(extra.nth(3)).toHaveText('GHOST');
  await expect(extra.nth(4)).toHaveText('250');
  await expect(extra.nth(5)).toHaveText('INV-9');
  const ledgerOnly = page.getByRole('table', { name: 'In the ledger only' });
  await expect(ledgerOnly.locator('tbody tr')).toHaveCount(1);
  const leg = ledgerOnly.locator('tbody tr td');
  await expect(leg.nth(1).locator('[data-full-text]')).toHaveAttribute(
    'data-full-text',
    missing.counterparty as string,
  );
  await expect(leg.nth(4)).toHaveText(missing.status as string);
  await expect(leg.last().locator('[data-full-text]')).toHaveAttribute('data-full-text', missing.updateId as string);
  const differs = page.getByRole('table', { name: 'Amount differs' });
  await expect(differs.locator('tbody tr')).toHaveCount(1);
  const sign = mistyped.isIncoming ? '' : '-';
  const pair = differs.locator('tbody tr td');
  await expect(pair.nth(5)).toHaveText(new RegExp(`^${sign}[\\d,.]+$`));
  expect((await pair.nth(5).textContent())?.replaceAll(',', '')).toBe(`${sign}${typo}`);
  expect((await pair.nth(6).textContent())?.replaceAll(',', '')).toBe(`${sign}${mistyped.amount}`);
  await expect(pair.last().locator('[data-full-text]')).toHaveAttribute('data-full-text', mistyped.updateId as string);

  await expect(page.getByRole('alert')).toHaveCount(0);
  if (process.env.SCREENSHOTS) {
    await page.getByRole('group', { name: /^Columns/ }).evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: join(resolve(import.meta.dirname, '../..'), 'docs/screenshots/reconcile.png') });
  }
});

test('a withdrawn leg is not reported missing: the statuses a statement holds are chosen, the others counted apart', async ({
  app,
  page,
}) => {
  const party = app.sandbox.parties[0];
  const { legs: all } = await fetchLegsOverHttp(app, party);
  const held = all
    .filter((l) => l.effectiveAt !== null && l.counterparty !== null && l.amount !== null)
    .filter((l) => HELD.has(l.status as string))
    .sort((a, b) => (a.effectiveAt as string).localeCompare(b.effectiveAt as string));
  // The legs of the statement's span (its first and last line, 5 minutes either side) of each status.
  const at = (l: TransferLeg) => Date.parse(l.effectiveAt as string);
  const [from, to] = [at(held[0]) - 300_000, at(held.at(-1) as TransferLeg) + 300_000];
  const inSpan = (status: string) =>
    all.filter((l) => l.status === status && l.effectiveAt !== null && at(l) >= from && at(l) <= to);
  const [failed, withdrawn] = [inSpan('failed'), inSpan('withdrawn')];
  expect(withdrawn.length).toBeGreaterThan(0);
  expect(failed.length).toBeGreaterThan(0);
  const lines = ['effective_at,counterparty,instrument,amount,update_id', ...held.map((l) => lineOf(l))];

  await app.open(page);
  await openLocalParty(page, party);
  await syncToDone(page);
  await page.getByRole('tab', { name: 'Reconcile' }).click();
  await page.getByLabel('Statement CSV file').setInputFiles({
    name: 'statement.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${lines.join('\n')}\n`),
  });
  const statuses = page.getByRole('group', { name: 'Statuses the statement holds' });
  const box = (status: string) => statuses.getByRole('checkbox', { name: new RegExp(`^${status} \\(`) });
  await expect(box('completed')).toBeChecked();
  await expect(box('pending')).toBeChecked();
  await expect(box('failed')).not.toBeChecked();
  await expect(box('withdrawn')).not.toBeChecked();
  await page.getByRole('button', { name: 'Reconcile', exact: true }).click();

  // Every line matched; no withdrawn or failed leg is "in the ledger only": they are counted apart.
  const counts = page.getByRole('list', { name: 'Reconciliation counts' });
  await expect(counts).toContainText(`${held.length.toLocaleString('en')} matched`);
  await expect(counts).toContainText('0 in the statement only');
  const said = page.locator('.reconcile-results > p[role="status"]');
  const legsText = (n: number) => `${n} ${n === 1 ? 'leg' : 'legs'}`;
  await expect(said).toContainText(
    `${legsText(failed.length + withdrawn.length)} of other statuses left out: failed ${failed.length}, withdrawn ${withdrawn.length}.`,
  );
  const statusOf = (table: string) =>
    page
      .getByRole('table', { name: table })
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((tr) => (tr as HTMLTableRowElement).cells[4]?.textContent ?? ''));
  if (await page.getByRole('table', { name: 'In the ledger only' }).count()) {
    expect((await statusOf('In the ledger only')).filter((s) => !HELD.has(s))).toEqual([]);
  }

  // The statement is said to hold withdrawn transfers too: each withdrawn leg is in the ledger only, with its status.
  await box('withdrawn').check();
  await page.getByRole('button', { name: 'Reconcile', exact: true }).click();
  await expect(said).toContainText(`${legsText(failed.length)} of other statuses left out: failed ${failed.length}.`);
  const ledgerOnly = page.getByRole('table', { name: 'In the ledger only' });
  await expect(ledgerOnly.locator('tbody tr td', { hasText: /^withdrawn$/ })).toHaveCount(withdrawn.length);
  expect((await statusOf('In the ledger only')).filter((s) => s === 'withdrawn')).toHaveLength(withdrawn.length);
  const ids = await ledgerOnly
    .locator('tbody tr')
    .filter({ has: page.locator('td', { hasText: /^withdrawn$/ }) })
    .locator('[data-full-text^="1220"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-full-text')));
  expect(ids.sort()).toEqual(withdrawn.map((l) => l.updateId).sort());
});
