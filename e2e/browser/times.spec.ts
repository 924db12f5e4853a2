// One way to write a time (docs/times.md), in Chromium against the sandbox: the same texts typed
// into Transfers' From/Before, the Local ledger's sync range and its table filter select the same
// legs, the ones the service holds between the instants those texts name. The browser runs in
// Kolkata (UTC+05:30 all year): a field that read a local time as UTC, or dropped an offset, would
// move a bound by hours and change the count.
import type { Page } from '@playwright/test';
import type { TransferLeg } from '../../src-shared/contract/transfers.ts';
import { readRfc3339 } from '../../src-shared/time/time-text.ts';
import { expect, test } from '../support/web-app.ts';
import { openLocalParty, openSyncOptions, syncToDone } from './local-support.ts';
import { expectPage, fetchLegsOverHttp, openFilters } from './transfers-support.ts';

test.use({ appOptions: { transfers: 3000 }, timezoneId: 'Asia/Kolkata' });

const KOLKATA_MINUTES = 330;
const micros = (leg: TransferLeg) => readRfc3339(leg.effectiveAt)?.micros as bigint;

/** A leg's instant as the wall clock at `offsetMinutes`: "YYYY-MM-DD HH:MM:SS" and its six fraction digits. */
function wall(leg: TransferLeg, offsetMinutes: number): { clock: string; fraction: string } {
  const at = micros(leg);
  const seconds = at / 1_000_000n;
  const clock = new Date(Number(seconds) * 1000 + offsetMinutes * 60_000).toISOString().slice(0, 19).replace('T', ' ');
  return { clock, fraction: String(at % 1_000_000n).padStart(6, '0') };
}

/** Types a range into a From/Before group. */
async function typeRange(page: Page, group: string, from: string, before: string, within = page.locator('body')) {
  const fields = within.getByRole('group', { name: group });
  await fields.getByLabel('From', { exact: true }).fill(from);
  await fields.getByLabel('Before', { exact: true }).fill(before);
  return fields;
}

test('the same typed times select the same legs on Transfers and the Local ledger, the ones between the instants they name', async ({
  app,
  page,
}) => {
  const party = app.sandbox.parties[0];
  const all = (await fetchLegsOverHttp(app, party)).legs.sort((a, b) => (micros(a) < micros(b) ? -1 : 1));
  expect(all.length).toBeGreaterThan(40);
  const between = (from: bigint, before: bigint) => all.filter((l) => micros(l) >= from && micros(l) < before).length;

  // Range 1, bounds exactly at two legs: From a local date and time to the microsecond (the leg is
  // in: inclusive), Before RFC 3339 at -04:00 with 12 fraction digits (the leg is out: exclusive).
  const [first, last] = [all[Math.floor(all.length * 0.2)], all[Math.floor(all.length * 0.8)]];
  const local = wall(first, KOLKATA_MINUTES);
  const newYork = wall(last, -240);
  const range1 = {
    from: `${local.clock}.${local.fraction}`,
    before: `${newYork.clock.replace(' ', 'T')}.${newYork.fraction}000000-04:00`,
    legs: between(micros(first), micros(last)),
  };
  // Range 2, inside range 1: a date alone (local midnight) and a date and time to the minute.
  const [a, b] = [all[Math.floor(all.length * 0.35)], all[Math.floor(all.length * 0.65)]];
  const day = wall(a, KOLKATA_MINUTES).clock.slice(0, 10);
  const minute = wall(b, KOLKATA_MINUTES).clock.slice(0, 16);
  const localMs = (text: string) =>
    Date.parse(`${text.replace(' ', 'T')}${text.length === 10 ? 'T00:00' : ''}:00Z`) - KOLKATA_MINUTES * 60_000;
  const range2 = {
    from: day,
    before: minute,
    legs: between(BigInt(localMs(day)) * 1000n, BigInt(localMs(minute)) * 1000n),
  };
  expect(range1.legs).toBeGreaterThan(range2.legs);
  expect(range2.legs).toBeGreaterThan(0);

  // Transfers: the service's answer for the typed range, one page of up to 1000.
  await app.open(page);
  await page.getByLabel('Page size').selectOption('1000');
  await page.getByLabel('Party id').fill(party);
  for (const range of [range1, range2]) {
    await openFilters(page);
    const fields = await typeRange(page, 'Effective time', range.from, range.before);
    await expect(fields.getByText(/^local \(Asia\/(Kolkata|Calcutta)\)$/)).toHaveCount(2);
    await page.getByRole('button', { name: 'Show transfers' }).click();
    await expectPage(page, 1);
    await expect(page.getByTestId('page-status')).toHaveText(`Page 1 · ${range.legs} legs · last page`);
  }

  // Local ledger: range 1 as the sync range (only its legs are stored), then both ranges as the table's filter.
  await openLocalParty(page, party);
  await openSyncOptions(page);
  const sync = await typeRange(page, 'Sync range', range1.from, range1.before);
  await expect(sync.getByText(/^local \(Asia\/(Kolkata|Calcutta)\)$/)).toHaveCount(2);
  await syncToDone(page);
  await expect(page.getByTestId('local-count')).toHaveText(`${range1.legs.toLocaleString('en')} legs match`);
  const filters = page.getByRole('form', { name: 'Local filters' });
  for (const range of [range1, range2]) {
    await typeRange(page, 'Effective time', range.from, range.before, filters);
    await expect(page.getByTestId('local-count')).toHaveText(`${range.legs.toLocaleString('en')} legs match`);
  }

  // The same wrong range gets the same words, in the fields' labels, on both screens.
  await typeRange(page, 'Effective time', range2.before, range2.from, filters);
  await expect(filters.getByRole('alert')).toHaveText('Before must be later than From');
  await page.getByRole('button', { name: 'Transfers', exact: true }).click();
  await openFilters(page);
  await typeRange(page, 'Effective time', range2.before, range2.from);
  await page.getByRole('button', { name: 'Show transfers' }).click();
  await expect(page.getByRole('form', { name: 'Transfer filters' }).getByRole('alert')).toHaveText(
    'Before must be later than From',
  );
});
